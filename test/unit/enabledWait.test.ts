/**
 * A click whose target is disabled waits for it (page/readiness.ts): its words on success and failure, the
 * recorder's script with and without the wait, and a whole click over the fake graph: still one upstream process,
 * enabled or not.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { clickRecorderScript } from "../../src/page/clickRecorder.js"
import {
  CLICK_DISABLED,
  enabledAfterOf,
  enabledWaitWords,
  stayedDisabledOf,
  stayedDisabledText
} from "../../src/page/readiness.js"
import { stepRowOf } from "../../src/upstream/classifyReply.js"
import { throwValueStatement } from "../../src/upstream/wire.js"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { call, fakeLayer, openBatch, resultText, runsOpen, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** Upstream's words for an eval that threw `value` on purpose (upstream/wire.ts). */
const thrownError = (value: unknown): string => {
  try {
    new Function("v", throwValueStatement("v"))(value)
  } catch (error) {
    return `Evaluation error: Error: ${(error as Error).message}\n    at <anonymous>:1:1`
  }
  throw new Error("did not throw")
}
const stayed = (waitedMs: number, invalid: ReadonlyArray<string>) => ({ stayedDisabled: { waitedMs, invalid } })

describe("the words of a click that waited for its disabled target", () => {
  it("on the click's line: how long it was disabled", () => {
    expect(enabledWaitWords(612)).toBe(" (it was disabled; waited 0.6 s until it was enabled)")
    expect(enabledAfterOf({ resolved: true, earlierDialogs: [], enabledAfterMs: 612 })).toBe(612)
    expect(enabledAfterOf({ resolved: true, earlierDialogs: [] })).toBeUndefined()
    expect(enabledAfterOf(undefined)).toBeUndefined()
  })

  it("stayed disabled: the real wait, nothing clicked, and what usually enables it", () => {
    expect(stayedDisabledText("#b", 3012, [])).toBe(
      "#b stayed disabled for 3.0 s: nothing was clicked. A page usually enables it once a field is filled or a " +
        "choice made: snapshot -i shows them."
    )
    expect(stayedDisabledText("#b", 3012, ["#e"])).toBe(
      "#b stayed disabled for 3.0 s: nothing was clicked. Not valid yet in its form: #e; fill it, then click again."
    )
    expect(stayedDisabledText("#s", 3000, [], "button#b")).toMatch(/^#s \(in button#b\) stayed disabled for 3\.0 s/)
    expect(stayedDisabledText('@e2 (button "Pay")', 1500, ["#e", 'input[name="zip"]'])).toContain(
      'Not valid yet in its form: #e, input[name="zip"]; fill them, then click again.'
    )
  })

  it("the failure is read from the recorder's thrown value only", () => {
    const failedEval = (error: string) =>
      stepRowOf({ index: 0, command: ["eval", "(r)"], success: false, error, result: null })
    const row = failedEval(thrownError(stayed(3000, [])))
    const failed = stayedDisabledOf("#b", row)
    expect(failed?.code).toBe(CLICK_DISABLED)
    expect(failed?.message).toMatch(/^#b stayed disabled for 3\.0 s: nothing was clicked\./)
    const other = failedEval("Evaluation error: boom")
    expect(stayedDisabledOf("#b", other)).toBeUndefined()
    expect(stayedDisabledOf("#b", undefined)).toBeUndefined()
  })
})

describe("the recorder's script", () => {
  it("waits only when asked, and a target only waited for is found but not judged", () => {
    const target = { kind: "selector", selector: "#b" } as const
    expect(clickRecorderScript(target)).not.toContain(":disabled")
    expect(clickRecorderScript(target, { target, waitMs: 0 })).not.toContain(":disabled")
    const waits = clickRecorderScript(target, { target, waitMs: 3000 })
    expect(waits).toContain(':disabled")')
    expect(waits).toContain("J = true")
    const dbl = clickRecorderScript(undefined, { target, waitMs: 3000 })
    expect(dbl).toContain('"selector":"#b"')
    expect(dbl).toContain("J = false")
    // the script parses as JavaScript
    for (const script of [clickRecorderScript(target), waits, dbl]) expect(() => new Function(script)).not.toThrow()
  })
})

const HOME = { url: "http://a.test/", title: "Home" }
const ORIGIN = { origin: HOME.url }

/** A click batch's rows: the recorder waited `waitedMs` and the click ran, or it threw `thrown` and the batch ended. */
const clickBatch = (recorder: { readonly waitedMs?: number; readonly thrown?: unknown }): ScriptedRun => ({
  when: (r) => r.args.includes("batch"),
  repeat: true,
  reply: (r) => {
    const rows = []
    for (const step of stepsOf(r)) {
      const script = step[0] === "eval" ? (step[1] ?? "") : ""
      if (script.includes("earlierDialogs") && recorder.thrown !== undefined) {
        rows.push({ command: step, success: false, result: null, error: thrownError(recorder.thrown) })
        break
      }
      const result = script.includes("earlierDialogs")
        ? { ...ORIGIN, result: { resolved: true, earlierDialogs: [], enabledAfterMs: recorder.waitedMs } }
        : script.includes("jsDialogs:")
          ? { ...ORIGIN, result: { ...HOME, click: { resolved: true, events: 3, hits: 3, navigating: false } } }
          : step[0] === "click"
            ? { clicked: step[1] }
            : step[0] === "tab"
              ? { tabs: [{ active: true, tabId: "t1", ...HOME }] }
              : { result: true }
      rows.push({ command: step, success: true, result, error: null })
    }
    return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
  }
})

const layer = (recorder: Parameters<typeof clickBatch>[0]) =>
  fakeLayer(temp.root, [openBatch(HOME), clickBatch(recorder)])

/** The click's own upstream processes (those after the open). */
const clickProcesses = Effect.map(FakeAgentBrowser, (fake) => fake.requests).pipe(
  Effect.flatten,
  Effect.map((all) => all.filter((r) => !runsOpen(r)))
)

describe("a click over the fake graph", () => {
  it.scoped("enabled after a wait: clicked, said, in one process", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const result = yield* runToResult({ args: ["click", "#b"] }, call)
      expect(resultText(result)).toBe("Clicked #b (it was disabled; waited 0.6 s until it was enabled)")
      const processes = yield* clickProcesses
      expect(processes).toHaveLength(1)
      expect(stepsOf(processes[0]!).some((s) => s[0] === "click")).toBe(true)
    }).pipe(Effect.provide(layer({ waitedMs: 600 })))
  )

  it.scoped("enabled at once: the usual words, one process", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      expect(resultText(yield* runToResult({ args: ["click", "#b"] }, call))).toBe("Clicked #b")
      expect(yield* clickProcesses).toHaveLength(1)
    }).pipe(Effect.provide(layer({})))
  )

  it.scoped("stayed disabled: upstream-error with the wait said, a snapshot next, one process", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const result = yield* runToResult({ args: ["click", "#b"] }, call)
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("upstream-error")
      expect(resultText(result)).toMatch(
        /^Failed \(upstream-error\): #b stayed disabled for 3\.0 s: nothing was clicked\. Not valid yet in its form: #e; fill it, then click again\./
      )
      expect(result.details.nextActions?.[0]?.params?.args?.slice(-2)).toEqual(["snapshot", "-i"])
      expect(yield* clickProcesses).toHaveLength(1)
    }).pipe(Effect.provide(layer({ thrown: stayed(3004, ["#e"]) })))
  )
})
