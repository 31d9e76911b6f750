/** Diagnostic and status families against the real agent-browser: counts first, stable fields, nothing secret. */
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/console.html`] })
  await live.tool.call({ args: ["wait", "300"] })
})

describe("diagnostic families", () => {
  it("network requests: counts, actionable failures first", async () => {
    const text = textOf(await live.tool.call({ args: ["network", "requests"] }))
    expect(text).toMatch(
      /^\d+ requests \(session aggregate since the last --clear\): \d+ failed \(1 actionable, \d+ benign icon probes\)/
    )
    expect(text.split("\n")[1]).toMatch(/GET .*\/missing\.json \(Fetch\) 404/)
  })

  it("console: counts by level, then messages", async () => {
    const text = textOf(await live.tool.call({ args: ["console"] }))
    expect(text).toMatch(/^\d+ console messages \(session aggregate since the last --clear; \d+ errors, 1 warnings\)/)
    expect(text).toContain("[log] hello from log 42")
    expect(text).toContain("[warning] warn message")
  })

  it("console: a page that logs more than upstream keeps is told that older messages were dropped", async () => {
    await live.tool.call({ args: ["eval", "for (let i = 0; i < 1500; i++) console.log('flood ' + i)"] })
    const text = textOf(await live.tool.call({ args: ["console"] }))
    expect(text).toMatch(
      /^1000 console messages \(session aggregate since the last --clear; \d+ errors, \d+ warnings\); the buffer is full, so older messages were dropped/
    )
    expect(text).toContain("[log] flood 1499")
    await live.tool.call({ args: ["console", "--clear"] })
  })

  it("errors: one line per page error with its location", async () => {
    const text = textOf(await live.tool.call({ args: ["errors"] }))
    expect(text).toMatch(/^1 page errors\nError: boom uncaught \(at /)
  })

  it("cookies: names, values and flags; a benign value is shown (#41), credential-like ones are hidden", async () => {
    const result = await live.tool.call({ args: ["cookies"] })
    expect(textOf(result)).toMatch(/^1 cookies\nvisited=yes — 127\.0\.0\.1\//)
  })

  it("storage: benign QA values stay visible", async () => {
    expect(textOf(await live.tool.call({ args: ["storage", "local"] }))).toBe("1 local storage entries\ntheme: dark")
  })

  it("dialog status before and while a confirm is open", async () => {
    expect(textOf(await live.tool.call({ args: ["dialog", "status"] }))).toBe("No dialog is open.")
    await live.tool.call({ args: ["click", "#ask"] })
    expect(textOf(await live.tool.call({ args: ["dialog", "status"] }))).toContain(
      'A confirm dialog is open: "Proceed?"'
    )
    expect((await live.tool.call({ args: ["dialog", "dismiss"] })).isError).toBe(false)
  })

  it("a command an open confirm refuses: its first next action answers the dialog, after which the command works", async () => {
    await live.tool.call({ args: ["click", "#ask"] })
    const refused = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toContain("dialog is blocking the page")
    const [first, second] = refused.details.nextActions ?? []
    expect(first?.params?.args?.slice(-2)).toEqual(["dialog", "dismiss"])
    expect(second?.params?.args?.slice(-2)).toEqual(["dialog", "accept"])
    expect((await live.tool.call({ args: first?.params?.args ?? [] })).isError).toBe(false)
    const again = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(again.isError).toBe(false)
    expect(textOf(again)).toContain("ref=")
  })

  it("frame: says what the scope affects", async () => {
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const frame = /Iframe "Inner" \[ref=(e\d+)\]/.exec(snap)?.[1]
    const text = textOf(await live.tool.call({ args: ["frame", frame !== undefined ? `@${frame}` : "iframe"] }))
    expect(text).toMatch(/^Now in frame .*snapshot is scoped to it/)
    await live.tool.call({ args: ["frame", "main"] })
  })

  it("session info and stream status are one readable line each", async () => {
    expect(textOf(await live.tool.call({ args: ["session", "info"] }))).toMatch(
      /^Session t-[0-9a-f-]+: daemon pid \d+, browser running, \d+ page\(s\), engine chrome, version 0\.41\.2\.$/
    )
    expect(textOf(await live.tool.call({ args: ["stream", "status"] }))).toMatch(/^Stream (enabled|disabled), /)
    // enabling twice is not an error: the stream is in the state the caller asked for
    await live.tool.call({ args: ["stream", "enable"] })
    const again = await live.tool.call({ args: ["stream", "enable"] })
    expect(again.isError).toBe(false)
    expect(textOf(again)).toMatch(/^Stream enabled/)
  })

  it("doctor is a readable report, not a parse failure", async () => {
    const result = await live.tool.call({ args: ["doctor"] })
    expect(result.details.failureCategory).not.toBe("parse-failure")
    expect(textOf(result)).toMatch(/^Doctor: \d+ pass, \d+ warn, \d+ fail/)
    expect(result.details.usedImplicitSession).toBeUndefined()
  })

  it("auth list and show never show the password", async () => {
    await live.tool.call({
      args: ["auth", "save", "diag-login", "--url", live.site.origin, "--username", "ada", "--password-stdin"],
      stdin: "pw-diag-123"
    })
    const list = await live.tool.call({ args: ["auth", "list"] })
    expect(textOf(list)).toContain(`diag-login — ${live.site.origin}`)
    const show = await live.tool.call({ args: ["auth", "show", "diag-login"] })
    expect(textOf(show)).toContain("password stored, never shown")
    expect(JSON.stringify([list, show])).not.toContain("pw-diag-123")
  })

  it("a second trace start is refused while the wrapper knows one is running", async () => {
    expect((await live.tool.call({ args: ["trace", "start"] })).isError).toBe(false)
    const again = await live.tool.call({ args: ["trace", "start"] })
    expect(again.details.failureCategory).toBe("validation-error")
    expect(again.details.validationError).toContain("wrapper believes a trace capture is already running")
    expect((await live.tool.call({ args: ["trace", "stop", "out/t.json"] })).isError).toBe(false)
    expect((await live.tool.call({ args: ["trace", "start"] })).isError).toBe(false)
    await live.tool.call({ args: ["trace", "stop", "out/t2.json"] })
  })

  it("failed requests that match an active route mock are flagged", async () => {
    expect((await live.tool.call({ args: ["network", "route", "**/missing.json", "--abort"] })).isError).toBe(false)
    await live.tool.call({ args: ["network", "requests", "--clear"] })
    await live.tool.call({
      args: ["eval", "--stdin"],
      stdin: "fetch('/missing.json').then(() => 'ok', () => 'aborted')"
    })
    const result = await live.tool.call({ args: ["network", "requests"] })
    expect(textOf(result)).toContain(
      "Network route diagnostics: 1 failed/pending request(s) match active network route **/missing.json"
    )
    // the contract's row: the aborted request never got a response
    expect(result.details.networkRouteDiagnostics?.[0]).toMatchObject({
      reason: "pending-routed-request",
      routePattern: "**/missing.json",
      mode: "abort",
      summary: expect.stringContaining("has no response yet")
    })
    expect(result.details.networkRouteDiagnostics?.[0]?.requestUrl).toMatch(/\/missing\.json$/)
    await live.tool.call({ args: ["network", "unroute"] })
  })
})
