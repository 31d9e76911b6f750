/**
 * `fill` on a rich editor that already holds text (issue #45, bench:cases editor.fill-replaces): upstream's fill adds
 * the typed text to it. The fill check says the editor kept its earlier text (lengths only), advises a step that
 * replaces it, and offers it as the first next action: one job, Control+a in the editor, then the text typed over it.
 * Real-browser counterpart (the job and the args way followed, the editor read raw): test/integration/editorReplace.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import type { Plan } from "../../src/domain/Plan.js"
import { fillAdvice } from "../../src/page/fillAdvice.js"
import { fillVerificationOf } from "../../src/page/fillReadback.js"
import { fillShortWay } from "../../src/presenters/actions/fillShortWay.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, fakeLayer, openBatch, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s-editor", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")
const opened = { url: "http://a.test/editor", title: "Editor" }
const editor = (value: string) => ({ value, via: "text", selector: "#ed" })
const plan = { sessionRole: "managed", line: { command: "fill", positionals: ["fill", "#ed", "New text"] } }

/** The fill's batch: the guard's eval, the fill, then the read-back answering what the editor holds. */
const fillBatch = (holds: string) =>
  batchRows((step) =>
    step[0] === "fill"
      ? { filled: step[1] }
      : step[0] === "eval" && step[1]?.includes("isContentEditable") === true
        ? { result: editor(holds) }
        : { result: null }
  )

describe("fill on a rich editor that holds text (#45)", () => {
  it.scoped("says the editor kept its text and offers the job that replaces it first", () =>
    Effect.gen(function* () {
      const result = yield* Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ args: ["fill", "#ed", "New text"] }, here)
      }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch(opened), fillBatch("New textOld draft text")])))
      // before: "... the page kept or rewrote something else. Check the field (snapshot -i); for a custom widget,
      // type into it instead (real keys)."
      expect(textOf(result.content)).toContain(
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
    const rewritten = fillVerificationOf(target, editor("NEW TEXT!"))
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
