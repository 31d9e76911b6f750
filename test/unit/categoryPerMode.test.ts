/**
 * One typed error channel: the same upstream reply gets the same failureCategory whichever input mode ran the
 * command (args, raw batch, job, qa; each step of a raw batch, job or qa is its own upstream process). For job the
 * failed step keeps its category in batchFailure and the call takes it; for qa the failed step keeps its category in
 * batchSteps and the run as a whole is a qa-failure.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { RunResult } from "../../src/domain/Outcome.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const URL = "http://a.test/"
const STEP = ["open", URL]

interface Case {
  readonly name: string
  /** The reply to the single `open` process (args, raw batch, job and qa step). */
  readonly single: Partial<RunResult>
  readonly category: string
}

const replyCase = (name: string, error: string, category: string): Case => ({
  name,
  single: FakeAgentBrowser.fail(error),
  category
})

const cases: ReadonlyArray<Case> = [
  {
    name: "unparseable stdout",
    single: { exitCode: 0, stdout: "Segmentation fault (core dumped)\n" },
    category: "parse-failure"
  },
  {
    name: "confirmation_required",
    single: FakeAgentBrowser.ok({ confirmation_required: true, confirmation_id: "c-1", action: "navigate" }),
    category: "confirmation-required"
  },
  replyCase("element not found", "Element not found: #x. Verify the selector", "selector-not-found"),
  replyCase("unknown ref", "Unknown ref: e9", "stale-ref"),
  replyCase("wait timed out", "Wait timed out after 500ms", "timeout"),
  replyCase("allowed-domains refusal", "Domain 'a.test' is not in the allowed domains list", "policy-blocked"),
  replyCase("generic error", "Something went wrong in the daemon", "upstream-error")
]

const isStep = (r: RunRequest) => r.args.includes("open") && !r.args.includes("batch")
/** The failing reply for the step, success for everything else the mode runs (buffer clears, waits, reads). */
const script = (reply: Partial<RunResult>, when: (r: RunRequest) => boolean): ReadonlyArray<ScriptedRun> => [
  { when, reply },
  { reply: FakeAgentBrowser.ok({}), repeat: true }
]

const modes = {
  args: { input: { args: STEP }, script: (c: Case) => script(c.single, isStep) },
  batch: { input: { args: ["batch"], stdin: JSON.stringify([STEP]) }, script: (c: Case) => script(c.single, isStep) },
  job: { input: { job: { steps: [{ action: "open", url: URL }] } }, script: (c: Case) => script(c.single, isStep) },
  qa: {
    input: { qa: { url: URL, checkNetwork: false, checkConsole: false, checkErrors: false } },
    script: (c: Case) => script(c.single, isStep)
  }
} as const

describe("the same upstream reply, the same category in every mode", () => {
  for (const c of cases) {
    describe(c.name, () => {
      it.scoped("args", () =>
        Effect.gen(function* () {
          const result = yield* runToResult(modes.args.input, call)
          expect(result.isError).toBe(true)
          expect(result.details.failureCategory).toBe(c.category)
        }).pipe(Effect.provide(fakeLayer(temp.root, modes.args.script(c))))
      )

      it.scoped("raw batch", () =>
        Effect.gen(function* () {
          const result = yield* runToResult(modes.batch.input, call)
          expect(result.isError).toBe(true)
          expect(result.details.failureCategory).toBe(c.category)
        }).pipe(Effect.provide(fakeLayer(temp.root, modes.batch.script(c))))
      )

      it.scoped("job: the failed step and the call", () =>
        Effect.gen(function* () {
          const result = yield* runToResult(modes.job.input, call)
          expect(result.isError).toBe(true)
          expect(result.details.batchFailure?.failedStep).toMatchObject({
            index: 0,
            command: STEP,
            failureCategory: c.category
          })
          expect(result.details.failureCategory).toBe(c.category)
        }).pipe(Effect.provide(fakeLayer(temp.root, modes.job.script(c))))
      )

      it.scoped("qa: the failed step keeps its category, the run is a qa-failure", () =>
        Effect.gen(function* () {
          const result = yield* runToResult(modes.qa.input, call)
          expect(result.isError).toBe(true)
          // qa lists its steps in batchSteps (it sets no batchFailure today); either way the failed step keeps its
          // category
          const failed =
            result.details.batchFailure?.failedStep ??
            result.details.batchSteps?.find((s) => s.resultCategory === "failure")
          expect(failed).toMatchObject({ index: 0, command: STEP, failureCategory: c.category })
          expect(result.details.failureCategory).toBe("qa-failure")
          expect(result.details.qaPreset?.failedChecks[0]).toContain("step 1 (open http://a.test/) failed")
          expect(result.details.qaPreset?.passed).toBe(false)
        }).pipe(Effect.provide(fakeLayer(temp.root, modes.qa.script(c))))
      )
    })
  }
})
