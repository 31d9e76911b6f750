/**
 * Timeout follow-ups: look at the page or a dialog with a short budget, retry a read-only step, wait for a busy
 * session.
 */
import { TimeoutIds as TO } from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import { type CallInput, make, withSession, retryLonger, QUICK_CHECK_TIMEOUT_MS } from "./make.js"

export const timeoutNextActions = {
  inspectAfterTimeout: (session: string | undefined) => ({
    ...make(
      TO.inspectCurrentPageAfterTimeout,
      "See where the page ended up before retrying; the action may have run. A short timeout: a hung page " +
        "keeps the browser busy until upstream gives up (about 25 s).",
      withSession(session, ["get", "url"])
    ),
    params: { args: withSession(session, ["get", "url"]), timeoutMs: QUICK_CHECK_TIMEOUT_MS }
  }),
  /** A step that may have acted did not finish: look at the page before splitting the rest into shorter calls. */
  inspectAfterTimedOutStep: (session: string | undefined) =>
    make(
      TO.inspectCurrentPageAfterTimeout,
      "A step that may have acted did not finish; see the page before running the rest in shorter calls.",
      withSession(session, ["snapshot", "-i"]),
      {
        safety: "Do not repeat the unfinished step until the page shows it did not happen."
      }
    ),
  inspectDialogAfterTimeout: (session: string | undefined) => ({
    ...make(
      TO.inspectDialogAfterTimeout,
      "See whether a dialog is what held the page.",
      withSession(session, ["dialog", "status"])
    ),
    params: { args: withSession(session, ["dialog", "status"]), timeoutMs: QUICK_CHECK_TIMEOUT_MS }
  }),
  dismissDialogAfterTimeout: (session: string | undefined) => ({
    ...make(
      TO.dismissDialogAfterTimeout,
      "A dialog may be blocking the page; dismiss it to continue.",
      withSession(session, ["dialog", "dismiss"])
    ),
    params: { args: withSession(session, ["dialog", "dismiss"]), timeoutMs: QUICK_CHECK_TIMEOUT_MS }
  }),
  /** `timeoutMs`: a budget that outlasts what the stopped step may still be doing in the browser, plus the step. */
  /** `sessionMode: "fresh"`: the run's fresh browser was closed with its failure, so the retry launches a new one. */
  retryTimeoutStep: (
    session: string | undefined,
    command: ReadonlyArray<string>,
    timeoutMs?: number,
    sessionMode?: "fresh"
  ): NextAction => {
    const action = make(
      TO.retryTimeoutStep,
      "Retry the read-only step that did not finish before the timeout.",
      withSession(session, command),
      {
        safety:
          sessionMode === "fresh"
            ? "The timed-out fresh browser was closed: this runs the step in a new one, without the earlier " +
              "steps' page."
            : "Only this step; earlier steps already ran.",
        ...(sessionMode !== undefined ? { sessionMode } : {})
      }
    )
    return timeoutMs === undefined
      ? action
      : { ...action, params: { ...action.params, args: withSession(session, command), timeoutMs } }
  },
  /** The call as the caller gave it, with a budget that outlasts the other process's hold on the session. */
  retryWhenSessionFree: (input: CallInput, timeoutMs: number): NextAction =>
    retryLonger(
      TO.retryWhenSessionFree,
      "Another process was using this browser session; nothing of this call ran. Retry with a longer wait.",
      input,
      timeoutMs
    ),
  recoverFreshAfterDialogTimeout: (url: string) =>
    make(
      TO.recoverFreshSessionAfterDialogTimeout,
      "A dialog may hold this browser: reopen the page in a new one.",
      ["open", url],
      {
        sessionMode: "fresh",
        safety: "Leaves this browser's page state behind; only after inspecting or dismissing the dialog failed."
      }
    )
} as const
