/**
 * Runs a compiled job/qa step by step (one upstream call per row, same session and launch flags, under the caller's
 * session lock) instead of one opaque `batch` process: progress is reported after every step, fail-fast stops at
 * the first failed step exactly like `batch --bail`, and when the time budget runs out the result says which steps
 * completed and whether the first incomplete one is safe to retry. A failed step keeps the typed error its reply
 * was classified as, so a step fails with the same category the same command would have as `args`. The command a
 * progress update shows is redacted like every other echo (password fields by the session's ref names, secrets
 * learned in this call or earlier ones scrubbed).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../schema/Outcome.js"
import type { Plan } from "../../schema/Plan.js"
import type { ProgressSink } from "../../schema/Progress.js"
import { TimedOut } from "../../schema/ToolError.js"
import { Redactor } from "../../services/Redactor.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/target.js"
import { guardNeed } from "../../security/typingGuard.js"
import { runGuarded } from "../security/guardedTyping.js"

/** Steps that only read or wait: safe to run again after a timeout. */
const READ_ONLY = new Set(["get", "is", "wait", "snapshot", "screenshot", "console", "errors", "network", "cookies", "storage", "tab", "eval"])

/** Below this, a step is not started: it could not finish before the call's watchdog. */
const MIN_STEP_BUDGET_MS = 1_000

export const runSteps = (plan: Plan, rows: ReadonlyArray<ReadonlyArray<string>>, failFast: boolean, onProgress: ProgressSink | undefined) =>
  Effect.gen(function*() {
    const commands = yield* SessionCommands
    const redactor = yield* Redactor
    const refs = plan.sessionName !== undefined ? yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName) : undefined
    const lookup = (ref: string) => refs?.refs.get(ref)?.name
    yield* redactor.learnSteps(rows, lookup)
    const shown = (row: ReadonlyArray<string>) => Effect.flatMap(redactor.echoArgs(row, lookup), redactor.scrubValue)
    const target = { ...targetOf(plan), kind: "browser" as const }
    const deadline = (yield* Clock.currentTimeMillis) + plan.timeoutMs
    const done: Array<StepRow> = []
    const outOfTime = (index: number, row: ReadonlyArray<string>, cause: TimedOut) =>
      new TimedOut({
        ...cause,
        timeoutMs: plan.timeoutMs,
        partialProgress: { completedSteps: done.length, totalSteps: rows.length, firstIncompleteStep: { index, command: row, retryable: READ_ONLY.has(row[0] ?? "") } }
      })
    for (const [index, row] of rows.entries()) {
      const remaining = deadline - (yield* Clock.currentTimeMillis)
      if (remaining < MIN_STEP_BUDGET_MS) {
        return yield* outOfTime(index, row, new TimedOut({ source: "watchdog", message: `the ${plan.timeoutMs} ms budget ran out before step ${index + 1}`, timeoutMs: plan.timeoutMs, dispatched: "no", stdout: "", stderr: "" }))
      }
      const need = guardNeed(plan.security, row)
      const attempt = yield* Effect.either(need !== undefined ? runGuarded(plan, target, row, need, { timeoutMs: remaining }) : commands.run(target, row, { timeoutMs: remaining }))
      let step: StepRow
      if (Either.isRight(attempt)) {
        step = { command: row, success: true, result: attempt.right.kind === "single" ? attempt.right.data : null }
      } else {
        const error = attempt.left
        // the process itself could not run or was ended by the watchdog: the run stops here
        if (error._tag === "MissingBinary" || error._tag === "InvalidInput") return yield* error
        if (error._tag === "TimedOut" && error.source === "watchdog") return yield* outOfTime(index, row, error)
        step = { command: row, success: false, error }
      }
      done.push(step)
      if (onProgress !== undefined) onProgress({ step: index + 1, total: rows.length, command: yield* shown(row), success: step.success })
      if (!step.success && failFast) break
    }
    return { kind: "batch", rows: done } satisfies UpstreamOutcome
  })
