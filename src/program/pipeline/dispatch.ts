/**
 * The part of a call that talks to the browser, under the session lock, once the guard phase let it through: the
 * reads before (a known tab refocused, the tab and page it starts on), the run phase its family describes
 * (families/), the reply settled (launch failure, approval), and the read phase after it (readPhase.ts). Errors keep
 * the tag they were classified with.
 */
import * as Either from "effect/Either"
import { isClose } from "../../upstream/commandPolicy.js"
import { type RunPhaseResult, runPhase } from "../families/runPhase.js"
import { isPendingConfirmation, resolveConfirmation } from "../lifecycle/approval.js"
import { endFailedLaunch, launchFailureOf, withLaunchChoice } from "../lifecycle/failedLaunch.js"
import { closeQueuedLaunch } from "../lifecycle/poolLaunch.js"
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import type { CommandFamily } from "../families/family.js"
import { focusBefore } from "../tabs/focusRestore.js"
import { refocusKnownTab } from "../tabs/tabRecovery.js"
import type { CallContext } from "./callContext.js"
import { hintMissing, hintStale } from "./guardPhase.js"
import { readPhase } from "./readPhase.js"

export const dispatch = (plan: Plan, family: CommandFamily, call: CallContext) =>
  Effect.gen(function* () {
    const single = family.name !== "steps"
    const refocused = single && plan.line.command !== "batch" ? yield* refocusKnownTab(plan) : undefined
    // where a click, key press or script starts, to give the focus back to that tab if another took it (L17)
    const startedOn = single ? yield* focusBefore(plan) : undefined
    const pageBefore =
      plan.sessionName !== undefined ? (yield* (yield* SessionRegistry).view(plan.sessionName)).page?.url : undefined
    const ran = yield* runPhase(plan, family, call.onProgress)
    const { outcome, approval } = yield* settleReply(plan, ran.replied, call.approve)
    const read = yield* readPhase(plan, ran, outcome, { refocused, startedOn, pageBefore })
    return { outcome: outcome satisfies UpstreamOutcome, approval, ...read }
  }).pipe(Effect.catchTag("SelectorNotFound", hintMissing(plan)), Effect.catchTag("StaleRef", hintStale(plan)))

type Replied = RunPhaseResult["replied"]

/** A reply that says the browser could not start or be reached (a job/qa step's too: its first failed step). */
const launchFailureIn = (replied: Replied) => {
  const failedStep =
    Either.isRight(replied) && replied.right.kind === "batch"
      ? replied.right.rows.find((row) => !row.success)
      : undefined
  return Either.isLeft(replied)
    ? launchFailureOf(replied.left)
    : failedStep !== undefined && !failedStep.success
      ? launchFailureOf(failedStep.error)
      : undefined
}

/** The outcome to read after and judge, with the human's approval if one was asked; or the call's failure. */
export const settleReply = (plan: Plan, replied: Replied, approve: CallContext["approve"]) =>
  Effect.gen(function* () {
    const launchFailure = launchFailureIn(replied)
    if (launchFailure !== undefined) {
      // The browser could not start or be reached: nothing of this call is kept (not its launch flags, not its
      // daemon, which would keep retrying the options that failed), so the next call starts normally.
      // (a daemon that did not start is not ended: the one its pid file names may be another process's, working)
      if (launchFailure.launch.reason !== "daemon-start") yield* endFailedLaunch(plan)
      return yield* Effect.fail(yield* withLaunchChoice(plan, launchFailure))
    }
    // a pool launch that timed out was queued there: its connection is closed so the pool frees the slot
    if (Either.isLeft(replied) && replied.left._tag === "TimedOut" && plan.pool !== undefined)
      return yield* Effect.fail(yield* closeQueuedLaunch(plan, replied.left))
    // Upstream answered an error for the managed session: its daemon and browser exist now all the same, so later
    // launch flags must be refused rather than silently relaunching it.
    if (Either.isLeft(replied) && plan.sessionRole === "managed" && !isClose(plan.line)) {
      const error = replied.left
      const answered =
        error._tag !== "MissingBinary" &&
        error._tag !== "ParseFailure" &&
        !(error._tag === "TimedOut" && error.source === "watchdog")
      if (answered) yield* (yield* SessionRegistry).recordAttempt(plan)
    }
    return Either.isLeft(replied) && isPendingConfirmation(replied)
      ? yield* resolveConfirmation(plan, replied.left, approve)
      : { outcome: yield* replied, approval: undefined }
  })
