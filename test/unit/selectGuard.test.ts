/**
 * `select` asking for a disabled option (issue #45, bench:cases selects.disabled-option): upstream selects it anyway
 * and answered `Selected ["drone"] in #s`. The tool refuses it before the select runs: a read-only step before it in
 * the same batch throws what it found, so the batch stops there. Real-browser counterpart:
 * test/integration/selectGuard.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { StepRow } from "../../src/domain/Outcome.js"
import type { ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { selectBeforeScript, selectRefusedOf, selectTargetOf } from "../../src/page/selectGuard.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { contentText, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-select", cwd: temp.root }
const opened = { url: "http://a.test/ship", title: "Shipping" }
const std = { value: "std", label: "Standard" }
const fast = { value: "fast", label: "Express" }
const drone = { value: "drone", label: "Drone" }
const found = { disabledOption: { asked: [drone], enabled: [std, fast], shown: [std] } }
const thrownRow = (command: ReadonlyArray<string> | undefined, value: unknown) => ({
  command,
  success: false,
  result: null,
  error: `Evaluation error: Error: \u0001${JSON.stringify(value)}\u0001\n    at <anonymous>:9:3`,
  thrown: value
})

/**
 * The select's batch: the guard's eval throws `found` (the batch stops there), or answers true and the watch's install,
 * the select, the read of what it shows (`shown`) and the watch's read (`appeared`) follow.
 */
const selectBatch = (refuse: boolean, shown: unknown = null, appeared?: unknown): ScriptedRun => ({
  when: (r) => stepsOf(r).some((s) => s[0] === "select"),
  reply: (r) => {
    const steps = stepsOf(r)
    const at = steps.findIndex((s) => s[0] === "select")
    const answer = (step: ReadonlyArray<string>, i: number) =>
      step[0] === "select"
        ? { selected: step.slice(2) }
        : // the page's read: what appeared, and that the page stayed (nothing started to leave it)
          {
            result:
              i === at + 1
                ? shown
                : i === at + 2
                  ? { ...(appeared ?? { appeared: { count: 0, texts: [] } }), stayed: true }
                  : true
          }
    const rows = refuse
      ? [thrownRow(steps[0], found)]
      : steps.map((step, i) => ({ command: step, success: true, result: answer(step, i), error: null }))
    return { exitCode: refuse ? 1 : 0, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})
const htmlRead: ScriptedRun = {
  when: (r) => stepsOf(r)[0]?.[0] === "get",
  reply: { exitCode: 0, stdout: `${JSON.stringify([{ success: true, result: { html: "<option>x</option>" } }])}\n` },
  repeat: true
}

const run = (refuse: boolean, args: ReadonlyArray<string>, shown?: unknown, appeared?: unknown) =>
  Effect.gen(function* () {
    yield* runToResult({ args: ["open", opened.url] }, here)
    return yield* runToResult({ args: [...args] }, here)
  }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch(opened), selectBatch(refuse, shown, appeared), htmlRead])))

describe("select asking for a disabled option (#45)", () => {
  it.scoped("refused before the select runs, naming the enabled options and what the select still shows", () =>
    Effect.gen(function* () {
      const result = yield* run(true, ["select", "#s", "drone"])
      // before: `Selected ["drone"] in #s` (the select's value became drone)
      expect(result.isError).toBe(true)
      expect(contentText(result.content)).toContain(
        'Option drone ("Drone") of #s is disabled: nothing was selected (the select was not sent; #s still shows ' +
          '"Standard"). A user cannot pick a disabled option, and a form does not send its value. Enabled options: ' +
          'std ("Standard"), fast ("Express").'
      )
      expect(result.details.failureCategory).toBe("upstream-error")
    })
  )

  it.scoped("an enabled option: the guard lets it through, said as before", () =>
    Effect.gen(function* () {
      const result = yield* run(false, ["select", "#s", "fast"])
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe('Selected ["fast"] in #s')
    })
  )

  it.scoped("a change handler that puts another option back: what the select shows and what appeared are said", () =>
    Effect.gen(function* () {
      const note = { appeared: { count: 1, texts: ["Express delivery is not offered for this address"] } }
      const result = yield* run(false, ["select", "#s", "fast"], { shows: ["Standard"] }, note)
      // before: `Selected ["fast"] in #s`, while the page had put Standard back and said why
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe(
        'Selected ["fast"] in #s, but it now shows "Standard"\n' +
          'New text: "Express delivery is not offered for this address"'
      )
    })
  )

  it.scoped(
    "a job's select step is guarded the same way: the step fails with the refusal, later steps do not run",
    () =>
      Effect.gen(function* () {
        const steps = [
          { action: "select", selector: "#s", values: ["drone"] },
          { action: "select", selector: "#s", values: ["fast"] }
        ] as const
        const result = yield* Effect.gen(function* () {
          yield* runToResult({ args: ["open", opened.url] }, here)
          return yield* runToResult({ job: { steps } }, here)
        }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch(opened), selectBatch(true), htmlRead])))
        // before: '✓ 1/1 steps' while the select held the disabled option
        expect(result.isError).toBe(true)
        expect(contentText(result.content)).toContain('Option drone ("Drone") of #s is disabled: nothing was selected')
        expect(contentText(result.content)).toContain("0/2 steps succeeded, 1 not run")
      })
  )

  it("a CSS target is guarded; a ref or a select with no value is not; two disabled options are named", () => {
    expect(selectTargetOf(["select", "#s", "a", "b"])).toEqual({ selector: "#s", values: ["a", "b"] })
    // a ref with no snapshot, or one the snapshot names as no select (or with no name), is left to upstream
    expect(selectTargetOf(["select", "@e4", "a"])).toBeUndefined()
    const refs = {
      url: "http://a.test/ship",
      daemonPid: undefined,
      refs: new Map([
        ["e1", { role: "combobox", name: "Shipping" }],
        ["e2", { role: "button", name: "Go" }],
        ["e3", { role: "combobox", name: "" }],
        ["e4", { role: "combobox", name: "Shipping" }]
      ])
    }
    expect(selectTargetOf(["select", "@e2", "a"], refs)).toBeUndefined()
    expect(selectTargetOf(["select", "@e3", "a"], refs)).toBeUndefined()
    // the second of two same-named selects: found again as the second of the page's two
    const second = selectTargetOf(["select", "@e4", "a"], refs)
    expect(second).toEqual({
      selector: "@e4",
      values: ["a"],
      locator: { kind: "ref", role: "combobox", name: "Shipping", index: 1, of: 2 }
    })
    const script = second === undefined ? "" : selectBeforeScript(second)
    expect(script).toContain("if (same.length !== 2) return true;")
    expect(script).toContain("el = same[1] || null;")
    expect(selectTargetOf(["select", "#s"])).toBeUndefined()
    expect(selectBeforeScript({ selector: "#s", values: ['a"b'] })).toContain('["a\\"b"]')
    const two = { disabledOption: { asked: [drone, fast], enabled: [std], shown: [] } }
    // the row as the classifier reads it: the thrown value taken out of the failed eval
    const row = { command: ["eval", ""], success: false, thrown: two } as unknown as StepRow
    expect(selectRefusedOf({ selector: "#s", values: ["x"] }, row)?.message).toBe(
      'Options drone ("Drone"), fast ("Express") of #s are disabled: nothing was selected (the select was not ' +
        "sent; #s still shows no option). A user cannot pick a disabled option, and a form does not send its value. " +
        'Enabled options: std ("Standard").'
    )
  })
})
