/** Diagnostic and status families against the real agent-browser: counts first, stable fields, nothing secret. */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness, textOf } from "../support/harness.js"
import { type LiveEnv, makeLiveEnv, REPO } from "../support/liveEnv.js"

let world: LiveEnv
let site: StaticServer
let tool: Harness

beforeAll(async () => {
  world = makeLiveEnv()
  site = await startStaticServer(join(REPO, "fixtures/site"))
  tool = makeHarness(world)
  await tool.call({ args: ["open", `${site.origin}/console.html`] })
  await tool.call({ args: ["wait", "300"] })
})

afterAll(async () => {
  await tool?.closeOwned()
  await tool?.dispose()
  await site?.close()
  await world?.dispose()
})

describe("diagnostic families", () => {
  it("network requests: counts, actionable failures first", async () => {
    const text = textOf(await tool.call({ args: ["network", "requests"] }))
    expect(text).toMatch(/^\d+ requests: \d+ failed \(1 actionable, \d+ benign icon probes\)/)
    expect(text.split("\n")[1]).toMatch(/GET .*\/missing\.json \(Fetch\) 404/)
  })

  it("console: counts by level, then messages", async () => {
    const text = textOf(await tool.call({ args: ["console"] }))
    expect(text).toMatch(/^\d+ console messages \(\d+ errors, 1 warnings\)/)
    expect(text).toContain("[log] hello from log 42")
    expect(text).toContain("[warning] warn message")
  })

  it("errors: one line per page error with its location", async () => {
    const text = textOf(await tool.call({ args: ["errors"] }))
    expect(text).toMatch(/^1 page errors\nError: boom uncaught \(at /)
  })

  it("cookies: names and flags, values hidden", async () => {
    const result = await tool.call({ args: ["cookies"] })
    expect(textOf(result)).toMatch(/^1 cookies \(values hidden\)\nvisited — 127\.0\.0\.1\//)
    expect(JSON.stringify(result)).not.toContain("\"yes\"")
  })

  it("storage: benign QA values stay visible", async () => {
    expect(textOf(await tool.call({ args: ["storage", "local"] }))).toBe("1 local storage entries\ntheme: dark")
  })

  it("dialog status before and while a confirm is open", async () => {
    expect(textOf(await tool.call({ args: ["dialog", "status"] }))).toBe("No dialog is open.")
    await tool.call({ args: ["click", "#ask"] })
    expect(textOf(await tool.call({ args: ["dialog", "status"] }))).toContain("A confirm dialog is open: \"Proceed?\"")
    expect((await tool.call({ args: ["dialog", "dismiss"] })).isError).toBe(false)
  })

  it("frame: says what the scope affects", async () => {
    const snap = textOf(await tool.call({ args: ["snapshot", "-i"] }))
    const frame = /Iframe "Inner" \[ref=(e\d+)\]/.exec(snap)?.[1]
    const text = textOf(await tool.call({ args: ["frame", frame !== undefined ? `@${frame}` : "iframe"] }))
    expect(text).toMatch(/^Now in frame .*snapshot is scoped to it/)
    await tool.call({ args: ["frame", "main"] })
  })

  it("session info and stream status are one readable line each", async () => {
    expect(textOf(await tool.call({ args: ["session", "info"] }))).toMatch(/^Session t-[0-9a-f-]+: daemon pid \d+, browser running, \d+ page\(s\), engine chrome, version 0\.41\.2\.$/)
    expect(textOf(await tool.call({ args: ["stream", "status"] }))).toMatch(/^Stream (enabled|disabled), /)
  })
})
