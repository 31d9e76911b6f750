/**
 * Issue #45, effects that show a moment after the action: a click's read names a field it gave the focus
 * (page/focusMoved.ts); a hover, focus or scrollintoview runs between its text watch with its timer watch and the read
 * that waits for those timers (page/actionTimers.ts); a reload reads where the page is scrolled (page/reloadScroll.ts).
 * Each in the command's own batch: no other upstream process. Real-browser counterpart:
 * test/integration/delayedEffects.test.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { ACTION_TIMER_MS, isTimedAction, TIMED_READ, timedActionRows } from "../../src/page/actionTimers.js"
import { clickEffectsOf } from "../../src/page/clickEffects.js"
import { CLICK_READ_EXPRESSION } from "../../src/page/clickRecorder.js"
import { isReloadCommand, KEPT_SCROLL_READ, keptScrollOf } from "../../src/page/reloadScroll.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import { actionEffectLines } from "../../src/presenters/text/actionEffectWords.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { batchRows, fakeLayer, openBatch, stepsOf, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")
const parses = (script: string) => expect(() => new Function(`return ${script}`)).not.toThrow()

describe("a click names the field it gave the focus (#45)", () => {
  it("said as the press's focus line; the click's read carries the check", () => {
    const effects = clickEffectsOf({
      count: 0,
      errors: [],
      control: {},
      focus: { element: "input#cell", label: "Qty" }
    })
    expect(actionEffectLines(effects, "click").map(plain)).toEqual(['Focus moved to input#cell "Qty"'])
    expect(CLICK_READ_EXPRESSION).toContain("focusMoved(rec.fx.focusFrom, rec.fx.el)")
    parses(CLICK_READ_EXPRESSION)
  })
})

describe("a hover, focus or scrollintoview waits for the short timers it started (#45)", () => {
  it("its batch rows: the watch with the action's events, the read that waits; other commands have none", () => {
    const hover = timedActionRows(["hover", "#acct"])
    expect(hover?.after).toEqual([["eval", TIMED_READ]])
    expect(hover?.before[0]?.[1]).toContain('"mouseenter"')
    expect(hover?.before[0]?.[1]).toContain('document.querySelector("#acct")')
    expect(hover?.before[0]?.[1]).toContain(`Number(delay) > ${ACTION_TIMER_MS}`)
    const scroll = timedActionRows(["scrollintoview", "#rev"])
    expect(scroll?.before[0]?.[1]).toContain('["scroll"]')
    // a scroll shows no CSS :hover rules: none are scanned
    expect(scroll?.before[0]?.[1]).not.toContain("styleSheets")
    expect(timedActionRows(["focus", "#q"])?.before[0]?.[1]).toContain('"focusin"')
    expect(timedActionRows(["click", "#b"])).toBeUndefined()
    expect(isTimedAction(["reload"])).toBe(false)
    for (const rows of [hover, scroll]) for (const [, script] of rows?.before ?? []) parses(script ?? "")
    parses(TIMED_READ)
  })

  it.scoped("scrollintoview through the tool: one batch (watch, command, read); the text that appeared said", () =>
    Effect.gen(function* () {
      const read = { appeared: { count: 1, texts: ["Great kettle, 5 stars"] } }
      const layer = fakeLayer(temp.root, [
        batchRows((step) => (step[0] === "eval" ? { result: step[1] === TIMED_READ ? read : true } : { ok: true })),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      return yield* Effect.gen(function* () {
        const result = yield* runToResult({ args: ["scrollintoview", "#rev"] }, here)
        expect(textOf(result.content)).toBe('Scrolled #rev into view\nNew text: "Great kettle, 5 stars"')
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(requests.length).toBe(1)
        expect(stepsOf(requests[0] ?? { args: [] }).map((s) => s[0])).toEqual(["eval", "scrollintoview", "eval"])
      }).pipe(Effect.provide(layer))
    })
  )
})

describe("a reload says where the browser kept the page scrolled (#45)", () => {
  it("decodes a scrolled page, says nothing at the top; the read parses", () => {
    expect(isReloadCommand(["reload"])).toBe(true)
    expect(keptScrollOf({ y: 2000, max: 4199 })).toEqual({ effects: { keptScroll: { y: 2000, max: 4199 } } })
    expect(keptScrollOf({ y: 0, max: 4199 })).toEqual({})
    expect(keptScrollOf(undefined)).toEqual({})
    expect(actionEffectLines({ keptScroll: { y: 2000, max: 4199 } }).map(plain)).toEqual([
      "Still scrolled to y=2000 of 4199: the browser kept the page's scroll position."
    ])
    parses(KEPT_SCROLL_READ)
  })

  it.scoped("through the tool: the reload and its read in one batch, then the page read, as a reload had before", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        batchRows((step) =>
          step[0] === "reload"
            ? { url: "http://a.test/long" }
            : step[0] === "eval" && step[1] === KEPT_SCROLL_READ
              ? { result: { y: 2000, max: 4199 } }
              : step[0] === "eval"
                ? { result: { title: "Long", url: "http://a.test/long" } }
                : {}
        ),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      return yield* Effect.gen(function* () {
        const result = yield* runToResult({ args: ["reload"] }, here)
        // (a fresh session's first page is named after it: "Page: Long — …")
        expect(textOf(result.content).split("\n").slice(0, 2)).toEqual([
          "Reloaded http://a.test/long",
          "Still scrolled to y=2000 of 4199: the browser kept the page's scroll position."
        ])
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(stepsOf(requests[0] ?? { args: [] })).toEqual([["reload"], ["eval", KEPT_SCROLL_READ]])
        // two processes, as a reload alone and its page read were
        expect(requests.length).toBe(2)
      }).pipe(Effect.provide(layer))
    })
  )
})

describe("a page that moved on by itself in its own tab (#45)", () => {
  const START = "https://a.test/start"
  const FINAL = "https://a.test/final"
  it.scoped(
    "the read after it names no other tab; the page it moved to is the session's, in the read's one process",
    () =>
      Effect.gen(function* () {
        const own = { piSessionId: "s-moved-on", cwd: temp.root }
        const session = (yield* runToResult({ args: ["open", START] }, own)).details.sessionName ?? ""
        mkdirSync(join(temp.root, "s"), { recursive: true })
        writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId: "T1", url: START }))
        const before = (yield* (yield* FakeAgentBrowser).requests).length
        const read = yield* runToResult({ args: ["get", "title"] }, own)
        expect((yield* (yield* FakeAgentBrowser).requests).length).toBe(before + 1)
        expect(textOf(read.content)).not.toContain("another tab")
        expect(textOf(read.content)).toContain(`Since the last command the page moved on by itself to ${FINAL}.`)
        expect((yield* (yield* SessionRegistry).view(session)).page?.url).toBe(FINAL)
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            openBatch({ url: START, title: "Start page" }),
            {
              // the same tab (target T1) replaced its page since the last command: upstream's record says so
              when: (r) => r.args.includes("title"),
              reply: (r) => {
                const session = r.args[r.args.indexOf("--session") + 1] ?? ""
                writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId: "T1", url: FINAL }))
                return FakeAgentBrowser.ok({ title: "Final page" }) as never
              }
            }
          ])
        )
      )
  )
})
