/**
 * `details.managedSessionOutcome` in the contract's shape, from what a failed `sessionMode: "fresh"` launch reports:
 * `status` (`preserved`: the earlier managed browser stays current; `abandoned`: there was none), `sessionMode`,
 * attempted / previous / current session names, `activeBefore` / `activeAfter`, `succeeded`, `summary`. The
 * earlier fields (`outcome`, `attemptedSession`, `currentSession`) stay as aliases until readers move over. Pure.
 */
import type { ManagedSessionOutcome } from "../schema/Executed.js"
import type { ToolDetails } from "../schema/ToolDetails.js"

export const managedSessionOutcomeDetails = (o: ManagedSessionOutcome | undefined): ToolDetails["managedSessionOutcome"] => {
  if (o === undefined) return undefined
  const current = o.currentSession
  return {
    status: o.outcome,
    sessionMode: "fresh",
    attemptedSessionName: o.attemptedSession,
    ...(current !== undefined ? { previousSessionName: current, currentSessionName: current } : {}),
    activeBefore: current !== undefined,
    activeAfter: current !== undefined,
    succeeded: false,
    summary: o.outcome === "preserved"
      ? `Fresh launch ${o.attemptedSession} failed; ${current ?? "the previous session"} stays the managed session.`
      : `Fresh launch ${o.attemptedSession} failed; no managed session is active.`,
    outcome: o.outcome,
    attemptedSession: o.attemptedSession,
    ...(current !== undefined ? { currentSession: current } : {})
  }
}
