/**
 * The short timers a fill's events start (page/fillTimers.ts), run on a stand-in window: a timer a handler of the
 * fill's input event schedules is waited for (the read sees what it shows); a cleared one, a long one, or one
 * scheduled outside the fill's events is not; the watch undoes its wrap at the read.
 */
import { describe, expect, it } from "vitest"
import { FILL_TIMERS_INSTALL, FILL_TIMERS_SETTLE } from "../../src/page/fillTimers.js"

const standIn = () => {
  const listeners = new Map<string, Array<() => void>>()
  const win: Record<string | symbol, unknown> = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    addEventListener: (t: string, f: () => void) => listeners.set(t, [...(listeners.get(t) ?? []), f]),
    removeEventListener: (t: string, f: () => void) =>
      listeners.set(
        t,
        (listeners.get(t) ?? []).filter((g) => g !== f)
      )
  }
  // the page globals the read uses besides window: a frame every 16 ms, no animations, XMLHttpRequest to wrap
  class StandInRequest {
    open() {}
    send() {}
  }
  const page = { requestAnimationFrame: (f: () => void) => setTimeout(f, 16), document: { getAnimations: () => [] } }
  const run = (script: string): unknown =>
    new Function("window", "requestAnimationFrame", "document", "XMLHttpRequest", `return ${script}`)(
      win,
      page.requestAnimationFrame,
      page.document,
      StandInRequest
    )
  /** The page's handler of `type`, after the watch's own listeners (a capture listener on window runs first). */
  const dispatch = (type: string, handler: () => void) => {
    for (const f of listeners.get(type) ?? []) f()
    handler()
  }
  const schedule = (ms: number, fn: () => void) => (win["setTimeout"] as (f: () => void, n: number) => unknown)(fn, ms)
  return { win, run, dispatch, schedule, listeners }
}

describe("the fill's short timers", () => {
  it("a 150 ms timer an input handler starts is waited for; the wrap is undone at the read", async () => {
    const page = standIn()
    const own = page.win["setTimeout"]
    page.run(FILL_TIMERS_INSTALL)
    expect(page.win["setTimeout"]).not.toBe(own)
    let shown = ""
    page.dispatch("input", () => page.schedule(150, () => (shown = "The name alice is already taken")))
    const { waited } = (await page.run(FILL_TIMERS_SETTLE)) as { waited: number }
    expect(shown).toBe("The name alice is already taken")
    expect(waited).toBeGreaterThanOrEqual(100)
    expect(page.win["setTimeout"]).toBe(own)
    expect(page.listeners.get("input")).toEqual([])
  })

  it("no timer, a long one, a cleared one, or one outside the fill's events: no wait", async () => {
    const page = standIn()
    page.run(FILL_TIMERS_INSTALL)
    page.schedule(100, () => {})
    page.dispatch("input", () => page.schedule(2000, () => {}))
    page.dispatch("input", () => {
      const id = page.schedule(200, () => {})
      ;(page.win["clearTimeout"] as (i: unknown) => void)(id)
    })
    expect(((await page.run(FILL_TIMERS_SETTLE)) as { waited: number }).waited).toBeLessThan(50)
  })

  it("a request an input handler starts is waited for until it answered; the fetch wrap is undone at the read", async () => {
    const page = standIn()
    let answered = false
    const ownFetch = () =>
      new Promise((resolve) =>
        setTimeout(() => {
          answered = true
          resolve("ok")
        }, 120)
      )
    page.win["fetch"] = ownFetch
    page.run(FILL_TIMERS_INSTALL)
    page.dispatch("change", () => void (page.win["fetch"] as (u: string) => Promise<unknown>)("/cities?country=de"))
    const { waited } = (await page.run(FILL_TIMERS_SETTLE)) as { waited: number }
    expect(answered).toBe(true)
    expect(waited).toBeGreaterThanOrEqual(80)
    expect(page.win["fetch"]).toBe(ownFetch)
  })

  it("a wrap installed after the watch (a click's) is kept when the watch is undone", async () => {
    const page = standIn()
    page.win["fetch"] = () => Promise.resolve("ok")
    page.run(FILL_TIMERS_INSTALL)
    const later = () => Promise.resolve("later")
    page.win["fetch"] = later
    await page.run(FILL_TIMERS_SETTLE)
    expect(page.win["fetch"]).toBe(later)
  })

  it("no watch installed: the read answers at once", async () => {
    expect(await standIn().run(FILL_TIMERS_SETTLE)).toEqual({ waited: 0 })
  })
})
