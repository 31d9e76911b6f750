/**
 * The real tool inside real pi (0.87.1 on node 24, scripted faux model) against a real Chromium: what the model
 * sees, what pi marks as errors, what lands in the session file, and that quitting pi leaves nothing running.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PI_CLIS, PI_OLDEST_AND_NEWEST, type PiRun, REPO, runPi } from "../../scripts/lib/runPi.mjs"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { processesMentioning } from "../support/processes.js"
import { TEST_MARKER } from "../support/liveEnv.js"

let site: StaticServer
const roots: Array<string> = []

beforeAll(async () => {
  if (!existsSync(join(REPO, "dist/extension.js"))) throw new Error("run `npm run build` first (npm test does)")
  site = await startStaticServer(join(REPO, "fixtures/site"))
})

afterAll(async () => {
  await site?.close()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}pi-`))
  roots.push(root)
  return root
}

const toolEnds = (run: PiRun) => run.events.filter((e) => e.type === "tool_execution_end")
const text = (end: Record<string, any>): string =>
  (end["result"]?.content ?? [])
    .filter((c: any) => c.type === "text")
    .map((c: any) => c.text)
    .join("\n")

describe.each(PI_CLIS)("agent_browser in real pi %s", (_version, cli) => {
  let run: PiRun
  let root: string

  beforeAll(async () => {
    root = newRoot()
    run = await runPi({
      cli,
      root,
      prompt: "Sign in as ada@example.com",
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } },
        { tool: "agent_browser", args: { args: ["snapshot", "-i"] } },
        { tool: "agent_browser", args: { args: ["fill", "{{ref:textbox:Email}}", "ada@example.com"] } },
        { tool: "agent_browser", args: { args: ["fill", "{{ref:textbox:Password}}", "pi-secret-pass-77"] } },
        { tool: "agent_browser", args: { args: ["click", "{{ref:button:Sign in}}"] } },
        { tool: "agent_browser", args: { args: ["click", "@e999"] } },
        { tool: "agent_browser", args: { args: [] } },
        { tool: "agent_browser", args: { args: ["screenshot", "shot.png"] } },
        { text: "done" }
      ]
    })
  }, 120_000)

  it("pi exits cleanly after the scripted turn", () => {
    expect(PI_CLIS.length).toBe(3)
    expect(run.code, run.stderr).toBe(0)
    expect(toolEnds(run)).toHaveLength(8)
  })

  it("the system prompt names the installed docs, and they are there", () => {
    const prompt = run.systemPrompt()
    expect(prompt).toContain(`Docs in ${REPO}: README.md, docs/TOOL_CONTRACT.md, docs/COMMAND_REFERENCE.md.`)
    for (const doc of ["README.md", "docs/TOOL_CONTRACT.md", "docs/COMMAND_REFERENCE.md"])
      expect(existsSync(join(REPO, doc)), doc).toBe(true)
  })

  it("the model sees useful text and structured details for each step", () => {
    const [open, snapshot, , , click] = toolEnds(run)
    expect(text(open ?? {})).toBe(`Opened: Acme Sign-in\nURL: ${site.origin}/index.html`)
    expect(open?.["isError"]).toBe(false)
    expect(open?.["result"].details).toMatchObject({
      command: "open",
      resultCategory: "success",
      successCategory: "completed",
      usedImplicitSession: true,
      sessionMode: "auto"
    })
    expect(text(snapshot ?? {})).toMatch(/button "Sign in" \[ref=e\d+\]/)
    expect(text(click ?? {})).toContain("Page: Welcome — ")
  })

  it("failures are real pi errors with a stable category", () => {
    const stale = toolEnds(run)[5]
    expect(stale?.["isError"]).toBe(true)
    expect(stale?.["result"].details.failureCategory).toMatch(/stale-ref|selector-not-found/)
    expect(stale?.["result"].details.nextActions[0].id).toBe("refresh-interactive-refs")
  })

  it("pi validates input against the schema derived from the Effect Schema", () => {
    const invalid = toolEnds(run)[6]
    expect(invalid?.["isError"]).toBe(true)
    expect(text(invalid ?? {})).toMatch(/args/)
  })

  it("a relative screenshot path resolves against pi's cwd and comes back as an inline image", () => {
    const shot = toolEnds(run)[7]
    expect(shot?.["isError"]).toBe(false)
    expect(shot?.["result"].details.imagePath).toBe(join(root, "home", "shot.png"))
    expect(existsSync(join(root, "home", "shot.png"))).toBe(true)
    expect(shot?.["result"].content.some((c: any) => c.type === "image" && c.mimeType === "image/png")).toBe(true)
  })

  it("the session file holds small details, the failure flag, and never the password in a tool result", () => {
    const entries = run.sessionEntries()
    const results = entries.filter((e) => e["type"] === "message" && e["message"]?.role === "toolResult")
    expect(results).toHaveLength(8)
    expect(results.map((r) => r["message"].isError)).toEqual([false, false, false, false, false, true, true, false])
    expect(results[0]?.["message"].details.managedSession).toMatchObject({ active: true })
    // The model's own tool call necessarily holds what it typed; nothing the tool returned may (the GET form also
    // puts the password into the next page's URL, which the click result reports).
    const leaked = results
      .filter((r) => JSON.stringify(r).includes("pi-secret-pass-77"))
      .map((r) => r["message"].toolCallId)
    expect(leaked).toEqual([])
    for (const r of results) expect(JSON.stringify(r["message"].details ?? {}).length).toBeLessThan(4096)
  })

  it("quitting pi closes the managed browser and removes its private temp files", () => {
    expect(processesMentioning(root)).toEqual([])
    const artifacts = join(root, "artifacts")
    expect(existsSync(artifacts) ? readdirSync(artifacts) : []).toEqual([])
  })
})

describe("secrets in real pi", () => {
  it("no secret from a cookie, storage, header, URL, password field or page text reaches a tool result in the session file", async () => {
    const root = newRoot()
    const page = `${site.origin}/secrets.html`
    const run = await runPi({
      root,
      prompt: "exercise secrets",
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${page}?token=LEAKPI1-url-token`] } },
        { tool: "agent_browser", args: { args: ["cookies", "set", "sid", "LEAKPI2-cookie", "--url", site.origin] } },
        { tool: "agent_browser", args: { args: ["cookies"] } },
        { tool: "agent_browser", args: { args: ["storage", "local", "set", "authToken", "LEAKPI3-storage"] } },
        { tool: "agent_browser", args: { args: ["storage", "local"] } },
        { tool: "agent_browser", args: { args: ["fill", "#password", "LEAKPI4-password"] } },
        {
          tool: "agent_browser",
          args: {
            args: ["eval", "--stdin"],
            stdin: "document.querySelector('#password').value + ' ' + document.cookie"
          }
        },
        {
          tool: "agent_browser",
          args: {
            args: [
              "--session",
              "pi-hdr",
              "--headers",
              JSON.stringify({ Authorization: "Bearer LEAKPI5-header" }),
              "open",
              page
            ]
          }
        },
        { tool: "agent_browser", args: { args: ["--session", "pi-hdr", "close"] } },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const results = run.sessionEntries().filter((e) => e["type"] === "message" && e["message"]?.role === "toolResult")
    expect(results).toHaveLength(9)
    const leaks = results.flatMap((r) => JSON.stringify(r).match(/LEAKPI\d[\w-]*/g) ?? [])
    expect(leaks).toEqual([])
    expect(processesMentioning(root)).toEqual([])
  })
})

describe("the strict security policy and a configured secret in real pi", () => {
  it("refusals are pi errors with details.policy; the secret is typed yet never in the session file; page text is marked", async () => {
    const root = newRoot()
    const SECRET = "Qz7vX-Kp93wLm2-R8yT"
    const config = join(root, "piab-config.json")
    writeFileSync(
      config,
      JSON.stringify({
        security: { preset: "strict" },
        secrets: { APP_PW: { value: "$PIAB_E2E_PW", origins: [site.origin] } }
      })
    )
    const page = `${site.origin}/login-echo.html`
    const run = await runPi({
      root,
      prompt: "sign in",
      env: { PI_AGENT_BROWSER_CONFIG: config, PIAB_E2E_PW: SECRET },
      steps: [
        { tool: "agent_browser", args: { args: ["open", page] } },
        { tool: "agent_browser", args: { args: ["fill", "#pw", "typed-by-the-model"] } },
        { tool: "agent_browser", args: { args: ["fill", "#pw", "{{secret:APP_PW}}"] } },
        { tool: "agent_browser", args: { args: ["get", "title"] } },
        { tool: "agent_browser", args: { args: ["snapshot"] } },
        { tool: "agent_browser", args: { args: ["console"] } },
        { tool: "agent_browser", args: { args: ["eval", "document.title"] } },
        { tool: "agent_browser", args: { args: ["open", "file:///etc/hostname"] } },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const ends = toolEnds(run)
    expect(ends.map((e) => e["isError"])).toEqual([false, true, false, false, false, false, true, true])
    const rules = ends.map((e) => e["result"]?.details?.policy?.rule)
    expect(rules).toEqual([
      undefined,
      "passwordFields",
      undefined,
      undefined,
      undefined,
      undefined,
      "eval",
      "blockedSchemes"
    ])
    expect(text(ends[3]!)).toMatch(/--- AGENT_BROWSER_PAGE_CONTENT nonce=[0-9a-f]{16}/)
    expect(text(ends[3]!)).toContain("Sign in [REDACTED")
    const results = run.sessionEntries().filter((e) => e["type"] === "message" && e["message"]?.role === "toolResult")
    expect(results).toHaveLength(8)
    const pieces = Array.from({ length: SECRET.length - 4 }, (_, i) => SECRET.slice(i, i + 5))
    const stored = JSON.stringify(run.sessionEntries())
    expect(pieces.filter((p) => stored.includes(p))).toEqual([])
    expect(stored).toContain("{{secret:APP_PW}}")
    expect(processesMentioning(root)).toEqual([])
  }, 120_000)
})

describe.each(PI_OLDEST_AND_NEWEST)("resuming a session of real pi %s", (_version, cli) => {
  it("follows the same managed session name and keeps earlier spill files usable", async () => {
    const root = newRoot()
    const first = await runPi({
      root,
      cli,
      prompt: "read the article",
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/article.html`] } },
        { tool: "agent_browser", args: { args: ["snapshot"] } },
        { text: "read it" }
      ]
    })
    expect(first.code, first.stderr).toBe(0)
    const [, snapshot] = toolEnds(first)
    const spill = snapshot?.["result"].details.fullOutputPath as string
    const session = snapshot?.["result"].details.sessionName as string
    expect(spill).toContain(join(root, "home", ".pi", "agent-browser", "artifacts"))
    expect(existsSync(spill)).toBe(true)
    expect(processesMentioning(root)).toEqual([])

    const second = await runPi({
      root,
      cli,
      prompt: "continue",
      args: ["-c"],
      steps: [{ tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } }, { text: "ok" }]
    })
    expect(second.code, second.stderr).toBe(0)
    const [resumed] = toolEnds(second)
    expect(resumed?.["isError"]).toBe(false)
    expect(resumed?.["result"].details.sessionName).toBe(session)
    expect(existsSync(spill)).toBe(true)
    expect(readFileSync(spill, "utf8")).toContain("Paragraph 59")
    expect(processesMentioning(root)).toEqual([])
  })
})

describe.each(PI_CLIS)("the requested-artifacts close guard in real pi %s", (_version, cli) => {
  it("a close before the prompt's screenshot exists is refused; after the screenshot it closes", async () => {
    const root = newRoot()
    const run = await runPi({
      cli,
      root,
      prompt: "Open the home page, save a screenshot to proof.png, then close the browser.",
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } },
        { tool: "agent_browser", args: { args: ["close"] } },
        { tool: "agent_browser", args: { args: ["screenshot", "proof.png"] } },
        { tool: "agent_browser", args: { args: ["close"] } },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const [, early, shot, late] = toolEnds(run)
    expect(early?.["isError"]).toBe(true)
    expect(early?.["result"].details.failureCategory).toBe("policy-blocked")
    expect(early?.["result"].details.promptGuard).toMatchObject({
      reason: "requested-artifacts-missing-before-close",
      missingPaths: [join(root, "home", "proof.png")]
    })
    expect(shot?.["isError"], text(shot ?? {})).toBe(false)
    expect(late?.["isError"], text(late ?? {})).toBe(false)
    expect(existsSync(join(root, "home", "proof.png"))).toBe(true)
  }, 120_000)
})
