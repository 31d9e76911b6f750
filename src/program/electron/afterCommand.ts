/**
 * What a successful ordinary call in a wrapper-launched Electron app's session gains (after post-command health found
 * the app alive): fill verification for `fill`, the Electron context of a `sourceLookup` without candidates, and
 * the softer warnings of `electron/electronScope.ts` (a whole-shell `get text`, refs after an `@e…` mutation), for a
 * direct call and for each step of a batch (`electronGetTextScopeWarnings` lists a batch's).
 * Never fails; any other call, or a session the wrapper did not launch, passes through unchanged.
 */
import * as Effect from "effect/Effect"
import type { Executed } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import type { CallContext } from "../pipeline/planSession.js"
import { withElectronLookupContext } from "../lookups/electronContext.js"
import { fillTargetOf, withFillVerification } from "./fillVerification.js"
import { broadTextScope, refFreshness } from "../../electron/electronScope.js"
import { refsIn } from "../../session/refPreflight.js"
import { activeLaunchOf } from "../lifecycle/trackedLaunch.js"
import type { CommandLine } from "../../domain/CommandLine.js"
import { parseCommandLine } from "../../upstream/commandLine.js"

export const electronAfterCommand = (plan: Plan, executed: Executed, call: CallContext) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    const isLookup = executed.lookup?.mode === "sourceLookup" && executed.lookup.report.status === "no-candidates"
    // a call's own line, or each step a batch ran: a batched get text or @ref mutation is judged as a direct one (E7)
    const lines =
      executed.outcome.kind === "batch"
        ? executed.outcome.rows.filter((r) => r.success).map((r) => parseCommandLine(r.command))
        : [plan.line]
    const scoped =
      executed.outcome.kind !== "inspection" &&
      lines.some((line) => isTextRead(line) || refsIn(line.positionals).length > 0)
    if (session === undefined || (fillTargetOf(plan) === undefined && !isLookup && !scoped)) return executed
    const record = yield* activeLaunchOf(session)
    if (record === undefined) return executed
    const page = () =>
      Effect.map(SessionRegistry, (r) => r.view(session)).pipe(
        Effect.flatten,
        Effect.map((v) => executed.navigation?.url ?? v.page?.url)
      )
    if (isLookup) return withElectronLookupContext(executed, record, yield* page())
    const context = { launchId: record.launchId, sessionName: session, url: yield* page() }
    const textScopes = lines.flatMap((line) => broadTextScope(line, context) ?? [])
    const freshness = lines.flatMap((line) => refFreshness(line.positionals, line, context) ?? []).at(-1)
    const noted: Executed = {
      ...executed,
      ...(textScopes[0] !== undefined ? { electronGetTextScopeWarning: textScopes[0] } : {}),
      ...(executed.outcome.kind === "batch" && textScopes.length > 0
        ? { electronGetTextScopeWarnings: textScopes }
        : {}),
      ...(freshness !== undefined ? { electronRefFreshness: freshness } : {})
    }
    return fillTargetOf(plan) === undefined ? noted : yield* withFillVerification(plan, noted, session, call)
  })

const isTextRead = (line: CommandLine): boolean => line.command === "get" && line.positionals[1] === "text"
