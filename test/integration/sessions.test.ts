/** Session ownership against the real agent-browser: implicit, fresh, explicit, sessionless, launch flags, quit. */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { makeHarness, textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

const activeSessions = (): ReadonlyArray<string> =>
  (JSON.parse(live.world.raw(["--json", "session", "list"])) as { data: { sessions: Array<string> } }).data.sessions

/** A closed daemon removes its files shortly after answering: poll briefly before concluding it is still there. */
const settledSessions = async (gone: string): Promise<ReadonlyArray<string>> => {
  for (let i = 0; i < 20; i++) {
    const sessions = activeSessions()
    if (!sessions.includes(gone)) return sessions
    await new Promise((r) => setTimeout(r, 100))
  }
  return activeSessions()
}

describe("managed sessions", () => {
  let first = ""

  it("launch flags on the first call are kept on every later call (no silent relaunch)", async () => {
    const opened = await live.tool.call({
      args: ["--allowed-domains", "127.0.0.1", "open", `${live.site.origin}/index.html`]
    })
    expect(opened.isError).toBe(false)
    first = opened.details.sessionName ?? ""
    const url = await live.tool.call({ args: ["get", "url"] })
    expect(url.details.effectiveArgs).toEqual([
      "--json",
      "--session",
      first,
      "--allowed-domains",
      "127.0.0.1",
      "get",
      "url"
    ])
    expect(textOf(url)).toBe(`${live.site.origin}/index.html`)
    expect(url.details.managedSession).toMatchObject({
      name: first,
      active: true,
      launchFlags: ["--allowed-domains", "127.0.0.1"]
    })
  })

  it("managed daemons get the idle timeout backstop", () => {
    const config = JSON.parse(readFileSync(join(live.world.config.socketDir, `${first}.config`), "utf8")) as {
      idle_timeout: string
    }
    expect(Number(config.idle_timeout)).toBe(live.world.config.idleTimeoutMs)
  })

  it("different launch flags on the active session fail with a fresh recovery hint, before anything runs", async () => {
    const result = await live.tool.call({ args: ["--user-agent", "X", "open", `${live.site.origin}/about.html`] })
    expect(result.details.failureCategory).toBe("validation-error")
    const argv = ["--user-agent", "X", "open", `${live.site.origin}/about.html`]
    expect(result.details.sessionRecoveryHint).toEqual({
      reason: "launch-flags-on-active-session",
      recommendedSessionMode: "fresh",
      exampleArgs: argv,
      exampleParams: { args: argv, sessionMode: "fresh" },
      flags: ["--user-agent"],
      activeSession: first
    })
    expect(result.details.nextActions?.[0]).toMatchObject({
      id: "retry-with-fresh-session",
      params: { sessionMode: "fresh" }
    })
    const still = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(still)).toBe(`${live.site.origin}/index.html`)
  })

  it("sessionMode fresh launches a new managed browser, later calls follow it, and the old one is closed", async () => {
    const fresh = await live.tool.call({
      args: ["--user-agent", "AcmeBot/1", "open", `${live.site.origin}/about.html`],
      sessionMode: "fresh"
    })
    expect(fresh.isError).toBe(false)
    const second = fresh.details.sessionName ?? ""
    expect(second).not.toBe(first)
    expect(second.startsWith(first)).toBe(true)
    const ua = await live.tool.call({ args: ["eval", "navigator.userAgent"] })
    expect(ua.details.sessionName).toBe(second)
    expect(valueOf(ua)).toBe("AcmeBot/1")
    expect(activeSessions()).toContain(second)
    expect(await settledSessions(first)).not.toContain(first)
  })

  it("an explicit --session is left untouched and not managed", async () => {
    const result = await live.tool.call({ args: ["--session", "mine", "open", `${live.site.origin}/index.html`] })
    expect(result.details.effectiveArgs).toEqual([
      "--json",
      "--session",
      "mine",
      "open",
      `${live.site.origin}/index.html`
    ])
    expect(result.details.usedImplicitSession).toBe(false)
    expect(result.details.sessionName).toBe("mine")
    const managed = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(managed)).toBe(`${live.site.origin}/about.html`)
  })

  it("sessionless commands never take the managed slot", async () => {
    const result = await live.tool.call({ args: ["session", "list"] })
    expect(result.details.effectiveArgs).toEqual(["--json", "session", "list"])
    expect(result.details.usedImplicitSession).toBeUndefined()
    expect(textOf(result)).toContain("mine")
  })

  it("quit closes only the browser the wrapper owns", async () => {
    const owned = (await live.tool.call({ args: ["get", "url"] })).details.sessionName
    await live.tool.closeOwned()
    const sessions = activeSessions()
    expect(sessions).not.toContain(owned)
    expect(sessions).toContain("mine")
    await live.tool.call({ args: ["--session", "mine", "close"] })
    expect(await settledSessions("mine")).not.toContain("mine")
  })

  it("a closed managed session rotates the next call to a new name", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const name = opened.details.sessionName
    const closed = await live.tool.call({ args: ["close"] })
    expect(textOf(closed)).toContain("Saved files stay on disk")
    const next = await live.tool.call({ args: ["open", `${live.site.origin}/about.html`] })
    expect(next.details.sessionName).not.toBe(name)
    await live.tool.call({ args: ["close"] })
  })
})

describe("concurrency", () => {
  it("calls on different sessions run at the same time", async () => {
    const a = makeHarness(live.world, "pi-a")
    const b = makeHarness(live.world, "pi-b")
    try {
      await Promise.all([
        a.call({ args: ["open", `${live.site.origin}/index.html`] }),
        b.call({ args: ["open", `${live.site.origin}/about.html`] })
      ])
      const [ra, rb] = await Promise.all([a.call({ args: ["get", "title"] }), b.call({ args: ["get", "title"] })])
      expect(valueOf(ra)).toBe("Acme Sign-in")
      expect(valueOf(rb)).toBe("About Acme")
      expect(ra.details.sessionName).not.toBe(rb.details.sessionName)
    } finally {
      await a.closeOwned()
      await b.closeOwned()
      await a.dispose()
      await b.dispose()
    }
  })
})

describe("managedSessionOutcome on the real binary", () => {
  it("created on the first browser, unchanged after, replaced by a fresh launch, closed by close; absent for a user-managed session", async () => {
    const h = makeHarness(live.world, "pi-outcomes")
    try {
      const first = await h.call({ args: ["open", `${live.site.origin}/index.html`] })
      const name = first.details.sessionName ?? ""
      expect(first.details.managedSessionOutcome).toMatchObject({
        status: "created",
        sessionMode: "auto",
        attemptedSessionName: name,
        activeBefore: false,
        activeAfter: true,
        succeeded: true
      })
      const second = await h.call({ args: ["get", "title"] })
      expect(second.details.managedSessionOutcome).toMatchObject({
        status: "unchanged",
        currentSessionName: name,
        activeBefore: true,
        activeAfter: true
      })
      const fresh = await h.call({ args: ["open", `${live.site.origin}/about.html`], sessionMode: "fresh" })
      expect(fresh.details.managedSessionOutcome).toMatchObject({
        status: "replaced",
        sessionMode: "fresh",
        replacedSessionName: name,
        previousSessionName: name,
        succeeded: true
      })
      const freshName = fresh.details.sessionName ?? ""
      expect(fresh.details.managedSessionOutcome?.currentSessionName).toBe(freshName)
      expect(textOf(fresh)).not.toContain("Managed session outcome")
      const closed = await h.call({ args: ["close"] })
      expect(closed.details.managedSessionOutcome).toMatchObject({
        status: "closed",
        attemptedSessionName: freshName,
        activeBefore: true,
        activeAfter: false
      })
      expect(closed.details.managedSessionOutcome?.currentSessionName).not.toBe(freshName)
      const own = await h.call({ args: ["--session", "user-owned-outcome", "get", "url"] })
      expect(own.details.managedSessionOutcome).toBeUndefined()
      await h.call({ args: ["--session", "user-owned-outcome", "close"] })
    } finally {
      await h.closeOwned()
      await h.dispose()
    }
  })
})

describe("failed fresh launches", () => {
  it("keep the previous managed browser (preserved) and close the half-started one", async () => {
    const h = makeHarness(live.world, "pi-fresh-fail")
    try {
      await h.call({ args: ["open", `${live.site.origin}/index.html`] })
      const before = (await h.call({ args: ["get", "url"] })).details.sessionName
      const failed = await h.call({
        args: ["--executable-path", "/nonexistent/chrome", "open", `${live.site.origin}/about.html`],
        sessionMode: "fresh"
      })
      expect(failed.isError).toBe(true)
      const outcome = failed.details.managedSessionOutcome
      expect(outcome).toMatchObject({
        status: "preserved",
        sessionMode: "fresh",
        previousSessionName: before,
        currentSessionName: before,
        activeBefore: true,
        activeAfter: true,
        succeeded: false
      })
      // the visible lines say what happened and what to do, without generated session names (those are in details)
      expect(textOf(failed)).toContain(
        "Managed session outcome: the fresh launch failed; the previous browser stays current."
      )
      expect(textOf(failed)).not.toContain(outcome?.attemptedSessionName ?? "?")
      const ids = (failed.details.nextActions ?? []).map((a) => a.id)
      expect(ids).toEqual(
        expect.arrayContaining([
          "verify-current-managed-session",
          "snapshot-current-managed-session",
          "retry-fresh-managed-session"
        ])
      )
      const verify = failed.details.nextActions?.find((a) => a.id === "verify-current-managed-session")
      expect(verify?.params?.args).toEqual(["--session", before, "get", "url"])
      expect(failed.details.nextActions?.find((a) => a.id === "retry-fresh-managed-session")?.params).toMatchObject({
        sessionMode: "fresh"
      })
      const after = await h.call({ args: [...(verify?.params?.args ?? [])] })
      expect(after.details.sessionName).toBe(before)
      expect(textOf(after)).toBe(`${live.site.origin}/index.html`)
      expect(await settledSessions(outcome?.attemptedSessionName ?? "")).not.toContain(outcome?.attemptedSessionName)
    } finally {
      await h.closeOwned()
      await h.dispose()
    }
  })
})
