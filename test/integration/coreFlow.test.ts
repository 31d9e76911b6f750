/**
 * The core flow against the real agent-browser and Chromium: open → snapshot -i → fill/click with refs →
 * screenshot, through the whole service graph, with the implicit managed session.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { expandRuns } from "../../scripts/lib/snapshotRuns.mjs"

const live = liveWorld()

const refFor = (snapshot: string, role: string, name: string): string => {
  const match = new RegExp(`${role} "${name}"[^\\n]*ref=(e\\d+)`).exec(expandRuns(snapshot))
  if (match?.[1] === undefined) throw new Error(`no ${role} "${name}" in:\n${snapshot}`)
  return `@${match[1]}`
}

describe("core flow", () => {
  let snapshot = ""

  it("open shows title and url first, in a managed session", async () => {
    const result = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    expect(result.isError).toBe(false)
    expect(textOf(result)).toBe(`Opened: Acme Sign-in\nURL: ${live.site.origin}/index.html`)
    const d = result.details
    expect(d.resultCategory).toBe("success")
    expect(d.successCategory).toBe("completed")
    expect(d.command).toBe("open")
    expect(d.usedImplicitSession).toBe(true)
    expect(d.sessionName).toMatch(/^t-[0-9a-f]{8}-[0-9a-f]{6}$/)
    expect(d.effectiveArgs).toEqual(["--json", "--session", d.sessionName, "open", `${live.site.origin}/index.html`])
    expect(d.binary).toEqual({ version: "0.41.2", native: true })
    expect(JSON.stringify(d)).not.toContain("lifecycle")
  })

  it("snapshot -i returns the tree with refs", async () => {
    const result = await live.tool.call({ args: ["snapshot", "-i"] })
    snapshot = textOf(result)
    expect(result.isError).toBe(false)
    // the page is the one `open` just reported: no "Snapshot of" header repeats it
    expect(snapshot).not.toContain("Snapshot of")
    expect(snapshot).toMatch(/textbox "Email" \[ref=e\d+\]/)
    expect(result.details.summary).toMatch(/^Snapshot: \d+ refs on /)
  })

  it("fill and click with refs navigate, and the click reports the new page", async () => {
    const email = refFor(snapshot, "textbox", "Email")
    const filled = await live.tool.call({ args: ["fill", email, "ada@example.com"] })
    expect(textOf(filled)).toBe(`Filled ${email}: it now holds "ada@example.com"`)
    const button = refFor(snapshot, "button", "Sign in")
    const clicked = await live.tool.call({ args: ["click", button] })
    expect(clicked.isError).toBe(false)
    expect(textOf(clicked)).toContain(`Clicked ${button}`)
    expect(textOf(clicked)).toContain("Page: Welcome — ")
    expect(clicked.details.navigationSummary?.title).toBe("Welcome")
    expect(clicked.details.navigationSummary?.url).toContain("/welcome.html?email=ada%40example.com")
    const who = await live.tool.call({ args: ["get", "text", "#who"] })
    expect(textOf(who)).toBe(`Signed in as ada@example.com\n(from ${live.site.origin})`)
  })

  it("screenshot returns the saved path and an inline PNG", async () => {
    const path = join(live.world.root, "shots", "welcome.png")
    const result = await live.tool.call({ args: ["screenshot", path] })
    expect(result.isError).toBe(false)
    expect(result.details.successCategory).toBe("artifact-saved")
    expect(result.details.imagePath).toBe(path)
    expect(result.details.artifacts?.[0]).toMatchObject({
      kind: "screenshot",
      path,
      exists: true,
      mediaType: "image/png"
    })
    expect(existsSync(path)).toBe(true)
    const image = result.content.find((c) => c.type === "image")
    expect(image).toMatchObject({ type: "image", mimeType: "image/png" })
    expect(
      Buffer.from((image as { data: string }).data, "base64")
        .subarray(1, 4)
        .toString()
    ).toBe("PNG")
  })

  it("get url is scalar-first and spawns exactly one process", async () => {
    const result = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(result)).toContain("/welcome.html?email=")
    expect(result.details.data).toEqual({ url: textOf(result) })
  })

  it("tab list is readable", async () => {
    const result = await live.tool.call({ args: ["tab", "list"] })
    expect(textOf(result)).toMatch(/^1 tab\(s\):\n→ \[t\d+\] /)
  })

  it("eval --stdin with the script mistakenly in args is moved to stdin", async () => {
    const result = await live.tool.call({ args: ["eval", "--stdin", "document.title"] })
    expect(result.isError).toBe(false)
    expect(textOf(result)).toBe(`Welcome\n(from ${live.site.origin})`)
    expect(result.details.args).toEqual(["eval", "--stdin"])
  })

  it("batch presents each step", async () => {
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["get", "title"],
        ["get", "text", "h1"]
      ])
    })
    expect(result.isError).toBe(false)
    expect(textOf(result)).toContain("✓ 2/2 steps")
    expect(result.details.batchSteps?.map((s) => s.resultCategory)).toEqual(["success", "success"])
  })

  it("--version is a stateless inspection call", async () => {
    const result = await live.tool.call({ args: ["--version"] })
    expect(result.details.successCategory).toBe("inspection")
    expect(result.details.inspection).toBe(true)
    expect(result.details.stdout).toContain("0.41.2")
    expect(result.details.usedImplicitSession).toBeUndefined()
    expect(result.details.effectiveArgs).toEqual(["--version"])
  })
})
