/** Pure session-state transitions after a successful call. */
import type { Plan } from "../domain/Plan.js"
import type { ManagedSession, SessionState } from "../domain/SessionState.js"
import { managedNameFor } from "../domain/SessionState.js"
import { isClose } from "../upstream/commandPolicy.js"

export interface Transition {
  readonly next: SessionState
  /** A managed session that the new state no longer follows and that should be closed. */
  readonly replaced: ManagedSession | undefined
}

export const afterSuccess = (state: SessionState, plan: Plan): Transition => {
  if (plan.sessionRole === "fresh" && plan.sessionName !== undefined) {
    return {
      next: {
        ...state,
        generation: state.generation + 1,
        managed: { name: plan.sessionName, active: true, launchFlags: plan.launchFlags }
      },
      replaced: state.managed.active ? state.managed : undefined
    }
  }
  if (plan.sessionRole === "managed") {
    if (isClose(plan.line)) {
      // A closed managed browser is gone: the next call launches under a new name (no stale upstream files).
      const generation = state.generation + 1
      return {
        next: {
          ...state,
          generation,
          managed: { name: managedNameFor(state.baseName, generation), active: false, launchFlags: [] }
        },
        replaced: undefined
      }
    }
    if (!state.managed.active) {
      return {
        next: { ...state, managed: { ...state.managed, active: true, launchFlags: plan.launchFlags } },
        replaced: undefined
      }
    }
  }
  return { next: state, replaced: undefined }
}
