/**
 * The part of a call that talks to the browser, under the session lock, once the guard phase let it through: the
 * reads before (readPhase.ts: a known tab refocused, the tab and page it starts on), the run phase its family
 * describes (families/), the reply settled (below: launch failure, approval), and the read phase after it.
 * Errors keep the tag they were classified with.
 */

import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { isClose } from "../../upstream/commandPolicy.js"
import type { CommandFamily } from "../families/family.js"
import { runPhase, type RunPhaseResult } from "../families/runPhase.js"
import { isPendingConfirmation, resolveConfirmation } from "../lifecycle/approval.js"
import { endFailedLaunch, launchFailureOf, withLaunchChoice } from "../lifecycle/failedLaunch.js"
import { withPermissions } from "../lifecycle/permissionGrant.js"
import { closeQueuedLaunch } from "../lifecycle/poolLaunch.js"
import type { CallContext } from "./planSession.js"
import { hintMissing, hintStale } from "./guardPhase.js"
import { readBefore } from "./readPhase.js"
import { readPhase } from "./readPhase.js"

export const dispatch = (plan: Plan, family: CommandFamily, call: CallContext) =>
  Effect.gen(function* () {
    const before = yield* readBefore(plan, family)
    const run = runPhase(plan, family, call.onProgress)
    const ran = yield* family.grants ? withPermissions(plan, run) : run
    call.mark?.("ran")
    const { outcome, approval } = yield* settleReply(plan, ran.replied, call.approve)
    const read = yield* readPhase(plan, ran, outcome, before)
    return { outcome: outcome satisfies UpstreamOutcome, approval, ...read }
  }).pipe(Effect.catchTag("SelectorNotFound", hintMissing(plan)), Effect.catchTag("StaleRef", hintStale(plan)))

/**
 * How a run phase's reply is settled before it is read after and judged: a launch that failed ends the call (nothing
 * of it is kept), a pool launch that timed out frees its slot, an error the managed session's daemon answered is
 * recorded (its browser exists now), and a command held for approval goes to the human.
 */
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
