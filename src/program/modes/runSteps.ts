/**
 * Runs a compiled job/qa, a lookup or a caller's raw `batch` step by step (one upstream call per row, same session
 * and launch flags, under the caller's session lock) instead of one opaque `batch` process: progress is reported
 * after every step, fail-fast stops at the first failed step exactly like `batch --bail`, and when the time budget
 * runs out the result says which steps completed and whether the first incomplete one is safe to retry
 * (timeoutProgress.ts). A failed step keeps the typed error its reply
 * was classified as, so a step fails with the same category the same command would have as `args`. The command a
 * progress update shows is redacted like every other echo (password fields by the session's ref names, secrets
 * learned in this call or earlier ones scrubbed). A step whose target is not there yet waits for it (bounded, inside
 * the call's budget; commandBatch.ts). What one attempt at a step runs goes by its kind (stepKinds.ts): a `fill` step
 * reads its field back in its own process (fillStep.ts): a field that does
 * not hold the text is reported on the row (`fillVerification`, lengths only), one it cannot see as not verifiable.
 * After an `open` step the next one waits until the page has stopped changing (pageSettle.ts), as a direct open does.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { ProgressSink } from "../../domain/Progress.js"
import { TimedOut, withFields } from "../../schema/ToolError.js"
import { Redactor } from "../../services/Redactor.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { guardNeed } from "../../security/typingGuard.js"
import { isReadinessMiss, readinessBudgetMs, waitsForTarget } from "../../page/readiness.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { mayProbe } from "../../session/planRun.js"
import { retryWhileMissing, withWaitedRow } from "../page/commandBatch.js"
import { stepCommandShown } from "../../page/typeReadback.js"
import { timeoutProgress } from "./timeoutProgress.js"
import { stepOnce } from "./stepKinds.js"
import { withSeenPage } from "../page/seenAfterMiss.js"
import { SETTLE_CAP_MS, settleExpression } from "../../page/pageSettle.js"
import { keystrokeRunLength, runKeystrokes } from "./keystrokeSteps.js"

/** Below this, a step is not started: it could not finish before the call's watchdog. */
const MIN_STEP_BUDGET_MS = 1_000

/**
 * Waits (bounded by the settle cap and the call's budget) until the page just opened has stopped changing; best
 * effort.
 */
const settleAfterOpen = (target: SessionTarget, deadline: number) =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    deadline - now < MIN_STEP_BUDGET_MS + SETTLE_CAP_MS
      ? Effect.void
      : Effect.ignore(
          SessionCommands.pipe(
            Effect.flatMap((commands) =>
              commands.run(target, ["eval", settleExpression()], { timeoutMs: SETTLE_CAP_MS + MIN_STEP_BUDGET_MS })
            )
          )
        )
  )

/** The call's budget is spent before step `index`: a timeout that ran nothing more, with the steps done. */
const stepBudgetSpent = (
  plan: Plan,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  done: ReadonlyArray<StepRow>,
  index: number
) =>
  Effect.flatMap(
    timeoutProgress(rows, done, index),
    (partialProgress) =>
      new TimedOut({
        reason: "step-budget",
        timeoutMs: plan.timeoutMs,
        dispatched: "no",
        stdout: "",
        stderr: "",
        partialProgress
      })
  )

/** A step that answered: its reply's data, the fill's read-back and the snapshot's naming, and how long it waited. */
const succeededRow = (
  row: ReadonlyArray<string>,
  reply: UpstreamOutcome,
  waited: { readonly waitedMs: number; readonly attempts: number }
): StepRow => {
  const verified =
    reply.kind !== "single"
      ? {}
      : {
          ...(reply.fillVerification !== undefined ? { fillVerification: reply.fillVerification } : {}),
          ...(reply.fillNotVerifiable !== undefined ? { fillNotVerifiable: reply.fillNotVerifiable } : {}),
          ...(reply.snapshotNaming !== undefined ? { snapshotNaming: reply.snapshotNaming } : {}),
          ...(reply.effects !== undefined ? { effects: reply.effects } : {}),
          ...(reply.jsDialogs !== undefined ? { jsDialogs: reply.jsDialogs } : {}),
          ...(reply.landed !== undefined ? { landed: reply.landed } : {})
        }
  return withWaitedRow(
    { command: row, success: true, result: reply.kind === "single" ? reply.data : null, ...verified },
    waited.waitedMs,
    waited.attempts
  )
}

export const runSteps = (
  plan: Plan,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  failFast: boolean,
  onProgress: ProgressSink | undefined
) =>
  Effect.gen(function* () {
    const redactor = yield* Redactor
    const refs =
      plan.sessionName !== undefined ? yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName) : undefined
    const lookup = (ref: string) => refs?.refs.get(ref)?.name
    yield* redactor.learnSteps(rows, lookup)
    const shown = (row: ReadonlyArray<string>) =>
      Effect.flatMap(redactor.echoArgs(stepCommandShown(row), lookup), redactor.scrubValue)
    const target = { ...targetOf(plan), kind: "browser" as const }
    const deadline = (yield* Clock.currentTimeMillis) + plan.timeoutMs
    const done: Array<StepRow> = []
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] ?? []
      const remaining = deadline - (yield* Clock.currentTimeMillis)
      if (remaining < MIN_STEP_BUDGET_MS) return yield* stepBudgetSpent(plan, rows, done, index)
      // a run of keystrokes (a job's type step) in one process
      const keys = keystrokeRunLength(rows, index)
      const run = rows.slice(index, index + keys)
      if (keys > 0 && run.every((r) => guardNeed(plan.security, r) === undefined)) {
        const ran = yield* runKeystrokes(target, run, remaining, failFast)
        if (ran.fatal !== undefined) {
          if (ran.fatal._tag === "MissingBinary") return yield* ran.fatal
          const partialProgress = yield* timeoutProgress(rows, done, index)
          return yield* withFields(ran.fatal, { timeoutMs: plan.timeoutMs, partialProgress })
        }
        done.push(...ran.rows)
        for (const [k, r] of ran.rows.entries()) {
          const command = yield* shown(r.command)
          onProgress?.({ step: index + k + 1, total: rows.length, command, success: r.success })
        }
        if (failFast && ran.rows.some((r) => !r.success)) break
        index += run.length - 1
        continue
      }
      const once = stepOnce(plan, target, row, index, deadline, refs)
      // a target not there yet: upstream did nothing, so the same step runs again after a short pause (bounded)
      const waited = yield* retryWhileMissing(
        waitsForTarget(row) ? readinessBudgetMs(remaining) : 0,
        once,
        (r) => Either.isLeft(r) && isReadinessMiss(r.left)
      )
      const attempt = waited.result
      let step: StepRow
      if (Either.isRight(attempt)) {
        step = succeededRow(row, attempt.right, waited)
      } else {
        const error = attempt.left
        // the process itself could not run or was ended by the watchdog: the run stops here
        if (error._tag === "MissingBinary" || error._tag === "InvalidInput") return yield* error
        if (error._tag === "TimedOut" && error.source === "watchdog")
          return yield* withFields(error, {
            timeoutMs: plan.timeoutMs,
            partialProgress: yield* timeoutProgress(rows, done, index)
          })
        const seen = error._tag === "TimedOut" ? yield* withSeenPage(target, error, deadline) : error
        step = withWaitedRow({ command: row, success: false, error: seen }, waited.waitedMs, waited.attempts)
      }
      done.push(step)
      // a page still starting after open (an app booting, a form re-rendered when it is done) would take the next
      // step's fill or click and then undo it: the next step waits, like a direct open's read, until the DOM is quiet
      if (step.success && row[0] === "open" && index < rows.length - 1 && mayProbe(plan))
        yield* settleAfterOpen(target, deadline)
      if (onProgress !== undefined)
        onProgress({ step: index + 1, total: rows.length, command: yield* shown(row), success: step.success })
      if (!step.success && failFast) break
    }
    return { kind: "batch", rows: done } satisfies UpstreamOutcome
  })
