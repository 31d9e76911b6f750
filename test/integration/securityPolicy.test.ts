/**
 * The security policy against the real agent-browser and Chromium (issue 16): every strict rule × every mode that
 * can express it (`args`, raw `batch`, `job`, `semanticAction`, `qa`), each refused as `policy-blocked` with
 * `details.policy.rule` and a next action where one exists; preflight refusals start no upstream process (no daemon
 * exists after them); runtime refusals type nothing (the page's own state says so); and the same calls succeed
 * under the standard preset.
 */
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "../support/harness.js"
import { REPO } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const SECRET = "Zq8-policy-secret-41xw"
const strict = liveWorld({
  env: { PIAB_TEST_APP_PW: SECRET },
  config: (site) => ({
    security: { preset: "strict" },
    secrets: { APP_PW: { value: "$PIAB_TEST_APP_PW", origins: [site.origin] } }
  })
})
const standard = liveWorld()

const login = (origin: string) => `${origin}/login-echo.html`
/** The same server under another origin: localhost instead of 127.0.0.1. */
const otherOrigin = (origin: string) => origin.replace("127.0.0.1", "localhost")
const fileUrl = `file://${join(REPO, "fixtures/site/about.html")}`

const expectBlocked = (result: ToolResult, rule: string, label: string) => {
  expect(result.isError, `${label}: ${textOf(result)}`).toBe(true)
  expect(result.details.failureCategory, label).toBe("policy-blocked")
  expect(result.details.policy, label).toMatchObject({ rule, preset: "strict" })
  expect(textOf(result).toLowerCase(), label).toContain(`rule ${rule}`.toLowerCase())
  expect(POLICY_ACTIONS, label).toContain(result.details.nextActions?.[0]?.id)
}
const POLICY_ACTIONS = [
  "read-page-without-script",
  "type-configured-secret",
  "check-page-origin",
  "inspect-after-policy-block"
]

/** The strict world's managed browser, read directly with the raw binary (the page's own state). */
let managedSession = ""
const rawValue = (world: typeof strict, selector: string): string =>
  rawData<{ value: string }>(world.world, managedSession, ["get", "value", selector]).value

/** Preflight refusals: decided from the input alone, before any process. */
const PREFLIGHT: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
  ["blockedSchemes", "args", { args: ["open", fileUrl] }],
  ["blockedSchemes", "batch", { args: ["batch"], stdin: JSON.stringify([["open", "data:text/html,<h1>hi</h1>"]]) }],
  ["blockedSchemes", "job", { job: { steps: [{ action: "open", url: "view-source:http://127.0.0.1/" }] } }],
  ["blockedSchemes", "qa", { qa: { url: fileUrl } }],
  ["eval", "args", { args: ["eval", "document.title"] }],
  ["eval", "args wait --fn", { args: ["wait", "--fn", "true"] }],
  ["eval", "args route --body", { args: ["network", "route", "**/app.js", "--body", "{}"] }],
  ["eval", "batch", { args: ["batch", "get title", "eval document.cookie"] }],
  ["uploadRoots", "args", { args: ["upload", "#upload", "/etc/hostname"] }],
  ["uploadRoots", "batch", { args: ["batch"], stdin: JSON.stringify([["upload", "#upload", "/etc/hostname"]]) }],
  ["secret-origin", "args open", { args: ["open", "http://127.0.0.1/?p={{secret:APP_PW}}"] }],
  [
    "secret-origin",
    "job selector",
    { job: { steps: [{ action: "fill", selector: "#{{secret:APP_PW}}", text: "x" }] } }
  ],
  [
    "secret-origin",
    "semanticAction name",
    { semanticAction: { action: "fill", locator: "label", value: "{{secret:APP_PW}}", text: "x" } }
  ]
]

describe("strict preset: preflight refusals", () => {
  it("refuses each rule in each mode before any process runs", async () => {
    const rows: Array<string> = []
    for (const [rule, mode, input] of PREFLIGHT) {
      const result = await strict.tool.call(input)
      expectBlocked(result, rule, `${rule} × ${mode}`)
      rows.push(`${rule} × ${mode}: policy-blocked, next action ${result.details.nextActions?.[0]?.id ?? "none"}`)
    }
    // nothing was launched: no daemon of any session exists in this world's socket folder
    expect(readdirSync(strict.world.config.socketDir).filter((f) => f.endsWith(".pid") || f.endsWith(".sock"))).toEqual(
      []
    )
    console.log(`[policy matrix]\n${rows.join("\n")}`)
  })

  it("an eval refusal points at reading the page instead; an unknown secret is a validation error naming the known ones", async () => {
    const evalRefused = await strict.tool.call({ args: ["eval", "1+1"] })
    expect(evalRefused.details.nextActions?.[0]).toMatchObject({
      id: "read-page-without-script",
      params: { args: expect.arrayContaining(["snapshot", "-i"]) }
    })
    const unknown = await strict.tool.call({ args: ["fill", "#pw", "{{secret:NOPE}}"] })
    expect(unknown.details.failureCategory).toBe("validation-error")
    expect(textOf(unknown)).toContain("APP_PW")
  })
})

describe("strict preset: runtime refusals at the page", () => {
  beforeAll(async () => {
    const opened = await strict.tool.call({ args: ["open", login(strict.site.origin)] })
    managedSession = opened.details.sessionName ?? ""
  }, 60_000)

  it("a literal into a password field is refused in every mode and nothing is typed; a literal into a text field works", async () => {
    const cases: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
      ["args", { args: ["fill", "#pw", "hunter2"] }],
      ["batch", { args: ["batch"], stdin: JSON.stringify([["fill", "#pw", "hunter2"]]) }],
      ["job", { job: { steps: [{ action: "fill", selector: "#pw", text: "hunter2" }] } }],
      ["semanticAction", { semanticAction: { action: "fill", locator: "label", value: "Password", text: "hunter2" } }],
      ["keyboard after focus", { args: ["batch", "focus #pw", "keyboard type hunter2"] }]
    ]
    for (const [mode, input] of cases) {
      const result = await strict.tool.call(input)
      expectBlocked(result, "passwordFields", `passwordFields × ${mode}`)
      expect(rawValue(strict, "#pw"), mode).toBe("")
    }
    const refused = await strict.tool.call({ args: ["fill", "#pw", "hunter2"] })
    expect(refused.details.nextActions?.[0]).toMatchObject({
      id: "type-configured-secret",
      params: { args: ["fill", "#pw", "{{secret:APP_PW}}"] }
    })
    const user = await strict.tool.call({ args: ["fill", "#user", "alice"] })
    expect(user.isError, textOf(user)).toBe(false)
    expect(rawValue(strict, "#user")).toBe("alice")
  })

  it("a secret is typed on its origin and refused on another, also after a navigation inside one job", async () => {
    const typed = await strict.tool.call({ args: ["fill", "#pw", "{{secret:APP_PW}}"] })
    expect(typed.isError, textOf(typed)).toBe(false)
    expect(rawValue(strict, "#pw")).toBe(SECRET)
    const elsewhere = otherOrigin(strict.site.origin)
    await strict.tool.call({ args: ["open", login(elsewhere)] })
    const direct = await strict.tool.call({ args: ["fill", "#pw", "{{secret:APP_PW}}"] })
    expectBlocked(direct, "secret-origin", "secret-origin × args")
    expect(direct.details.policy?.origin).toBe(elsewhere)
    expect(rawValue(strict, "#pw")).toBe("")
    const batched = await strict.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([["fill", "#pw", "{{secret:APP_PW}}"]])
    })
    expectBlocked(batched, "secret-origin", "secret-origin × batch")
    expect(rawValue(strict, "#pw")).toBe("")
    const job = await strict.tool.call({
      job: {
        steps: [
          { action: "open", url: login(strict.site.origin) },
          { action: "open", url: login(elsewhere) },
          { action: "fill", selector: "#pw", text: "{{secret:APP_PW}}" }
        ]
      }
    })
    expectBlocked(job, "secret-origin", "secret-origin × job")
    expect(rawValue(strict, "#pw")).toBe("")
    for (const text of [textOf(direct), textOf(job), JSON.stringify(direct.details), JSON.stringify(job.details)])
      expect(text).not.toContain(SECRET)
  })

  it("a diagnostic whose follow-up would run page script does not offer it under eval deny", async () => {
    await strict.tool.call({ args: ["open", `${strict.site.origin}/diagnostics.html`] })
    const read = await strict.tool.call({ args: ["get", "text", ".panel-title"] })
    expect(read.isError, textOf(read)).toBe(false)
    expect(read.details.selectorTextVisibility).toBeDefined()
    expect((read.details.nextActions ?? []).map((a) => a.id)).not.toContain("inspect-visible-text-candidates")
  })

  it("uploads read only real paths under the roots (a symlink out is refused); one inside works", async () => {
    mkdirSync(join(strict.world.root, "uploads"), { recursive: true })
    writeFileSync(join(strict.world.root, "uploads", "ok.txt"), "ok")
    symlinkSync("/etc/hostname", join(strict.world.root, "uploads", "escape.txt"))
    await strict.tool.call({ args: ["open", login(strict.site.origin)] })
    expectBlocked(
      await strict.tool.call({ args: ["upload", "#upload", "uploads/escape.txt"] }),
      "uploadRoots",
      "uploadRoots × symlink"
    )
    const ok = await strict.tool.call({ args: ["upload", "#upload", "uploads/ok.txt"] })
    expect(ok.isError, textOf(ok)).toBe(false)
  })
})

describe("standard preset: the same calls run", () => {
  it("file:// and data: pages open, eval and wait --fn run, literals reach a password field, uploads read the call's folder", async () => {
    writeFileSync(join(standard.world.root, "upload-me.txt"), "ok")
    const calls: ReadonlyArray<Record<string, unknown>> = [
      { args: ["open", fileUrl] },
      { args: ["batch"], stdin: JSON.stringify([["open", "data:text/html,<h1>hi</h1>"]]) },
      { job: { steps: [{ action: "open", url: fileUrl }] } },
      { qa: { url: fileUrl } },
      { args: ["eval", "document.title"] },
      { args: ["wait", "--fn", "true"] },
      { args: ["batch", "get title", "eval document.title"] },
      { args: ["open", login(standard.site.origin)] },
      { args: ["fill", "#pw", "hunter2"] },
      { job: { steps: [{ action: "fill", selector: "#pw", text: "hunter2" }] } },
      { semanticAction: { action: "fill", locator: "label", value: "Password", text: "hunter2" } },
      { args: ["upload", "#upload", "upload-me.txt"] }
    ]
    for (const input of calls) {
      const result = await standard.tool.call(input)
      expect(result.isError, `${JSON.stringify(input)}: ${textOf(result)}`).toBe(false)
    }
  })

  it("an upload by a relative path sends the file's bytes (not an empty file of that name) and says which file; a missing file is refused", async () => {
    writeFileSync(join(standard.world.root, "notes.txt"), "twelve bytes")
    await standard.tool.call({ args: ["open", login(standard.site.origin)] })
    const size = async () =>
      textOf(await standard.tool.call({ args: ["eval", "String(document.querySelector('#upload').files[0]?.size)"] }))
    const sent = await standard.tool.call({ args: ["upload", "#upload", "notes.txt"] })
    // before: `upload #upload: done {"uploaded": 1}` while the page's file had 0 bytes (upstream passed "notes.txt" on)
    expect(textOf(sent)).toContain(`Uploaded 1 file(s) to #upload: ${join(standard.world.root, "notes.txt")}`)
    expect(await size()).toContain("12")
    const batch = await standard.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([["upload", "#upload", "upload-me.txt"]])
    })
    expect(batch.isError, textOf(batch)).toBe(false)
    expect(await size()).toContain("2")
    const missing = await standard.tool.call({ args: ["upload", "#upload", "no-such-file.txt"] })
    expect(missing.details.failureCategory).toBe("validation-error")
    expect(textOf(missing)).toContain(
      `upload file ${join(standard.world.root, "no-such-file.txt")} does not exist; nothing was sent`
    )
  })

  it("an upload from outside the call's folder is refused by default, naming the setting that allows it and what to do", async () => {
    const refused = await standard.tool.call({ args: ["upload", "#upload", "/etc/hostname"] })
    expect(refused.details.failureCategory).toBe("policy-blocked")
    expect(refused.details.policy).toMatchObject({ rule: "uploadRoots", preset: "standard", source: "default" })
    expect(textOf(refused)).toContain(`upload reads only files under ${standard.world.root}`)
    expect(textOf(refused)).toContain(
      "Copy the file into an allowed folder and upload it from there; a human allows another folder with security.uploadRoots in ~/.pi/config/pi-agent-browser-effect/config.json"
    )
  })
})

describe("strict preset: a refused file page names the setting", () => {
  it("file:// is refused naming security.blockedSchemes and serving over http", async () => {
    const refused = await strict.tool.call({ args: ["open", fileUrl] })
    expect(textOf(refused)).toContain(
      "Serve local files over http(s) instead (e.g. python3 -m http.server in their folder); a human allows the scheme by removing it from security.blockedSchemes in ~/.pi/config/pi-agent-browser-effect/config.json"
    )
  })
})
