/**
 * Faults recovered, not only reported (real agent-browser and Chromium, one shared world): after each fault the first
 * offered next action answers and makes progress (following it does not reproduce the failure), and a plain `open` of
 * a good page on the next call succeeds, with a `Recovered:` line saying what was done. Time bounds are generous
 * limits on a loaded machine, not timing asserts. After quit no process of the session survives.
 */
import { createServer } from "node:net"
import { describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { okText, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { kill, sessionProcesses, survivors } from "../support/faults.js"

const live = liveWorld()
const seen = new Set<number>()

const good = () => `${live.site.origin}/index.html`
const call = async (input: unknown): Promise<ToolResult> => live.tool.call(input)
/** The managed session's processes now (recorded for the final orphan check). */
const processes = (name: string) => {
  const found = sessionProcesses(live.world.config.socketDir, name)
  for (const pid of [found?.daemonPid, ...(found?.browserGroup ?? [])]) if (pid !== undefined) seen.add(pid)
  return found
}
/** Follows a result's first next action and returns its result. */
const follow = (result: ToolResult) => {
  const params = result.details.nextActions?.[0]?.params
  expect(params, textOf(result)).toBeDefined()
  return call(params)
}
const closedPort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const port = (server.address() as { port: number }).port
  await new Promise((r) => server.close(r))
  return port
}

let name = ""

describe("a hung navigation (server accepts, never answers)", () => {
  it("times out, stops the navigation, and both the offered check and a plain open answer", async () => {
    const first = await call({ args: ["open", good()] })
    okText(first)
    name = first.details.sessionName ?? ""
    processes(name)
    const hung = await call({ args: ["open", `${live.site.origin}/hang`], timeoutMs: 3000 })
    expect(hung.details.failureCategory).toBe("timeout")
    expect(hung.details.recovery?.kind, textOf(hung)).toBe("navigation-stopped")
    expect(textOf(hung)).toContain("Recovered: ")
    const started = Date.now()
    const check = await follow(hung)
    okText(check)
    expect(Date.now() - started).toBeLessThan(15_000)
    const again = await call({ args: ["open", good()] })
    okText(again)
    expect(textOf(again)).toContain("Acme Sign-in")
  }, 120_000)
})

describe("a page script that never returns", () => {
  it("times out, the browser that no longer answers is ended; the offered reopen and a plain open work", async () => {
    okText(await call({ args: ["open", good()] }))
    const hung = await call({ args: ["eval", "while (true) {}"], timeoutMs: 3000 })
    expect(hung.details.failureCategory).toBe("timeout")
    expect(hung.details.recovery?.kind, textOf(hung)).toBe("browser-ended")
    expect(textOf(hung)).toContain("did not answer: neither its page over DevTools (a script that never returns")
    expect(textOf(hung)).not.toContain("navigation")
    expect(hung.details.nextActions?.[0]?.id).toBe("reopen-lost-page")
    const started = Date.now()
    const reopened = await follow(hung)
    okText(reopened)
    expect(textOf(reopened)).toContain("Acme Sign-in")
    expect(Date.now() - started).toBeLessThan(30_000)
    okText(await call({ args: ["get", "title"] }))
  }, 120_000)
})

describe("an eval awaiting a promise that never settles (#43)", () => {
  it("ends the command, not the browser: no navigation claimed; the same browser and refs answer next", async () => {
    okText(await call({ args: ["open", good()] }))
    const snapshot = await call({ args: ["snapshot", "-i"] })
    okText(snapshot)
    const ref = /textbox[^\n]*\[ref=(e\d+)\]/.exec(textOf(snapshot))?.[1]
    expect(ref, textOf(snapshot)).toBeDefined()
    const browser = processes(name)?.browserPid
    const hung = await call({ args: ["eval", "new Promise(() => {})"], timeoutMs: 3000 })
    expect(hung.details.failureCategory).toBe("timeout")
    expect(hung.details.recovery?.kind, textOf(hung)).toBe("command-ended")
    expect(textOf(hung)).toContain("Recovered: no navigation was pending (the page answered DevTools, document")
    expect(textOf(hung)).toContain("the page was reloaded to end that command, and the session answers again")
    expect(textOf(hung)).not.toMatch(/navigation to|it was ended/)
    expect(processes(name)?.browserPid, "the same browser").toBe(browser)
    const title = await call({ args: ["get", "title"] })
    okText(title)
    expect(textOf(title)).toContain("Acme Sign-in")
    okText(await call({ args: ["fill", `@${ref}`, "ada@example.com"] }))
    const value = await call({ args: ["get", "value", `@${ref}`] })
    okText(value)
    expect(textOf(value)).toContain("ada@example.com")
    // a hung fetch is the same: the command ends, the browser stays
    const fetched = await call({ args: ["eval", "fetch('/hang').then((r) => r.status)"], timeoutMs: 3000 })
    expect(fetched.details.recovery?.kind, textOf(fetched)).toBe("command-ended")
    expect(processes(name)?.browserPid, "the same browser").toBe(browser)
    okText(await call({ args: ["get", "title"] }))
  }, 120_000)
})

describe("timeout progress says where the page is (T3)", () => {
  it("a batch whose second open hung: the navigation is stopped, the page read live (liveUrlRecovered)", async () => {
    const rows = [
      ["open", good()],
      ["open", `${live.site.origin}/hang`]
    ]
    const hung = await call({ args: ["batch"], stdin: JSON.stringify(rows), timeoutMs: 5000 })
    expect(hung.details.failureCategory, textOf(hung)).toBe("timeout")
    expect(hung.details.recovery?.kind, textOf(hung)).toBe("navigation-stopped")
    expect(textOf(hung)).toContain(`Recovered: the navigation to ${live.site.origin}/hang never answered`)
    const progress = hung.details.timeoutPartialProgress as Record<string, unknown>
    expect(progress["currentPage"]).toEqual({ url: good(), title: "Acme Sign-in", source: "live" })
    expect(progress["liveUrlRecovered"]).toBe(true)
    expect(textOf(hung)).toContain(`Page now (read after the timeout): Acme Sign-in — ${good()}`)
    okText(await call({ args: ["get", "title"] }))
  }, 120_000)
})

describe("a refused connection", () => {
  it("is an upstream error; the next open and get title succeed (no tab-drift)", async () => {
    const refused = await call({ args: ["open", `http://127.0.0.1:${await closedPort()}/`] })
    expect(refused.details.failureCategory).toBe("upstream-error")
    expect(textOf(refused)).toContain("ERR_CONNECTION_REFUSED")
    const check = await follow(refused)
    okText(check)
    const title = await call({ args: ["get", "title"] })
    expect(title.details.failureCategory, textOf(title)).not.toBe("tab-drift")
    const again = await call({ args: ["open", good()] })
    okText(again)
    okText(await call({ args: ["get", "title"] }))
  }, 120_000)
})

describe("flags upstream would ignore", () => {
  it("are refused before anything runs; the offered call without the flag works", async () => {
    for (const args of [
      ["open", good(), "--no-such-flag"],
      ["snapshot", "-i", "--depth", "abc"]
    ]) {
      const refused = await call({ args })
      expect(refused.details.failureCategory, textOf(refused)).toBe("validation-error")
      expect(refused.details.nextActions?.[0]?.id).toBe("retry-without-flag")
      okText(await follow(refused))
    }
  }, 120_000)
})

describe("a browser lost between calls (Chromium SIGKILL)", () => {
  const killBrowser = async () => {
    const before = processes(name)
    expect(before?.browserPid, "the session has a browser before the kill").toBeDefined()
    for (const pid of before?.browserGroup ?? []) kill(pid)
    expect(await survivors(before?.browserGroup ?? [])).toEqual([])
  }

  it("three kills: open, tab new and open each run in a relaunched browser with a note; a browser is there after each", async () => {
    for (const args of [
      ["open", good()],
      ["tab", "new"],
      ["open", good()]
    ]) {
      await killBrowser()
      const result = await call({ args })
      okText(result)
      expect(result.details.recovery?.kind).toBe("browser-relaunched")
      expect(textOf(result)).toMatch(/Recovered: the browser of session .* was lost since the last call/)
      expect(processes(name)?.browserPid, `a browser after ${args.join(" ")}`).toBeDefined()
    }
    okText(await call({ args: ["get", "title"] }))
  }, 240_000)

  it("a ref-dependent command after a loss is a stale ref; its next action works", async () => {
    okText(await call({ args: ["snapshot", "-i"] }))
    await killBrowser()
    const stale = await call({ args: ["click", "@e1"] })
    expect(stale.details.failureCategory).toBe("stale-ref")
    okText(await follow(stale))
  }, 120_000)

  it("a page-dependent read after a loss says it; the offered reopen works", async () => {
    okText(await call({ args: ["open", good()] }))
    await killBrowser()
    const lost = await call({ args: ["get", "title"] })
    expect(lost.details.failureCategory).toBe("upstream-error")
    expect(textOf(lost)).toContain("was lost since the last call")
    expect(lost.details.nextActions?.[0]?.id).toBe("reopen-lost-page")
    const reopened = await follow(lost)
    okText(reopened)
    expect(textOf(reopened)).toContain("Acme Sign-in")
  }, 120_000)

  it("after quit no process of the session survives", async () => {
    processes(name)
    await live.tool.closeOwned()
    expect(await survivors([...seen])).toEqual([])
  }, 60_000)
})
