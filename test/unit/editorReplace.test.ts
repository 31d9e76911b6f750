/**
 * `fill` on a rich editor that already holds text (issue #45, bench:cases editor.fill-replaces): upstream's fill adds
 * the typed text to it. The fill's guard now selects the editor's contents as the fill reaches it (editorSelect.ts),
 * in the same one batch: an editor read back holding the text is said as filled. Where the replace still does not
 * take, the fill check says the editor kept its earlier text (lengths only), advises a step that replaces it, and
 * offers it as the first next action: one job, Control+a in the editor, then the text typed over it. Real-browser
 * counterpart (the page read raw): test/integration/editorReplace.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Plan } from "../../src/domain/Plan.js"
import { fillAdvice } from "../../src/page/fillAdvice.js"
import { fillBeforeScript } from "../../src/page/fillGuard.js"
import { fillReadScript, fillVerificationOf } from "../../src/page/fillReadback.js"
import { fillShortWay } from "../../src/presenters/actions/fillShortWay.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { batchRows, contentText, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-editor", cwd: temp.root }
const opened = { url: "http://a.test/editor", title: "Editor" }
const editor = (value: string) => ({ value, via: "text", selector: "#ed" })
const plan = { sessionRole: "managed", line: { command: "fill", positionals: ["fill", "#ed", "New text"] } }

/** The fill's batch: the guard's eval, the fill, then the read-back answering what the editor holds. */
const fillBatch = (holds: string) =>
  batchRows((step) =>
    step[0] === "fill"
      ? { filled: step[1] }
      : step[0] === "eval" && step[1]?.includes("unverifiable") === true
        ? { result: editor(holds) }
        : { result: null }
  )

describe("fill on a rich editor that holds text (#45)", () => {
  it.scoped("an editor read back holding the text is said as filled, from the fill's one batch", () =>
    Effect.gen(function* () {
      const { result, requests } = yield* Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        const result = yield* runToResult({ args: ["fill", "#ed", "New text"] }, here)
        return { result, requests: yield* (yield* FakeAgentBrowser).requests }
      }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch(opened), fillBatch("New text")])))
      // before (upstream's fill kept the editor's text): 'Filled #ed Fill check: After fill, #ed holds 22
      // character(s), not the 8 typed: the editor kept its earlier text: ...'
      expect(contentText(result.content)).toBe('Filled #ed: it now holds "New text"')
      expect(result.details.nextActions?.some((a) => a.id === "replace-editor-text")).toBe(false)
      // one upstream process: the guard (which selects the editor's text as the fill reaches it), the fill, the read
      const fills = requests.filter((r) => stepsOf(r).some((step) => step[0] === "fill"))
      expect(fills.map((r) => stepsOf(r).map((step) => step[0]))).toEqual([["eval", "fill", "eval"]])
      expect(stepsOf(fills[0]!)[0]?.[1]).toContain("selectNodeContents")
    })
  )

  it("the guard selects only the fill's own editor: its CSS target, else the element upstream's fill reached", () => {
    // upstream's fill dispatches a plain untrusted input event on its target before it inserts the text
    const css = fillBeforeScript("#ed", "New text", false)
    expect(css).toContain("const want = el,")
    expect(css).toContain("e.isTrusted || e.constructor !== Event")
    expect(fillBeforeScript(undefined, "New text", false)).toContain("const want = null,")
    // never the text itself (it may be a secret); the read-back removes a listener the fill never reached
    expect(css).not.toContain("New text")
    expect(fillReadScript({ selector: "#ed", text: "New text" })).toContain(
      'window.removeEventListener("input", window[Symbol.for("pi-agent-browser.fill-editor-select")], true)'
    )
  })

  it.scoped("says the editor kept its text and offers the job that replaces it first", () =>
    Effect.gen(function* () {
      const result = yield* Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ args: ["fill", "#ed", "New text"] }, here)
      }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch(opened), fillBatch("New textOld draft text")])))
      // before: "... the page kept or rewrote something else. Check the field (snapshot -i); for a custom widget,
      // type into it instead (real keys)."
      expect(contentText(result.content)).toContain(
        "Fill check: After fill, #ed holds 22 character(s), not the 8 typed: the editor kept its earlier text: the " +
          "fill added the typed text to it instead of replacing it. To replace its text, select all of it and type " +
          'over it in one job: {"action":"press","selector":"#ed","text":"Control+a"}, then a type step with your ' +
          "text and no selector (real keys over the selection)."
      )
      expect(result.details.nextActions?.[0]).toMatchObject({
        id: "replace-editor-text",
        params: {
          job: {
            steps: [
              { action: "press", selector: "#ed", text: "Control+a" },
              { action: "type", text: "New text" }
            ]
          }
        }
      })
      const inspect = result.details.nextActions?.find((a) => a.id === "inspect-after-fill-verification")
      expect(inspect?.safety).toBe(
        "A rich editor keeps its text under fill: press Control+a in it, then keyboard inserttext the text."
      )
    })
  )

  it("only an editor holding the typed text beside other text is said to have kept it", () => {
    const target = { selector: "#ed", text: "New text" }
    expect(fillVerificationOf(target, editor("New textOld draft text"))).toMatchObject({ added: true })
    // a rewritten editor, and a plain field holding more, are not
    const rewritten = fillVerificationOf(target, editor("Newer text"))
    expect(rewritten).not.toHaveProperty("added")
    expect(fillAdvice(rewritten!)).toBe(
      "Check the field (snapshot -i); for a custom widget, type into it instead (real keys)."
    )
    const field = fillVerificationOf(target, { value: "New text old", via: "value", selector: "#f" })
    expect(field).not.toHaveProperty("added")
    // text longer than a job's type step takes: no job (the args way in the note still works)
    const long = "x".repeat(201)
    const added = fillVerificationOf({ selector: "#ed", text: long }, editor(`${long}Old`))!
    const longPlan = { ...plan, line: { command: "fill", positionals: ["fill", "#ed", long] } }
    expect(fillShortWay(added, longPlan as unknown as Plan)).toEqual([])
    expect(fillShortWay(added, { ...plan, sessionRole: "explicit" } as unknown as Plan)).toEqual([])
  })
})
