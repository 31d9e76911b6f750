/**
 * JavaScript dialogs in an action's words (issue #41 item 4): each dialog's type, message and answer; two alerts are
 * two; a confirm still open is said once, by upstream's warning, never as handled; an alert that opened after the
 * previous action is said with the next click; upstream's bare flag without a readable message says so.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { jsDialogsOf } from "../../src/page/actionWatches.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { jsDialogLines } from "../../src/presenters/text/jsDialogWords.js"
import { batchRows, call, fakeLayer, resultText, suiteTempRoot } from "../support/fakeHarness.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"

const temp = suiteTempRoot()
const alert = (message: string) => ({ type: "alert" as const, message, answer: "accepted" as const })
const lines = (...a: Parameters<typeof jsDialogLines>) => jsDialogLines(...a).map(plain)
const BLOCKING =
  'A JavaScript confirm dialog is blocking the page: "Sure?" — ' +
  "use `dialog accept` or `dialog dismiss` to resolve it"

describe("dialog words", () => {
  it("each dialog with its message and answer; two alerts are two", () => {
    const two = jsDialogsOf([alert("Name is required"), alert("Second"), { type: "bogus", message: "x" }])
    expect(two).toHaveLength(2)
    expect(lines(two, true, undefined)).toEqual([
      '2 dialogs opened: alert "Name is required" (accepted); alert "Second" (accepted)'
    ])
    expect(lines([{ type: "confirm", message: "Go?", answer: "dismissed" }], true, undefined)).toEqual([
      'A dialog opened: confirm "Go?" (dismissed)'
    ])
  })

  it("a confirm still open is left to upstream's warning: nothing says it was handled", () => {
    expect(lines([{ type: "confirm", message: "Sure?" }], true, BLOCKING)).toEqual([])
    expect(lines([], true, BLOCKING)).toEqual([])
  })

  it("upstream's flag without a logged message, and alerts after the previous action", () => {
    expect(lines([], true, undefined)).toEqual([
      "A JavaScript dialog opened and upstream accepted it (its message was not readable)."
    ])
    expect(lines([], false, undefined, [alert("late one")])).toEqual([
      'After the previous action: alert "late one" (accepted)'
    ])
    expect(lines([], false, undefined)).toEqual([])
  })
})

const HOME = { url: "http://a.test/", title: "Home" }
const ORIGIN = { origin: HOME.url }

/** The rows of a click batch: its read logged `opened`, its recorder `earlier`. */
const clickRow =
  (opened: unknown, earlier: unknown) =>
  (step: ReadonlyArray<string>): unknown => {
    const script = step[0] === "eval" ? (step[1] ?? "") : ""
    if (script.includes("earlierDialogs")) return { ...ORIGIN, result: { resolved: true, earlierDialogs: earlier } }
    if (script.includes("jsDialogs:")) {
      const click = { resolved: true, events: 3, hits: 3, navigating: false }
      return { ...ORIGIN, result: { ...HOME, click, jsDialogs: opened } }
    }
    if (step[0] === "tab") return { tabs: [{ active: true, tabId: "t1", ...HOME }] }
    if (step[0] === "click") return { clicked: step[1], dialogOpened: true }
    return { result: true }
  }

/** A click that left a confirm open: its row carries upstream's warning, every page step after it fails. */
const blockedReply = (warning: string) => (r: { readonly stdin?: string }) => {
  const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
  const row = (s: ReadonlyArray<string>) =>
    s[0] === "click"
      ? { command: s, success: true, result: { clicked: s[1], dialogOpened: true }, warning, error: null }
      : { command: s, success: false, result: null, error: BLOCKING }
  return { exitCode: 0, stdout: JSON.stringify(steps.map(row)) }
}

/** A page on which the click opened `opened` (the read's log) and the recorder found `earlier`. */
const clickLayer = (opened: unknown, earlier: unknown, warning?: string) =>
  fakeLayer(temp.root, [
    { when: (r) => r.args.includes("open"), reply: () => FakeAgentBrowser.ok({ targetId: "T", ...HOME }) },
    {
      ...batchRows(clickRow(opened, earlier)),
      ...(warning !== undefined ? { reply: blockedReply(warning) } : {}),
      repeat: true
    }
  ])

describe("a click's text", () => {
  it.scoped("two alerts: both messages, each accepted; an alert after the previous action is said too", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const text = resultText(yield* runToResult({ args: ["click", "#a"] }, call))
      expect(text).toContain(
        'Clicked #a\nAfter the previous action: alert "late one" (accepted)\n' +
          '2 dialogs opened: alert "Name is required" (accepted); alert "Second" (accepted)'
      )
      expect(text).not.toContain("was handled")
    }).pipe(Effect.provide(clickLayer([alert("Name is required"), alert("Second")], [alert("late one")])))
  )

  it.scoped("a confirm that stays open: the warning alone, never 'handled'", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const text = resultText(yield* runToResult({ args: ["click", "#c"] }, call))
      expect(text).toContain("Clicked #c")
      expect(text).toContain('Warning: A JavaScript confirm dialog is blocking the page: "Sure?"')
      expect(text).not.toMatch(/handled|accepted/)
    }).pipe(Effect.provide(clickLayer([], [], BLOCKING)))
  )
})
