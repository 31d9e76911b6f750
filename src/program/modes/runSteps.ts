/**
 * Runs a compiled job/qa step by step (one upstream call per row, same session and launch flags, under the caller's
 * session lock) instead of one opaque `batch` process: progress is reported after every step, fail-fast stops at
 * the first failed step exactly like `batch --bail`, and when the time budget runs out the result says which steps
 * completed and whether the first incomplete one is safe to retry.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../schema/Plan.js"
import { TimedOut } from "../../schema/ToolError.js"
import type { BatchRow } from "../../schema/UpstreamEnvelope.js"
import type { ResolvedBinary } from "../../services/BinaryLocator.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { classifyUpstream } from "../../upstream/classifyReply.js"
import type { UpstreamOutcome } from "../../schema/Outcome.js"

export interface StepProgress {
  readonly step: number
  readonly total: number
  readonly command: ReadonlyArray<string>
  readonly success: boolean
}

export type ProgressSink = (progress: StepProgress) => void

/** Steps that only read or wait: safe to run again after a timeout. */
const READ_ONLY = new Set(["get", "is", "wait", "snapshot", "screenshot", "console", "errors", "network", "cookies", "storage", "tab", "eval"])

export interface PartialProgress {
  readonly completedSteps: number
  readonly totalSteps: number
  readonly firstIncompleteStep?: { readonly index: number; readonly command: ReadonlyArray<string>; readonly retryable: boolean }
}

export const runSteps = (plan: Plan, binary: ResolvedBinary, rows: ReadonlyArray<ReadonlyArray<string>>, failFast: boolean, onProgress: ProgressSink | undefined) =>
  Effect.gen(function*() {
    const runner = yield* ProcessRunner
    const prefix = globalFlagTokens(parseCommandLine(plan.effectiveArgs))
    const deadline = Date.now() + plan.timeoutMs
    const done: Array<BatchRow> = []
    for (const [index, row] of rows.entries()) {
      const remaining = deadline - Date.now()
      const attempt = remaining < 1_000
        ? Either.left<TimedOut>(new TimedOut({ source: "watchdog", message: `the ${plan.timeoutMs} ms budget ran out before step ${index + 1}`, timeoutMs: plan.timeoutMs, dispatched: "no", stdout: "", stderr: "" }))
        : yield* Effect.either(runner.run({ binary: binary.path, args: [...prefix, ...row], env: plan.env, timeoutMs: remaining, cwd: plan.cwd }))
      if (Either.isLeft(attempt)) {
        if (attempt.left._tag !== "TimedOut") return yield* attempt.left
        const progress: PartialProgress = {
          completedSteps: done.length,
          totalSteps: rows.length,
          firstIncompleteStep: { index, command: row, retryable: READ_ONLY.has(row[0] ?? "") }
        }
        const t = attempt.left
        return yield* new TimedOut({ source: t.source, message: t.message, timeoutMs: plan.timeoutMs, dispatched: t.dispatched, stdout: t.stdout, stderr: t.stderr, partialProgress: progress })
      }
      const outcome = classifyUpstream({ ...plan, line: parseCommandLine(row), kind: "browser" }, attempt.right)
      const result: BatchRow = Either.isRight(outcome)
        ? { command: row, success: true, error: null, result: outcome.right.kind === "single" ? outcome.right.data : null }
        : { command: row, success: false, error: outcome.left.message || outcome.left._tag, result: null }
      done.push(result)
      onProgress?.({ step: index + 1, total: rows.length, command: row, success: result.success })
      if (!result.success && failFast) break
    }
    return { kind: "batch", rows: done } satisfies UpstreamOutcome
  })
