/** What a failed `sessionMode: "fresh"` launch leaves: the previous browser kept, or nothing; never a half-start. */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { ManagedSessionOutcome } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { sessionOutcomeOf } from "../../session/sessionTransitions.js"
import { closeReporting } from "./closeSession.js"
import { launchFailureOf } from "./failedLaunch.js"

/**
 * A fresh launch that failed never becomes the managed session: the previous one stays current (`preserved`), or,
 * when there was none, the attempt is dropped (`abandoned`). Either way its half-started browser is closed.
 */
export const abandonFreshLaunch = (plan: Plan, error?: { readonly _tag: string }) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    // closed without its launch flags: they may be exactly what failed (a bad executable path, an unreachable CDP);
    // a browser that could not start already had its daemon ended (a `close` now would start a new one)
    if (plan.sessionName !== undefined && (error === undefined || launchFailureOf(error) === undefined))
      yield* closeReporting({ name: plan.sessionName, active: true, launchFlags: [] }, plan.env)
    // the fresh launch never became current: the state before it is the state after it
    const state = Option.getOrUndefined(yield* registry.snapshot)
    return state !== undefined
      ? sessionOutcomeOf(plan, state, state, false)
      : ({
          status: "abandoned",
          sessionMode: "fresh",
          attemptedSessionName: plan.sessionName ?? "",
          previousSessionName: plan.sessionName ?? "",
          currentSessionName: plan.sessionName ?? "",
          activeBefore: false,
          activeAfter: false,
          succeeded: false
        } satisfies ManagedSessionOutcome)
  })
