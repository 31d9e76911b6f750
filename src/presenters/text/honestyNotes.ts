/**
 * What a result must say so it reads as what really happened: a page that is a challenge for a human (the open
 * worked, but the agent must not go on by itself), and a `select` that hit a custom combobox (the failure's
 * follow-ups), and the `richInputRecovery` field of a fill miss (its text and actions are the failure's). One line, the
 * follow-ups and the details field; the presenter places them. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { ToolError } from "../../schema/ToolError.js"
import { nextActions } from "../actions/nextActions.js"
import { richInputRecoveryOf } from "../actions/selectorRecovery.js"

export interface Honesty {
  readonly lines: ReadonlyArray<string>
  /** Follow-ups that come before the usual ones. */
  readonly nextActions: ReadonlyArray<NextAction>
  readonly details: Pick<ToolDetails, "challengePage" | "richInputRecovery">
}

export const NO_HONESTY: Honesty = { lines: [], nextActions: [], details: {} }

const WHAT = { captcha: "a CAPTCHA", interstitial: "an anti-bot interstitial" } as const
/** Evidence items named in the text; all of them are in details. */
const MAX_EVIDENCE_SHOWN = 3

export const honestyOf = (
  plan: Plan | undefined,
  executed: Executed | undefined,
  error: ToolError | undefined
): Honesty => {
  const challenge = error === undefined ? executed?.challengePage : undefined
  if (challenge !== undefined) {
    // in a browser the user can already see, the hand-off is asking them; offering it again would loop
    const headed = plan?.effectiveArgs.includes("--headed") === true
    const handOff =
      challenge.url !== undefined && !headed ? [nextActions.handChallengeToHuman(challenge.url, challenge.kind)] : []
    const shown = challenge.evidence.slice(0, MAX_EVIDENCE_SHOWN)
    const more = challenge.evidence.length - shown.length
    const evidence = `${shown.join("; ")}${more > 0 ? `; +${more} more in details.challengePage` : ""}`
    const hand = headed
      ? "the browser is visible: ask the user to complete it there, then continue"
      : `hand this step to the user${handOff.length > 0 ? " (nextAction hand-challenge-to-human)" : ""}`
    return {
      lines: [
        challenge.kind === "login-wall"
          ? `Login wall (${evidence}): the requested page needs a sign-in. Do not guess or bypass it; ${hand}, ` +
            "or sign in only with credentials the user gave for this site."
          : `Challenge page: ${WHAT[challenge.kind]} (${evidence}). It is for a human: do not solve, bypass or ` +
            `retry it; ${hand}.`
      ],
      nextActions: handOff,
      details: { challengePage: { kind: challenge.kind, evidence: challenge.evidence } }
    }
  }
  if (error?._tag === "SelectorNotFound" && error.reason === "not-native-select") {
    const session = plan?.sessionName
    return {
      lines: [],
      nextActions: [
        nextActions.openCustomCombobox(session, error.selector),
        nextActions.inspectFocusedCombobox(session),
        nextActions.tryOpenComboboxWithArrow(session),
        nextActions.tryOpenComboboxWithEnter(session)
      ],
      details: {}
    }
  }
  if (error?._tag === "SelectorNotFound") {
    // its text and next actions are the failure's own (formatFailure); the details field is said here
    const rich = richInputRecoveryOf(plan, error)
    return rich === undefined ? NO_HONESTY : { lines: [], nextActions: [], details: { richInputRecovery: rich } }
  }
  return NO_HONESTY
}
