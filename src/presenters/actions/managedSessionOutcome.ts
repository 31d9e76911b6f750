/**
 * `details.managedSessionOutcome` in the contract's shape, its visible lines and its next actions. Every call on the
 * extension-managed session carries the struct (`created`, `replaced`, `unchanged`, `closed`, `preserved`,
 * `abandoned`); only a failed `sessionMode: "fresh"` call shows it to the model, as an outcome and a recovery line
 * without generated session names (they stay in details), with `verify-current-managed-session` /
 * `snapshot-current-managed-session` (a preserved browser) and `retry-fresh-managed-session`. Pure.
 */
import type { ManagedSessionOutcome } from "../../domain/Executed.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import type { NextAction } from "../../schema/NextAction.js"
import { nextActions } from "./nextActions.js"

const SUMMARY: Record<ManagedSessionOutcome["status"], (o: ManagedSessionOutcome) => string> = {
  created: (o) =>
    `${o.sessionMode === "fresh" ? "Fresh launch" : "First browser"} ${o.attemptedSessionName} is the managed session.`,
  replaced: (o) =>
    `Fresh launch ${o.attemptedSessionName} replaced ${o.replacedSessionName ?? o.previousSessionName} as the ` +
    "managed session.",
  unchanged: (o) => `${o.currentSessionName} stays the managed session${o.activeAfter ? "" : " (no browser yet)"}.`,
  closed: (o) => `Closed ${o.attemptedSessionName}; the next call launches ${o.currentSessionName}.`,
  preserved: (o) => `Fresh launch ${o.attemptedSessionName} failed; ${o.currentSessionName} stays the managed session.`,
  abandoned: (o) => `Fresh launch ${o.attemptedSessionName} failed; no managed session is active.`
}

export const managedSessionOutcomeDetails = (
  o: ManagedSessionOutcome | undefined
): ToolDetails["managedSessionOutcome"] => (o === undefined ? undefined : { ...o, summary: SUMMARY[o.status](o) })

/** A fresh call (the caller passes only failed calls here): its launch failed, or a later check failed the call. */
const failedFresh = (o: ManagedSessionOutcome | undefined): o is ManagedSessionOutcome =>
  o !== undefined && o.sessionMode === "fresh"

/** Shown only for a failed fresh call: what became of the browsers, and what to do. */
export const sessionOutcomeLines = (o: ManagedSessionOutcome | undefined): ReadonlyArray<string> =>
  !failedFresh(o)
    ? []
    : o.status === "preserved"
      ? [
          "Managed session outcome: the fresh launch failed; the previous browser stays current.",
          'Recovery: check it (get url), or fix the launch and retry with sessionMode "fresh".'
        ]
      : o.status === "abandoned"
        ? [
            "Managed session outcome: the fresh launch failed and there was no earlier managed browser; the " +
              "next call starts a new one.",
            "Recovery: fix the launch, then retry."
          ]
        : o.status === "created" || o.status === "replaced"
          ? [
              "Managed session outcome: the fresh launch became current; the failure came after it (see " +
                "failureCategory)."
            ]
          : []

/** A failed fresh call's follow-ups; `args` are the call's own (redacted) args for the retry. */
export const sessionOutcomeActions = (
  o: ManagedSessionOutcome | undefined,
  args: ReadonlyArray<string>
): ReadonlyArray<NextAction> =>
  !failedFresh(o) || (o.status !== "preserved" && o.status !== "abandoned")
    ? []
    : [
        ...(o.status === "preserved"
          ? [
              nextActions.verifyCurrentManagedSession(o.currentSessionName),
              nextActions.snapshotCurrentManagedSession(o.currentSessionName)
            ]
          : []),
        nextActions.retryFreshManagedSession(args)
      ]
