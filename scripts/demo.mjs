// The main job on its embedded default: real pi (the newest installed), with a scripted model, drives the agent_browser
// tool through a real Chromium against a page this package serves itself (offline), and prints what the model saw.
//   open → snapshot -i → fill/click with @refs → get text → screenshot
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PI_NEWEST, REPO, runPi } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"

const site = await startStaticServer(join(REPO, "fixtures/site"))
const root = mkdtempSync(join(tmpdir(), "piab-demo-"))
const outDir = join(REPO, ".demo-output")
mkdirSync(outDir, { recursive: true })
const shot = join(outDir, "welcome.png")

const steps = [
  { tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } },
  { tool: "agent_browser", args: { args: ["snapshot", "-i"] } },
  { tool: "agent_browser", args: { args: ["fill", "{{ref:textbox:Email}}", "ada@example.com"] } },
  { tool: "agent_browser", args: { args: ["fill", "{{ref:textbox:Password}}", "correct-horse-battery"] } },
  { tool: "agent_browser", args: { args: ["click", "{{ref:button:Sign in}}"] } },
  { tool: "agent_browser", args: { args: ["get", "text", "#who"] } },
  { tool: "agent_browser", args: { args: ["screenshot", shot] } },
  { text: "Signed in as ada@example.com; the welcome page screenshot is saved." }
]

const [piVersion] = PI_NEWEST
let failed = false
try {
  const started = Date.now()
  const run = await runPi({
    root,
    steps,
    prompt: "Sign in to the demo app as ada@example.com and show me the welcome page."
  })
  const ends = run.events.filter((e) => e.type === "tool_execution_end")
  const starts = new Map(run.events.filter((e) => e.type === "tool_execution_start").map((e) => [e.toolCallId, e.args]))
  console.log(
    `pi ${piVersion} ran the agent_browser tool ${ends.length} times against ${site.origin} (offline, real Chromium)\n`
  )
  for (const [i, end] of ends.entries()) {
    const args = starts.get(end.toolCallId) ?? {}
    console.log(`── call ${i + 1}: agent_browser ${JSON.stringify(args)}`)
    for (const part of end.result?.content ?? []) {
      if (part.type === "text")
        console.log(
          part.text
            .split("\n")
            .map((l) => `   ${l}`)
            .join("\n")
        )
      else
        console.log(`   [${part.type}: ${part.mimeType}, ${Math.round((part.data.length * 3) / 4 / 1024)} KiB inline]`)
    }
    const d = end.result?.details ?? {}
    console.log(
      `   → ${end.isError ? "ERROR" : "ok"} · ${d.resultCategory}/${d.successCategory ?? d.failureCategory} · session ${d.sessionName ?? "-"}\n`
    )
    if (end.isError) failed = true
  }
  const last = run.events.filter((e) => e.type === "message_end" && e.message?.role === "assistant").at(-1)
  const finalText = last?.message?.content?.find?.((c) => c.type === "text")?.text
  if (finalText) console.log(`model: ${finalText}`)
  console.log(`screenshot: ${shot}`)
  console.log(`pi exit code ${run.code}; ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (run.code !== 0 || ends.length !== steps.length - 1) {
    failed = true
    console.error(run.stderr)
  }
} finally {
  await site.close()
  rmSync(root, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
