/**
 * The line after a watchdog timeout claims only what was observed (session/hungRecovery.ts): "stopped" only when a
 * navigation was pending, a stuck eval is ended without the browser, the browser is ended only when its page did not
 * answer, and otherwise the line says what was checked.
 */
import { describe, expect, it } from "vitest"
import { type HungObservation, hungRecoveryOf, navigationPending } from "../../src/session/hungRecovery.js"

const base: HungObservation = {
  session: "pi-1",
  step: ["eval", "--stdin"],
  readyState: "complete",
  pageSilent: false,
  stopped: [],
  reloaded: false,
  url: "http://127.0.0.1:9/a.html",
  ended: false
}

describe("navigationPending", () => {
  it("is the page still loading, or a navigating command; not an eval or a wait on a loaded page", () => {
    expect(navigationPending(["open", "http://x/"], "complete")).toBe(true)
    expect(navigationPending(["reload"], "complete")).toBe(true)
    expect(navigationPending(["eval", "1"], "loading")).toBe(true)
    expect(navigationPending(["eval", "1"], "complete")).toBe(false)
    expect(navigationPending(["wait", "--text", "x"], "interactive")).toBe(false)
    expect(navigationPending(["eval", "1"], undefined)).toBe(false)
  })
})

describe("hungRecoveryOf", () => {
  it("a stopped navigation names the URL the open asked for and the page the session is on", () => {
    const stopped = ["http://127.0.0.1:9/a.html"]
    const r = hungRecoveryOf({ ...base, step: ["open", "http://127.0.0.1:9/hang"], stopped }, 5)
    expect(r?.kind).toBe("navigation-stopped")
    expect(r?.summary).toBe(
      "the navigation to http://127.0.0.1:9/hang never answered; it was stopped in the browser, and the session " +
        "answers again (on http://127.0.0.1:9/a.html)."
    )
  })

  it("no navigation pending and the session answers: a check, no navigation claimed, nothing stopped", () => {
    const r = hungRecoveryOf({ ...base, step: ["wait", "--text", "Done"] }, 5)
    expect(r?.kind).toBe("session-checked")
    expect(r?.summary).toBe(
      "no navigation was pending (the page answered DevTools, document complete), and the session answers again " +
        "(on http://127.0.0.1:9/a.html); nothing was stopped."
    )
    expect(r?.summary).not.toMatch(/navigation to|stopped in the browser/)
  })

  it("a stuck eval ended by a page reload keeps the browser and says what is lost", () => {
    const r = hungRecoveryOf({ ...base, step: ["eval", "await new Promise(() => {})"], reloaded: true }, 5)
    expect(r?.kind).toBe("command-ended")
    expect(r?.summary).toContain("no navigation was pending (the page answered DevTools, document complete)")
    expect(r?.summary).toContain(
      "still running the stopped `eval await new Promise(() => {})` (a promise that never settled)"
    )
    expect(r?.summary).toContain(
      "the page was reloaded to end that command, and the session answers again (on http://127.0.0.1:9/"
    )
    expect(r?.summary).toContain("The browser, its tabs, cookies and refs are kept")
    expect(r?.summary).not.toMatch(/navigation to|ended, and the next call/)
  })

  it("a stopped wait that still holds the session: said, the browser kept", () => {
    const r = hungRecoveryOf({ ...base, step: ["wait", "--text", "Done"], url: undefined }, 5)
    expect(r?.kind).toBe("session-checked")
    expect(r?.summary).toContain("the session is still running the stopped `wait --text Done`")
    expect(r?.summary).toContain("the browser was kept, nothing was stopped")
  })

  it("a page that did not answer, nor the session: the browser was ended, the line says why (no navigation)", () => {
    const silent = { readyState: undefined, pageSilent: true, url: undefined, ended: true }
    const r = hungRecoveryOf({ ...base, step: ["eval", "while (true) {}"], ...silent }, 5)
    expect(r?.kind).toBe("browser-ended")
    expect(r?.summary).toBe(
      "the browser of session pi-1 did not answer: neither its page over DevTools (a script that never returns holds " +
        "it) nor the session did; it was ended, and the next call starts a new one with the same launch flags (its " +
        "page, tabs, cookies and refs are gone)."
    )
  })

  it("a silent page whose renderer was read busy says so: ended, or kept (a browser this tool did not launch)", () => {
    const silent = { readyState: undefined, pageSilent: true, busy: true, url: undefined }
    const ended = hungRecoveryOf({ ...base, step: ["click", "#b"], ...silent, ended: true }, 5)
    expect(ended?.summary).toContain(
      "did not answer: neither its page over DevTools (a script that never returns holds it: its renderer stayed " +
        "busy) nor the session did; it was ended"
    )
    const kept = hungRecoveryOf({ ...base, step: ["click", "#b"], ...silent, ended: false }, 5)
    expect(kept?.summary).toBe(
      "no navigation was pending; neither the page over DevTools (its renderer stayed busy) nor the session " +
        "answered, and the browser was kept (this tool did not launch it, or it is still launching)."
    )
  })

  it("no page to ask and the session answers: nothing to say", () => {
    expect(hungRecoveryOf({ ...base, readyState: undefined }, 5)).toBeUndefined()
  })
})
