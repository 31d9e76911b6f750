/**
 * What upstream says about an open JavaScript dialog reaches the model: a warning beside a snapshot (on a
 * `snapshot -i`'s own row in the batch with its naming reads, and beside a plain `snapshot`), and a command the dialog
 * refused, whose next actions answer the dialog.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const DIALOG =
  'A JavaScript confirm dialog is blocking the page: "are you sure?" — use `dialog accept` or `dialog dismiss` to resolve it'
const TREE = '- button "Delete" [ref=e1]'
/** The snapshot's batch as upstream answers it while a confirm dialog is open: the snapshot's own row carries the warning. */
const snapshotBatch: ScriptedRun = {
  when: (r) => stepsOf(r).some((step) => step[0] === "snapshot"),
  reply: (r) => ({
    exitCode: 0,
    stdout: `${JSON.stringify(
      stepsOf(r).map((step, index) => ({
        index,
        success: true,
        error: null,
        result:
          step[0] === "snapshot"
            ? { origin: "http://a.test/", refs: { e1: { role: "button", name: "Delete" } }, snapshot: TREE }
            : { result: null },
        ...(step[0] === "snapshot" && step.includes("-i") ? { warning: DIALOG } : {})
      }))
    )}\n`
  })
}

describe("an open JavaScript dialog, as upstream says it", () => {
  it.scoped("keeps upstream's warning on the snapshot's row (a dialog blocks the page) in the text and details", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
      const text = result.content[0]?.type === "text" ? result.content[0].text : ""
      expect(text).toContain(`Warning: ${DIALOG}`)
      expect(result.details.warning).toBe(DIALOG)
    }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch({ url: "http://a.test/", title: "A" }), snapshotBatch])))
  )

  it.scoped("a plain snapshot's warning is said after its tree", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const result = yield* runToResult({ args: ["snapshot"] }, call)
      const text = result.content[0]?.type === "text" ? result.content[0].text : ""
      expect(text).toContain(`Warning: ${DIALOG}`)
      expect(text.indexOf(`Warning: ${DIALOG}`)).toBeGreaterThan(text.indexOf("Delete"))
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }),
          {
            when: (r) => r.args.includes("snapshot"),
            reply: {
              exitCode: 0,
              stdout: `${JSON.stringify({ success: true, data: { origin: "http://a.test/", refs: { e1: { role: "button", name: "Delete" } }, snapshot: TREE }, error: null, warning: DIALOG })}\n`
            }
          }
        ])
      )
    )
  )

  it.scoped(
    "a command an open dialog refused: upstream-error (code dialog_blocking) whose next actions dismiss, then accept",
    () =>
      Effect.gen(function* () {
        yield* runToResult({ args: ["open", "http://a.test/"] }, call)
        const result = yield* runToResult({ args: ["get", "title"] }, call)
        expect(result.details).toMatchObject({ resultCategory: "failure", failureCategory: "upstream-error" })
        expect(result.details.nextActions?.slice(0, 2).map((a) => a.params?.args?.slice(-2))).toEqual([
          ["dialog", "dismiss"],
          ["dialog", "accept"]
        ])
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            openBatch({ url: "http://a.test/", title: "A" }),
            {
              when: (r) => r.args.includes("get"),
              reply: FakeAgentBrowser.fail(
                'A JavaScript confirm dialog is blocking the page: "Proceed?". Resolve it with `dialog accept` or `dialog dismiss`, then retry `get title`.'
              )
            }
          ])
        )
      )
  )
})
