/**
 * `check|uncheck` aimed at no checkbox (issue #41, found by bench:cases): upstream clicks the element twice and answers
 * `{checked:"#f"}`, which read `Checked #f` on a text field that shows nothing checked. The tool refuses it before the
 * check runs: a CSS target by the step before it (in the same batch, which stops there), a ref by its role in the
 * latest snapshot; a real box is checked as before. Real-browser counterpart: test/integration/checkGuard.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { StepRow } from "../../src/domain/Outcome.js"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import {
  checkBeforeScript,
  checkProbeRows,
  checkRefusedAt,
  checkTargetOf,
  refCheckRefusal
} from "../../src/page/checkGuard.js"
import { EVENT_WATCH_READ } from "../../src/page/fillTimers.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, contentText, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-check", cwd: temp.root }
const opened = { url: "http://a.test/form", title: "Form" }

/**
 * A check's batch: the guard's eval answers `guard` (a value, or a thrown one that stops the batch), then the watch's
 * install, the check, and the watch's read (answering `appeared`).
 */
const checkBatch = (guard: { readonly thrown: unknown } | true, appeared?: unknown): ScriptedRun => ({
  when: (r) => stepsOf(r).some((s) => s[0] === "check" || s[0] === "uncheck"),
  reply: (r) => {
    const steps = stepsOf(r)
    const answer = (step: ReadonlyArray<string>) =>
      step[0] === "check" || step[0] === "uncheck"
        ? { checked: step[1] }
        : // the page's read: what appeared, and that the page stayed (nothing started to leave it)
          {
            result:
              step[1] === EVENT_WATCH_READ
                ? { ...(appeared ?? { appeared: { count: 0, texts: [] } }), stayed: true }
                : true
          }
    const rows =
      guard === true
        ? steps.map((step) => ({ command: step, success: true, result: answer(step), error: null }))
        : [
            {
              command: steps[0],
              success: false,
              result: null,
              error: `Evaluation error: Error: \u0001${JSON.stringify(guard.thrown)}\u0001\n    at <anonymous>:9:3`
            }
          ]
    return { exitCode: guard === true ? 0 : 1, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})

describe("check on an element that is no checkbox (#41)", () => {
  it.scoped("a text field: refused with what it is, nothing checked; the next action lists the boxes", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        openBatch(opened),
        checkBatch({ thrown: { notCheckable: { tag: "input", type: "", role: "" } } })
      ])
      const run = Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ args: ["check", "#f"] }, here)
      })
      const result = yield* run.pipe(Effect.provide(layer))
      // before: `Checked #f`
      expect(result.isError).toBe(true)
      expect(contentText(result.content)).toContain(
        `#f is an input of type "text", not a checkbox, radio button or switch: nothing was checked (the check was ` +
          "not sent, so the page is unchanged). To tick a box, take a snapshot -i and check its checkbox ref; to " +
          "toggle a control that is not a checkbox, click it."
      )
      expect(result.details.failureCategory).toBe("upstream-error")
      expect(result.details.nextActions?.[0]?.params?.args).toEqual(expect.arrayContaining(["snapshot", "-i"]))
    })
  )

  it.scoped("a disabled box (in a disabled fieldset): refused with what it still holds", () =>
    Effect.gen(function* () {
      const disabled = { tag: "input", type: "checkbox", role: "", checked: true, byFieldset: true }
      const layer = fakeLayer(temp.root, [openBatch(opened), checkBatch({ thrown: { disabledBox: disabled } })])
      const run = Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ args: ["uncheck", "#t"] }, here)
      })
      const result = yield* run.pipe(Effect.provide(layer))
      // before: `Unchecked #t` (upstream answers success and leaves a disabled box as it was)
      expect(result.isError).toBe(true)
      expect(contentText(result.content)).toContain(
        "#t is a disabled checkbox (the <fieldset> around it is disabled): nothing was unchecked, it stays checked " +
          "(the uncheck was not sent). The page enables it itself (often after another choice); take a snapshot -i " +
          "to see which controls are enabled."
      )
      expect(result.details.failureCategory).toBe("upstream-error")
      expect(result.details.nextActions?.[0]?.params?.args).toEqual(expect.arrayContaining(["snapshot", "-i"]))
    })
  )

  it.scoped("a real checkbox: the guard lets it through and the check is said as before", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [openBatch(opened), checkBatch(true)])
      const run = Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ args: ["uncheck", "#f"] }, here)
      })
      const result = yield* run.pipe(Effect.provide(layer))
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe("Unchecked #f")
    })
  )

  it.scoped("a box whose change narrows a list: the text it made appear and hid is said (tables.filter-narrows)", () =>
    Effect.gen(function* () {
      const appeared = {
        appeared: {
          count: 1,
          texts: ["Showing 3 of 8 products"],
          hidden: { count: 5, texts: ["Laptop stand", "Keyboard"], kept: { count: 3, texts: ["Desk lamp", "Monitor"] } }
        }
      }
      const layer = fakeLayer(temp.root, [openBatch(opened), checkBatch(true, appeared)])
      const run = Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ args: ["check", "#stock"] }, here)
      })
      const result = yield* run.pipe(Effect.provide(layer))
      // before: `Checked #stock` alone, while the page's list went from 8 products to 3
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe(
        'Checked #stock\nNew text: "Showing 3 of 8 products"\nHidden: "Laptop stand"; "Keyboard" (and 3 more); ' +
          'still shown in their list: "Desk lamp"; "Monitor" (and 1 more)'
      )
    })
  )

  it("a ref the snapshot lists as another control is refused before anything is sent; a box or unknown ref is not", () => {
    const refs = {
      refs: new Map([
        ["e1", { role: "textbox", name: "Name" }],
        ["e2", { role: "checkbox", name: "Subscribe" }],
        ["e3", { role: "generic", name: "" }]
      ]),
      url: opened.url,
      daemonPid: "1"
    }
    expect(refCheckRefusal({ command: "uncheck", selector: "@e1" }, refs)?.message).toBe(
      `@e1 is a textbox "Name", not a checkbox, radio button or switch: nothing was unchecked (the uncheck was ` +
        "not sent, so the page is unchanged). To tick a box, take a snapshot -i and check its checkbox ref; to " +
        "toggle a control that is not a checkbox, click it."
    )
    expect(refCheckRefusal({ command: "check", selector: "@e2" }, refs)).toBeUndefined()
    expect(refCheckRefusal({ command: "check", selector: "@e3" }, refs)).toBeUndefined()
    expect(refCheckRefusal({ command: "check", selector: "@e9" }, refs)).toBeUndefined()
    // a ref: upstream's own reads before the check (page script cannot find a ref)
    expect(checkProbeRows("@e1")).toEqual([
      ["is", "enabled", "@e1"],
      ["is", "checked", "@e1"]
    ])
    expect(checkProbeRows("e1")[0]).toEqual(["is", "enabled", "@e1"])
    expect(checkProbeRows("#f")).toEqual([["eval", checkBeforeScript("#f")]])
    expect(checkTargetOf(["check", "#f", "extra"])).toBeUndefined()
    expect(checkTargetOf(["uncheck", "e4"])).toEqual({ command: "uncheck", selector: "e4" })
  })

  it("a ref upstream reads as disabled: refused with what it still holds; an enabled one is not", () => {
    const row = (command: ReadonlyArray<string>, result: unknown): StepRow => ({ command, success: true, result })
    const rows = (enabled: boolean) => [
      row(["is", "enabled", "@e4"], { enabled }),
      row(["is", "checked", "@e4"], { checked: true }),
      row(["uncheck", "@e4"], { unchecked: "@e4" })
    ]
    const refs = { refs: new Map([["e4", { role: "switch", name: "Dark mode" }]]), url: opened.url, daemonPid: "1" }
    const check = { command: "uncheck", selector: "@e4" } as const
    // before: `Unchecked @e4` (upstream answered success; a disabled box takes no click)
    expect(checkRefusedAt(check, rows(false), 2, refs)?.message).toBe(
      "@e4 is a disabled switch: nothing was unchecked, it stays checked (a disabled box takes no click). The page " +
        "enables it itself (often after another choice); take a snapshot -i to see which controls are enabled."
    )
    expect(checkRefusedAt(check, rows(false), 2, undefined)?.message).toContain("@e4 is a disabled checkbox")
    expect(checkRefusedAt(check, rows(true), 2, refs)).toBeUndefined()
  })

  it.scoped(
    "a disabled box by ref: upstream's reads and the check in one upstream process, refused with its state",
    () =>
      Effect.gen(function* () {
        const answer = (step: ReadonlyArray<string>) =>
          step[1] === "enabled" ? { enabled: false } : step[1] === "checked" ? { checked: false } : { checked: step[1] }
        const layer = fakeLayer(temp.root, [openBatch(opened), batchRows(answer)])
        const run = Effect.gen(function* () {
          yield* runToResult({ args: ["open", opened.url] }, here)
          const before = (yield* (yield* FakeAgentBrowser).requests).length
          const result = yield* runToResult({ args: ["check", "@e4"] }, here)
          const requests = (yield* (yield* FakeAgentBrowser).requests).slice(before)
          return { result, requests }
        })
        const { result, requests } = yield* run.pipe(Effect.provide(layer))
        // before: `Checked @e4`, from one `check` process
        expect(contentText(result.content)).toContain(
          "@e4 is a disabled checkbox: nothing was checked, it stays unchecked"
        )
        expect(result.isError).toBe(true)
        expect(
          requests.map((r) => stepsOf(r).map((s) => (s[0] === "eval" ? "eval" : s.slice(0, 2).join(" "))))
        ).toEqual([["is enabled", "is checked", "eval", "check @e4", "eval"]])
      })
  )

  it.scoped("a job's check step on a text field: the step is refused with the same words, and the check not sent", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        openBatch(opened),
        checkBatch({ thrown: { notCheckable: { tag: "input", type: "email", role: "" } } })
      ])
      const run = Effect.gen(function* () {
        yield* runToResult({ args: ["open", opened.url] }, here)
        return yield* runToResult({ job: { steps: [{ action: "check", selector: "#mail" }] } }, here)
      })
      const result = yield* run.pipe(Effect.provide(layer))
      expect(result.isError).toBe(true)
      expect(contentText(result.content)).toContain(
        `#mail is an input of type "email", not a checkbox, radio button or switch: nothing was checked`
      )
    })
  )
})
