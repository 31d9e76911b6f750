/**
 * What a successful ordinary call in a wrapper-launched Electron app's session gains (after post-command health found
 * the app alive): fill verification for `fill`, and the Electron context of a `sourceLookup` without candidates.
 * Never fails; any other call, or a session the wrapper did not launch, passes through unchanged.
 */
import * as Effect from "effect/Effect"
import type { Executed } from "../../schema/Executed.js"
import type { Plan } from "../../schema/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import type { CallContext } from "../call/callContext.js"
import { withElectronLookupContext } from "../lookups/electronContext.js"
import { fillTargetOf, withFillVerification } from "./fillVerification.js"
import { activeLaunchOf } from "./trackedSession.js"

export const electronAfterCommand = (plan: Plan, executed: Executed, call: CallContext) =>
  Effect.gen(function*() {
    const session = plan.sessionName
    const isLookup = executed.lookup?.mode === "sourceLookup" && executed.lookup.report.status === "no-candidates"
    if (session === undefined || (fillTargetOf(plan) === undefined && !isLookup)) return executed
    const record = yield* activeLaunchOf(session)
    if (record === undefined) return executed
    if (isLookup) {
      const page = executed.navigation?.url ?? (yield* (yield* SessionRegistry).view(session)).page?.url
      return withElectronLookupContext(executed, record, page)
    }
    return yield* withFillVerification(plan, executed, session, call)
  })
