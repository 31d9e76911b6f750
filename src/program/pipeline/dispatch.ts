/**
 * The part of a call that talks to the browser, under the session lock, once the guard phase let it through: the
 * reads before (readBefore.ts: a known tab refocused, the tab and page it starts on), the run phase its family
 * describes (families/), the reply settled (settleReply.ts: launch failure, approval), and the read phase after it.
 * Errors keep the tag they were classified with.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { CommandFamily } from "../families/family.js"
import { runPhase } from "../families/runPhase.js"
import { withPermissions } from "../lifecycle/permissionGrant.js"
import type { CallContext } from "./callContext.js"
import { hintMissing, hintStale } from "./guardPhase.js"
import { readBefore } from "./readBefore.js"
import { readPhase } from "./readPhase.js"
import { settleReply } from "./settleReply.js"

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
