/**
 * Requests a click started (page/actionWatches.ts), in words: one still unanswered when the page was read is said
 * with its method and path, and that what its answer changes is not shown yet; none said when all answered. A click
 * past a fixed or sticky cover says it (page/readiness.ts). The page scripts that carry them parse.
 */
import { describe, expect, it } from "vitest"
import { APPEARED_INSTALL } from "../../src/page/appearedText.js"
import { EVENT_WATCH_INSTALL, EVENT_WATCH_READ } from "../../src/page/fillTimers.js"
import { clickEffectsOf, PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../src/page/clickEffects.js"
import { pendingRequestsOf } from "../../src/page/actionWatches.js"
import { CLICK_READ_EXPRESSION, clickRecorderScript } from "../../src/page/clickRecorder.js"
import { uncoveredOf, uncoveredWords } from "../../src/page/readiness.js"
import { actionEffectLines } from "../../src/presenters/text/actionEffectWords.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"

const lines = (value: unknown, action: "click" | "press" = "click") =>
  actionEffectLines(clickEffectsOf(value), action).map(plain)

describe("requests a click started", () => {
  it("an unanswered request is said with its method and path; answered ones say nothing", () => {
    expect(lines({ count: 0, errors: [], control: {}, pending: { count: 1, first: ["POST /save"] } })).toEqual([
      '1 request the click started had not answered when the page was read ("POST /save"): ' +
        "what the answer changes is not shown yet (wait, then read the page)"
    ])
    expect(lines({ count: 0, errors: [], control: {}, pending: undefined })).toEqual([])
    expect(clickEffectsOf({ count: 0, errors: [], control: {} })).toBeUndefined()
  })

  it("several: counted, the first two listed; a key press names itself", () => {
    const pending = { count: 3, first: ["GET /a", "GET /b"] }
    expect(lines({ count: 0, errors: [], control: {}, pending }, "press")).toEqual([
      '3 requests the key press started had not answered when the page was read ("GET /a; GET /b" and 1 more): ' +
        "what the answer changes is not shown yet (wait, then read the page)"
    ])
  })

  it("decodes only a count above zero", () => {
    expect(pendingRequestsOf({ count: 0, first: [] })).toEqual({})
    expect(pendingRequestsOf(null)).toEqual({})
    expect(pendingRequestsOf({ count: 2, first: ["GET /a", 3, "GET /b", "GET /c"] })).toEqual({
      pending: { count: 2, first: ["GET /a", "GET /b"] }
    })
  })

  it("the page scripts that carry the watch parse", () => {
    for (const script of [
      clickRecorderScript({ kind: "selector", selector: "#b" }),
      CLICK_READ_EXPRESSION,
      PRESS_WATCH_INSTALL,
      PRESS_WATCH_READ,
      APPEARED_INSTALL,
      EVENT_WATCH_INSTALL,
      EVENT_WATCH_READ
    ])
      expect(() => new Function(`return ${script}`)).not.toThrow()
  })
})

describe("a click past a fixed or sticky cover (page/readiness.ts)", () => {
  it("says the cover and how it got past it; reads only a well-formed answer", () => {
    expect(uncoveredWords({ by: "div#sp", ms: 480, scrolled: false, waited: true })).toBe(
      " (div#sp covered it; waited 0.5 s until it was gone)"
    )
    expect(uncoveredWords({ by: "div#sp", ms: 480, scrolled: true, waited: true })).toBe(
      " (div#sp covered it; scrolled it to the middle of the view, then waited 0.5 s until it was gone)"
    )
    expect(uncoveredWords({ by: "header#hd", ms: 3, scrolled: true, waited: false })).toBe(
      " (header#hd covered it; scrolled it to the middle of the view first)"
    )
    expect(uncoveredOf({ uncovered: { by: "div#sp", ms: 480, scrolled: false, waited: true } })).toEqual({
      by: "div#sp",
      ms: 480,
      scrolled: false,
      waited: true
    })
    expect(uncoveredOf({ uncovered: { by: "", ms: 1 } })).toBeUndefined()
    expect(uncoveredOf({ resolved: true })).toBeUndefined()
    expect(uncoveredOf(undefined)).toBeUndefined()
  })

  it("the recorder step with the wait parses, and carries the cover check", () => {
    const script = clickRecorderScript(
      { kind: "selector", selector: "#b" },
      {
        target: { kind: "selector", selector: "#b" },
        waitMs: 3000
      }
    )
    expect(() => new Function(`return ${script}`)).not.toThrow()
    expect(script).toContain("elementFromPoint")
    expect(clickRecorderScript({ kind: "selector", selector: "#b" })).not.toContain("elementFromPoint")
  })
})
