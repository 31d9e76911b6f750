/**
 * What a result must say so it reads as what really happened: a page that is a challenge for a human (the open
 * worked, but the agent must not go on by itself), and a `select` that hit a custom combobox (the failure's
 * follow-ups). One line, the follow-ups and the details field; the presenter places them. Pure.
 */
import type { Executed } from "../schema/Executed.js"
import type { Plan } from "../schema/Plan.js"
import type { NextAction, ToolDetails } from "../schema/ToolDetails.js"
import type { ToolError } from "../schema/ToolError.js"
import { NotNativeSelect } from "../session/selectTarget.js"
import { nextActions } from "./nextActions.js"

export interface Honesty {
  readonly lines: ReadonlyArray<string>
  /** Follow-ups that come before the usual ones. */
  readonly nextActions: ReadonlyArray<NextAction>
  readonly details: Pick<ToolDetails, "challengePage">
}

const NOTHING: Honesty = { lines: [], nextActions: [], details: {} }

const WHAT = { captcha: "a CAPTCHA", interstitial: "an anti-bot interstitial", "login-wall": "a login wall" } as const

export const honestyOf = (plan: Plan | undefined, executed: Executed | undefined, error: ToolError | undefined): Honesty => {
  const challenge = error === undefined ? executed?.challengePage : undefined
  if (challenge !== undefined) {
    const handOff = challenge.url !== undefined ? [nextActions.handChallengeToHuman(challenge.url, challenge.kind)] : []
    return {
      lines: [
        `Challenge page: this is ${WHAT[challenge.kind]} (${challenge.evidence.join("; ")}). It is for a human: do not solve, bypass or retry it; ` +
        `hand this step to the user${handOff.length > 0 ? " (nextAction hand-challenge-to-human)" : ""}.`
      ],
      nextActions: handOff,
      details: { challengePage: { kind: challenge.kind, evidence: challenge.evidence } }
    }
  }
  if (error instanceof NotNativeSelect) {
    const session = plan?.sessionName
    return {
      lines: [],
      nextActions: [nextActions.openCustomCombobox(session, error.selector), nextActions.inspectFocusedCombobox(session), nextActions.tryOpenComboboxWithArrow(session)],
      details: {}
    }
  }
  return NOTHING
}
