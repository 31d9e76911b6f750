/** Session ownership against the real agent-browser: implicit, fresh, explicit, sessionless, launch flags, quit. */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness, textOf } from "../support/harness.js"
import { type LiveEnv, makeLiveEnv, REPO } from "../support/liveEnv.js"

let world: LiveEnv
let site: StaticServer
let tool: Harness

const activeSessions = (): ReadonlyArray<string> =>
  (JSON.parse(world.raw(["--json", "session", "list"])) as { data: { sessions: Array<string> } }).data.sessions

/** A closed daemon removes its files shortly after answering: poll briefly before concluding it is still there. */
const settledSessions = async (gone: string): Promise<ReadonlyArray<string>> => {
  for (let i = 0; i < 20; i++) {
    const sessions = activeSessions()
    if (!sessions.includes(gone)) return sessions
    await new Promise((r) => setTimeout(r, 100))
  }
  return activeSessions()
}

beforeAll(async () => {
  world = makeLiveEnv()
  site = await startStaticServer(join(REPO, "fixtures/site"))
  tool = makeHarness(world)
})

afterAll(async () => {
  await tool?.closeOwned()
  await tool?.dispose()
  await site?.close()
  await world?.dispose()
})

describe("managed sessions", () => {
  let first = ""

  it("launch flags on the first call are kept on every later call (no silent relaunch)", async () => {
    const opened = await tool.call({ args: ["--allowed-domains", "127.0.0.1", "open", `${site.origin}/index.html`] })
    expect(opened.isError).toBe(false)
    first = opened.details.sessionName ?? ""
    const url = await tool.call({ args: ["get", "url"] })
    expect(url.details.effectiveArgs).toEqual(["--json", "--session", first, "--allowed-domains", "127.0.0.1", "get", "url"])
    expect(textOf(url)).toBe(`${site.origin}/index.html`)
    expect(url.details.managedSession).toMatchObject({ name: first, active: true, launchFlags: ["--allowed-domains", "127.0.0.1"] })
  })

  it("managed daemons get the idle timeout backstop", () => {
    const config = JSON.parse(readFileSync(join(world.config.socketDir, `${first}.config`), "utf8")) as { idle_timeout: string }
    expect(Number(config.idle_timeout)).toBe(world.config.idleTimeoutMs)
  })

  it("different launch flags on the active session fail with a fresh recovery hint, before anything runs", async () => {
    const result = await tool.call({ args: ["--user-agent", "X", "open", `${site.origin}/about.html`] })
    expect(result.details.failureCategory).toBe("validation-error")
    expect(result.details.sessionRecoveryHint).toEqual({ reason: "launch-flags-on-active-session", flags: ["--user-agent"], activeSession: first, retry: { sessionMode: "fresh" } })
    expect(result.details.nextActions?.[0]).toMatchObject({ id: "retry-with-fresh-session", params: { sessionMode: "fresh" } })
    const still = await tool.call({ args: ["get", "url"] })
    expect(textOf(still)).toBe(`${site.origin}/index.html`)
  })

  it("sessionMode fresh launches a new managed browser, later calls follow it, and the old one is closed", async () => {
    const fresh = await tool.call({ args: ["--user-agent", "AcmeBot/1", "open", `${site.origin}/about.html`], sessionMode: "fresh" })
    expect(fresh.isError).toBe(false)
    const second = fresh.details.sessionName ?? ""
    expect(second).not.toBe(first)
    expect(second.startsWith(first)).toBe(true)
    const ua = await tool.call({ args: ["eval", "navigator.userAgent"] })
    expect(ua.details.sessionName).toBe(second)
    expect(textOf(ua)).toBe("AcmeBot/1")
    expect(activeSessions()).toContain(second)
    expect(await settledSessions(first)).not.toContain(first)
  })

  it("an explicit --session is left untouched and not managed", async () => {
    const result = await tool.call({ args: ["--session", "mine", "open", `${site.origin}/index.html`] })
    expect(result.details.effectiveArgs).toEqual(["--json", "--session", "mine", "open", `${site.origin}/index.html`])
    expect(result.details.usedImplicitSession).toBeUndefined()
    expect(result.details.sessionName).toBe("mine")
    const managed = await tool.call({ args: ["get", "url"] })
    expect(textOf(managed)).toBe(`${site.origin}/about.html`)
  })

  it("sessionless commands never take the managed slot", async () => {
    const result = await tool.call({ args: ["session", "list"] })
    expect(result.details.effectiveArgs).toEqual(["--json", "session", "list"])
    expect(result.details.usedImplicitSession).toBeUndefined()
    expect(textOf(result)).toContain("mine")
  })

  it("quit closes only the browser the wrapper owns", async () => {
    const owned = (await tool.call({ args: ["get", "url"] })).details.sessionName
    await tool.closeOwned()
    const sessions = activeSessions()
    expect(sessions).not.toContain(owned)
    expect(sessions).toContain("mine")
    await tool.call({ args: ["--session", "mine", "close"] })
    expect(await settledSessions("mine")).not.toContain("mine")
  })

  it("a closed managed session rotates the next call to a new name", async () => {
    const opened = await tool.call({ args: ["open", `${site.origin}/index.html`] })
    const name = opened.details.sessionName
    const closed = await tool.call({ args: ["close"] })
    expect(textOf(closed)).toContain("Saved files stay on disk")
    const next = await tool.call({ args: ["open", `${site.origin}/about.html`] })
    expect(next.details.sessionName).not.toBe(name)
    await tool.call({ args: ["close"] })
  })
})

describe("concurrency", () => {
  it("calls on different sessions run at the same time", async () => {
    const a = makeHarness(world, "pi-a")
    const b = makeHarness(world, "pi-b")
    try {
      await Promise.all([a.call({ args: ["open", `${site.origin}/index.html`] }), b.call({ args: ["open", `${site.origin}/about.html`] })])
      const [ra, rb] = await Promise.all([a.call({ args: ["get", "title"] }), b.call({ args: ["get", "title"] })])
      expect(textOf(ra)).toBe("Acme Sign-in")
      expect(textOf(rb)).toBe("About Acme")
      expect(ra.details.sessionName).not.toBe(rb.details.sessionName)
    } finally {
      await a.closeOwned()
      await b.closeOwned()
      await a.dispose()
      await b.dispose()
    }
  })
})

describe("failed fresh launches", () => {
  it("keep the previous managed browser (preserved) and close the half-started one", async () => {
    const h = makeHarness(world, "pi-fresh-fail")
    try {
      await h.call({ args: ["open", `${site.origin}/index.html`] })
      const before = (await h.call({ args: ["get", "url"] })).details.sessionName
      const failed = await h.call({ args: ["--executable-path", "/nonexistent/chrome", "open", `${site.origin}/about.html`], sessionMode: "fresh" })
      expect(failed.isError).toBe(true)
      expect(failed.details.managedSessionOutcome).toMatchObject({ outcome: "preserved", currentSession: before })
      expect(textOf(failed)).toContain(`later calls keep using ${before}`)
      const after = await h.call({ args: ["get", "url"] })
      expect(after.details.sessionName).toBe(before)
      expect(textOf(after)).toBe(`${site.origin}/index.html`)
      expect(await settledSessions(failed.details.managedSessionOutcome?.attemptedSession ?? "")).not.toContain(failed.details.managedSessionOutcome?.attemptedSession)
    } finally {
      await h.closeOwned()
      await h.dispose()
    }
  })
})
