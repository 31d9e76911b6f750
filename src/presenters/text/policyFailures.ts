/** A call held or refused: an action waiting for confirmation, a policy block. */
import { nextActions } from "../actions/nextActions.js"
import { securityRefusal } from "./securityRefusal.js"
import { type FailureContext, type FailureOf, none } from "./failureContext.js"
import type { FormattedFailure } from "./timeFailures.js"

const confirmationRequired = (e: FailureOf<"ConfirmationRequired">, { session }: FailureContext): FormattedFailure =>
  e.decision === "denied"
    ? {
        text: `The user declined the ${e.action} action; it did not run.`,
        summary: `Declined: ${e.action}`,
        nextActions: none
      }
    : e.decision === "no-ui"
      ? {
          text:
            `The ${e.action} action needs a human's approval and this pi session has no UI to ask, so it was ` +
            "declined and did not run. Ask the user to approve it in an interactive session, or run without " +
            "--confirm-actions for this action.",
          summary: `Needs approval: ${e.action}`,
          nextActions: none
        }
      : {
          text:
            `agent-browser is holding the ${e.action} action for confirmation (id ${e.confirmationId}); nothing ` +
            "ran yet. Confirm or deny it.",
          summary: `Confirmation required: ${e.action}`,
          nextActions: [nextActions.confirm(session, e.confirmationId), nextActions.deny(session, e.confirmationId)]
        }

const policyBlocked = (e: FailureOf<"PolicyBlocked">, { plan, args }: FailureContext): FormattedFailure =>
  e.promptGuard !== undefined
    ? {
        text: `Not closed: ${e.promptGuard.summary}`,
        summary: "Requested files missing before close",
        nextActions: none
      }
    : e.violation === undefined
      ? { text: `Blocked by policy: ${e.message}`, summary: "Policy blocked", nextActions: none }
      : securityRefusal(plan, e.violation, e.message, args)

/** This file's categories, for `formatFailure`'s table (each entered only for its own error). */
export const policyFailures = {
  ConfirmationRequired: confirmationRequired,
  PolicyBlocked: policyBlocked
}
