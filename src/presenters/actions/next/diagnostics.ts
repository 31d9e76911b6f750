/**
 * Page-diagnostic follow-ups: an overlay, a missed click, a page still building, a no-op scroll, text candidates, a
 * challenge page, a failed assertion.
 */
import {
  PageDiagnosticsIds as D,
  numberedNextActionId,
  overlayBlockerCandidateId
} from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import { make, withSession } from "./make.js"

const WIDGET_OPTION_REASON =
  "Click the widget's own option of that name: a fresh snapshot -i resolves it past the " +
  "hidden native one (the missed click may have opened its list)."

export const diagnosticsNextActions = {
  inspectOverlay: (session: string | undefined) =>
    make(
      D.inspectOverlayState,
      "Look at the open dialog before dismissing anything: it may be what the user wants.",
      withSession(session, ["snapshot"])
    ),
  tryOverlayCandidate: (session: string | undefined, index: number, args: ReadonlyArray<string>, label: string) => ({
    ...make(D.tryOverlayBlockerCandidate, `Close the open dialog with ${label}.`, withSession(session, args), {
      safety: "Only if the dialog is in the way of the task; it may ask for a choice the user must make."
    }),
    id: overlayBlockerCandidateId(index)
  }),
  inspectClickMiss: (session: string | undefined) =>
    make(
      D.inspectClickDispatchMiss,
      "See what covers or replaced the click target before retrying.",
      withSession(session, ["snapshot", "-i"])
    ),
  retryClickAfterMiss: (session: string | undefined, click: ReadonlyArray<string>) =>
    make(
      D.retryClickAfterDispatchMiss,
      "Retry the same click once the target is uncovered.",
      withSession(session, click),
      {
        safety: "The first click landed on another element; check what it did first."
      }
    ),
  clickWidgetOption: (session: string | undefined, click: ReadonlyArray<string>) =>
    make(D.retryClickAfterDispatchMiss, WIDGET_OPTION_REASON, withSession(session, click)),
  waitForPageUi: (session: string | undefined) =>
    make(
      D.waitForPageUi,
      "Give the page a moment to build its controls, then take snapshot -i again.",
      withSession(session, ["wait", "1000"])
    ),
  inspectAfterNoopScroll: (session: string | undefined) =>
    make(
      D.inspectAfterNoopScroll,
      "The scroll moved nothing; find the scrollable region or target ref.",
      withSession(session, ["snapshot", "-i"])
    ),
  verifyNoopScrollVisually: (session: string | undefined) =>
    make(D.verifyNoopScrollVisually, "See whether the view changed.", withSession(session, ["screenshot"])),
  inspectTextCandidates: (
    session: string | undefined,
    index: number,
    selector: string,
    script: string
  ): NextAction => ({
    ...make(
      numberedNextActionId(D.inspectVisibleTextCandidates, index),
      `List which matches of ${selector} are visible (read-only).`,
      []
    ),
    params: { args: withSession(session, ["eval", "--stdin"]), stdin: script }
  }),
  handChallengeToHuman: (url: string, kind: "captcha" | "interstitial" | "login-wall") =>
    make(
      D.handChallengeToHuman,
      kind === "login-wall"
        ? "The page asks for a sign-in; open it in a visible browser for the user to sign in."
        : "The page is a challenge for a human; open it in a visible browser for the user to complete.",
      ["--headed", "open", url],
      {
        sessionMode: "fresh",
        safety:
          "A human completes it. Ask the user first; never solve, bypass or retry the challenge, and type no " +
          "credentials the user did not give for this site."
      }
    ),
  inspectAfterTextAssertion: (session: string | undefined) =>
    make(
      D.inspectAfterTextAssertionFailure,
      "Read what the page shows instead of the expected text.",
      withSession(session, ["snapshot"])
    ),
  inspectAfterUrlAssertion: (session: string | undefined) =>
    make(
      D.inspectAfterUrlAssertionFailure,
      "Read the page the browser is on instead of the expected one.",
      withSession(session, ["snapshot", "-i"])
    )
} as const
