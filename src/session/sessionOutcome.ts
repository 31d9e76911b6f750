/**
 * The managed-session transition of one call, from the registry's state before and after it (the contract's
 * `managedSessionOutcome`). Only calls on an extension-managed session have one: the implicit session, a fresh
 * launch, or an explicit `--session <current managed name> close`; user-managed sessions and sessionless calls do
 * not. Pure.
 */
import type { ManagedSessionOutcome, ManagedSessionStatus } from "../domain/Executed.js"
import type { Plan } from "../domain/Plan.js"
import type { SessionState } from "../domain/SessionState.js"
import { isClose } from "../upstream/commandPolicy.js"

const statusOf = (plan: Plan, before: SessionState, succeeded: boolean): ManagedSessionStatus => {
  if (plan.sessionRole === "fresh")
    return succeeded
      ? before.managed.active
        ? "replaced"
        : "created"
      : before.managed.active
        ? "preserved"
        : "abandoned"
  if (succeeded && isClose(plan.line)) return "closed"
  return succeeded && !before.managed.active ? "created" : "unchanged"
}

export const sessionOutcomeOf = (
  plan: Plan,
  before: SessionState,
  after: SessionState,
  succeeded: boolean
): ManagedSessionOutcome | undefined => {
  const attempted = plan.sessionName
  if (attempted === undefined) return undefined
  const managedCall = plan.sessionRole === "managed" || plan.sessionRole === "fresh"
  const closesManaged = plan.sessionRole === "explicit" && attempted === before.managed.name && isClose(plan.line)
  if (!managedCall && !closesManaged) return undefined
  const status = statusOf(plan, before, succeeded)
  return {
    status,
    sessionMode: plan.sessionRole === "fresh" ? "fresh" : "auto",
    attemptedSessionName: attempted,
    previousSessionName: before.managed.name,
    currentSessionName: after.managed.name,
    ...(status === "replaced" ? { replacedSessionName: before.managed.name } : {}),
    activeBefore: before.managed.active,
    activeAfter: status === "closed" ? false : after.managed.active,
    succeeded
  }
}
