/**
 * The next-action builders: every follow-up the tool may suggest, its id from the registry
 * (`schema/NextActionIds.ts`). Builders only; the presenter picks which apply. Args are session-prefixed when the
 * call targeted a named session.
 */
import {
  ArtifactIds as A,
  ConfirmationIds as C,
  NetworkIds as N,
  PageChangeIds as P,
  PageDiagnosticsIds as D,
  QaIds as Q,
  RecoveryIds as R,
  SecurityIds as S,
  SelectorRecoveryIds as SR,
  TimeoutIds as TO,
  UsageIds as U,
  numberedNextActionId,
  overlayBlockerCandidateId,
  richInputRecoveryNextActionId,
  type NextActionId
} from "../../schema/NextActionIds.js"
import type { NextAction } from "../../schema/ToolDetails.js"
import type { SessionMode } from "../../schema/ToolInput.js"

export type { NextActionId }

/** Budget of a suggested state check: it answers (or times out) fast even when a hung page holds the daemon. */
export const QUICK_CHECK_TIMEOUT_MS = 5_000

const withSession = (session: string | undefined, args: ReadonlyArray<string>): ReadonlyArray<string> =>
  session === undefined || args[0] === "--session" ? args : ["--session", session, ...args]

const make = (
  id: NextActionId,
  reason: string,
  args: ReadonlyArray<string>,
  extra: { readonly safety?: string; readonly sessionMode?: SessionMode } = {}
): NextAction => ({
  tool: "agent_browser",
  id,
  reason,
  ...(extra.safety !== undefined ? { safety: extra.safety } : {}),
  params: { args, ...(extra.sessionMode !== undefined ? { sessionMode: extra.sessionMode } : {}) }
})

/** A call as the caller gave it. */
export interface CallInput {
  readonly args: ReadonlyArray<string>
  readonly stdin?: string | undefined
  readonly sessionMode?: SessionMode | undefined
}

const retryLonger = (id: NextActionId, reason: string, input: CallInput, timeoutMs: number): NextAction => ({
  tool: "agent_browser",
  id,
  reason,
  params: {
    args: input.args,
    ...(input.stdin !== undefined ? { stdin: input.stdin } : {}),
    ...(input.sessionMode !== undefined && input.sessionMode !== "auto" ? { sessionMode: input.sessionMode } : {}),
    timeoutMs
  }
})

const WIDGET_OPTION_REASON =
  "Click the widget's own option of that name: a fresh snapshot -i resolves it past the " +
  "hidden native one (the missed click may have opened its list)."

export const nextActions = {
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
  readWithoutScript: (session: string | undefined) =>
    make(
      S.readPageWithoutScript,
      "Page script is denied by policy; read the page from its accessibility snapshot instead.",
      withSession(session, ["snapshot", "-i"])
    ),
  typeSecret: (args: ReadonlyArray<string>, name: string) =>
    make(
      S.typeConfiguredSecret,
      `Type the configured secret ${name} instead of literal text; the tool puts the value in.`,
      args
    ),
  checkPageOrigin: (session: string | undefined) =>
    make(
      S.checkPageOrigin,
      "See which page has the focus before typing a secret.",
      withSession(session, ["get", "url"])
    ),
  inspectAfterPolicyBlock: (session: string | undefined) =>
    make(
      S.inspectAfterPolicyBlock,
      "Continue from the page as it is now (the refused action did not run).",
      withSession(session, ["snapshot", "-i"])
    ),
  listTabsBeforeQaAttached: (session: string | undefined) =>
    make(
      Q.listTabsBeforeQaAttached,
      "Find the http(s) tab to check before running qa.attached again.",
      withSession(session, ["tab", "list"])
    ),
  snapshotBeforeQaAttached: (session: string | undefined) =>
    make(
      Q.snapshotBeforeQaAttached,
      "See what the attached session currently shows.",
      withSession(session, ["snapshot", "-i"])
    ),
  refreshRefs: (session: string | undefined) =>
    make(
      SR.refreshInteractiveRefs,
      "Get current interactive refs before retrying the element action.",
      withSession(session, ["snapshot", "-i"]),
      {
        safety: "Prefer a current @ref or a stable find locator; do not retry stale refs blindly."
      }
    ),
  retryFresh: (args: ReadonlyArray<string>) =>
    make(R.retryWithFreshSession, "Launch a new managed browser so the launch flags apply.", args, {
      sessionMode: "fresh",
      safety: "The new browser starts without the current page, tabs or cookies."
    }),
  confirm: (session: string | undefined, id: string) =>
    make(
      C.confirmPendingAction,
      "Run the action upstream is holding for confirmation.",
      withSession(session, ["confirm", id]),
      {
        safety: "Only confirm if the user wants this action."
      }
    ),
  deny: (session: string | undefined, id: string) =>
    make(C.denyPendingAction, "Drop the action upstream is holding.", withSession(session, ["deny", id])),
  inspectAfterTimeout: (session: string | undefined) => ({
    ...make(
      TO.inspectCurrentPageAfterTimeout,
      "See where the page ended up before retrying; the action may have run. A short timeout: a hung page keeps the browser busy until upstream gives up (about 25 s).",
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
  readOnInOrder: (session: string | undefined, place: string) =>
    make(
      P.readOnInOrder,
      "Read the rest of the main content as text, in order, from where this stopped.",
      withSession(session, ["snapshot", "--read", place])
    ),
  inspectOpenedPage: (session: string | undefined) =>
    make(
      P.inspectOpenedPage,
      "Get the new page's interactive refs before acting on it.",
      withSession(session, ["snapshot", "-i"])
    ),
  inspectAfterMutation: (session: string | undefined) =>
    make(
      P.inspectAfterMutation,
      "Refresh interactive refs after a browser mutation, navigation, scroll, or rerender.",
      withSession(session, ["snapshot", "-i"]),
      {
        safety: "Do not reuse prior @refs until a fresh snapshot confirms they still exist."
      }
    ),
  dismissDialog: (session: string | undefined) =>
    make(
      P.dismissDialog,
      "A dialog is blocking the page; dismiss it to continue.",
      withSession(session, ["dialog", "dismiss"])
    ),
  acceptDialog: (session: string | undefined) =>
    make(
      P.acceptDialog,
      "A dialog is blocking the page; accept it if that is what the user wants.",
      withSession(session, ["dialog", "accept"]),
      {
        safety: "Accepting may confirm a destructive action."
      }
    ),
  tryVisibleRef: (session: string | undefined, index: number, args: ReadonlyArray<string>, label: string) =>
    make(
      numberedNextActionId(SR.tryCurrentVisibleRef, index),
      `Retry on the current visible element ${label}.`,
      withSession(session, args)
    ),
  tryNameCandidate: (session: string | undefined, role: "button" | "link", name: string) =>
    make(
      role === "button" ? SR.tryButtonNameCandidate : SR.tryLinkNameCandidate,
      `Retry as a ${role} named ${JSON.stringify(name)}.`,
      withSession(session, ["find", "role", role, "click", "--name", name])
    ),
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
            ? "The timed-out fresh browser was closed: this runs the step in a new one, without the earlier steps' page."
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
  /** The same call with a budget the tool spends asking a full pool again. */
  retryWhenPoolHasRoom: (input: CallInput, timeoutMs: number): NextAction =>
    retryLonger(
      R.retryWhenPoolHasRoom,
      "The browser pool was full; the tool keeps asking it for as long as timeoutMs allows.",
      input,
      timeoutMs
    ),
  useLocalBrowser: (args: ReadonlyArray<string>, sessionMode: SessionMode | undefined) =>
    make(R.useLocalBrowser, "The provider's session API is not there; run the call in a local browser instead.", args, {
      ...(sessionMode !== undefined ? { sessionMode } : {}),
      safety: "A local browser, not the pool: the pool's settings stay as they are for the human to fix."
    }),
  inspectRequest: (session: string | undefined, requestId: string, routed: boolean) =>
    make(
      routed ? N.inspectRoutedNetworkRequest : N.inspectNetworkRequest,
      routed
        ? "See how the route mock answered this request (status, headers, body)."
        : "See this request's full detail (headers, status, body).",
      withSession(session, ["network", "request", requestId])
    ),
  findRequestSource: (session: string | undefined, requestId: string): NextAction => ({
    tool: "agent_browser",
    id: N.findFailedRequestSource,
    reason: "Find candidate source files that issue this failed request.",
    safety: "Candidates only; verify before editing.",
    params: { networkSourceLookup: { requestId, ...(session !== undefined ? { session } : {}) } }
  }),
  filterRequests: (session: string | undefined, path: string) =>
    make(
      N.filterNetworkRequests,
      "List only requests whose URL contains this path.",
      withSession(session, ["network", "requests", "--filter", path])
    ),
  filterCurrentPage: (session: string | undefined) =>
    make(
      N.filterCurrentPageNetworkRequests,
      "List only requests from the active page's origin.",
      withSession(session, ["network", "requests", "--current-page"])
    ),
  clearRequests: (session: string | undefined) =>
    make(
      N.clearNetworkRequestsBeforeRepro,
      "Clear the request buffer before reproducing, so the next list shows only the repro.",
      withSession(session, ["network", "requests", "--clear"])
    ),
  startHar: (session: string | undefined, routed: boolean) =>
    make(
      routed ? N.startNetworkHarCaptureForRouteMock : N.startNetworkHarCapture,
      "Record a HAR of the next reproduction; stop it with network har stop <path>.",
      withSession(session, ["network", "har", "start"])
    ),
  runDoctor: () =>
    make(
      R.runAgentBrowserDoctor,
      "Check which browser agent-browser would launch and whether it starts.",
      ["doctor", "--offline"],
      {
        safety: "Read-only; fix what it reports before retrying the browser command."
      }
    ),
  inspectProfiles: () =>
    make(R.inspectBrowserProfiles, "List the Chrome profiles agent-browser can use before choosing --profile.", [
      "profiles"
    ]),
  reopenLostPage: (session: string | undefined, url: string) =>
    make(
      R.reopenLostPage,
      "The browser was lost; open the last page again in a new one.",
      withSession(session, ["open", url]),
      {
        safety: "The new browser has none of the old tabs, cookies or refs."
      }
    ),
  /** The attached browser's endpoint answers no more: continue in a browser the tool launches itself. */
  reopenInOwnBrowser: (url: string) =>
    make(
      R.retryWithFreshSession,
      "Nothing answers at the attached endpoint; open the last page in a browser this tool launches.",
      ["open", url],
      {
        sessionMode: "fresh",
        safety: "A local browser, not the attached one: none of its tabs, cookies or logins."
      }
    ),
  checkPageState: (session: string | undefined) => ({
    ...make(R.checkPageState, "See which page the browser is on now.", withSession(session, ["get", "url"])),
    params: { args: withSession(session, ["get", "url"]), timeoutMs: QUICK_CHECK_TIMEOUT_MS }
  }),
  retryWithoutFlag: (call: {
    readonly flag: string
    readonly args: ReadonlyArray<string>
    readonly stdin?: string
    readonly timeoutMs?: number
  }) =>
    ({
      tool: "agent_browser",
      id: U.retryWithoutFlag,
      reason: `Run it without ${call.flag} (what agent-browser would have done), or fix the flag first.`,
      params: {
        args: call.args,
        ...(call.stdin !== undefined ? { stdin: call.stdin } : {}),
        ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {})
      }
    }) satisfies NextAction,
  showCommandHelp: (command: string | undefined) =>
    make(
      U.showCommandHelp,
      "Read the command's usage, then fix the input.",
      command === undefined ? ["--help"] : [command, "--help"]
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
  listTabs: (session: string | undefined) =>
    make(
      R.listTabsForRecovery,
      "List tabs to find the page the session should be on.",
      withSession(session, ["tab", "list"])
    ),
  /** The opened page is known but another tab (or about:blank) has the focus. */
  listTabsForDrift: (session: string | undefined, observedUrl: string) =>
    observedUrl === "about:blank"
      ? make(
          R.listTabsForAboutBlankRecovery,
          "The session shows about:blank; list tabs to find the opened page, select it with tab <id>, then snapshot -i.",
          withSession(session, ["tab", "list"])
        )
      : make(
          R.listTabsForTabDriftRecovery,
          "Another tab has the focus; list tabs to find the opened page, select it with tab <id>, then snapshot -i.",
          withSession(session, ["tab", "list"])
        ),
  /** Rich input recovery: focus or click a current editable ref. Never the fill text, never Enter. */
  editableRef: (session: string | undefined, kind: "focus" | "click", index: number, ref: string, label: string) =>
    make(
      richInputRecoveryNextActionId(kind, index),
      `${kind === "focus" ? "Focus" : "Click"} the current editable ${label}, then type the text in a separate call (keyboard inserttext or keyboard type).`,
      withSession(session, [kind, ref]),
      {
        safety: "Does not type or submit; press Enter only if the flow needs it."
      }
    ),
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
          "A human completes it. Ask the user first; never solve, bypass or retry the challenge, and type no credentials the user did not give for this site."
      }
    ),
  openCustomCombobox: (session: string | undefined, target: string) =>
    make(
      SR.openCustomCombobox,
      "It is a custom combobox, not a native <select>: click it to open its list.",
      withSession(session, ["click", target])
    ),
  inspectFocusedCombobox: (session: string | undefined) =>
    make(
      SR.inspectFocusedCombobox,
      "See the opened list's option refs, then click the option you want.",
      withSession(session, ["snapshot", "-i"])
    ),
  tryOpenComboboxWithArrow: (session: string | undefined) =>
    make(
      SR.tryOpenComboboxWithArrow,
      "Open the list from the keyboard if a click did not.",
      withSession(session, ["press", "ArrowDown"]),
      {
        safety: "Only once the combobox has focus (after clicking or focusing it)."
      }
    ),
  tryOpenComboboxWithEnter: (session: string | undefined) =>
    make(
      SR.tryOpenComboboxWithEnter,
      "Some comboboxes open on Enter instead.",
      withSession(session, ["press", "Enter"]),
      {
        safety: "Only once the combobox has focus; in a form, Enter may submit it."
      }
    ),
  useGetTitle: (session: string | undefined) =>
    make(U.useGetTitle, "The page title is read with get title.", withSession(session, ["get", "title"])),
  useGetUrl: (session: string | undefined) =>
    make(U.useGetUrl, "The page URL is read with get url.", withSession(session, ["get", "url"])),
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
    ),
  waitForDownload: (session: string | undefined, path: string) =>
    make(
      A.waitForDownload,
      "Wait for the download to finish and save it to the path (a finished one is picked up too).",
      withSession(session, ["wait", "--download", ...(path !== "" ? [path] : [])]),
      {
        safety: "Waits up to the call's timeout when no download comes."
      }
    ),
  retrySemanticAfterStaleRef: (session: string | undefined, args: ReadonlyArray<string>) =>
    make(
      SR.retrySemanticActionAfterStaleRef,
      "Run the same semantic action again after refreshing refs; it locates the element afresh.",
      withSession(session, args),
      {
        safety: "Only after the snapshot shows the intended element is still there."
      }
    ),
  selectIntendedTab: (session: string | undefined, tabId: string) =>
    make(
      R.selectIntendedTabAfterDrift,
      `Select ${tabId}, the tab that showed the session's page.`,
      withSession(session, ["tab", tabId]),
      {
        safety: "Check tab list first if other calls changed tabs since."
      }
    ),
  snapshotAfterTabRecovery: (session: string | undefined) =>
    make(
      R.snapshotAfterTabRecovery,
      "Refresh refs on the recovered tab before acting.",
      withSession(session, ["snapshot", "-i"])
    ),
  listConnectedTabs: (session: string | undefined) =>
    make(
      R.listConnectedSessionTabs,
      "List the attached browser's tabs, then select one with tab <id> and snapshot -i.",
      withSession(session, ["tab", "list"])
    ),
  listTabsAfterNoActivePage: (session: string) =>
    make(
      R.listTabsAfterNoActivePage,
      "The browser has no active page: list its tabs, select one with tab <id>, then snapshot -i.",
      withSession(session, ["tab", "list"])
    ),
  verifyCurrentManagedSession: (session: string) =>
    make(
      R.verifyCurrentManagedSession,
      "The fresh launch failed; check the browser that stayed current.",
      withSession(session, ["get", "url"])
    ),
  snapshotCurrentManagedSession: (session: string) =>
    make(
      R.snapshotCurrentManagedSession,
      "Continue in the browser that stayed current.",
      withSession(session, ["snapshot", "-i"])
    ),
  retryFreshManagedSession: (args: ReadonlyArray<string>) =>
    make(R.retryFreshManagedSession, "Retry the fresh launch once its cause is fixed (see the error).", args, {
      sessionMode: "fresh",
      safety: "The same launch fails the same way until what failed (path, port, profile) is fixed."
    }),
  recoverFreshAfterDialogTimeout: (url: string) =>
    make(
      TO.recoverFreshSessionAfterDialogTimeout,
      "A dialog may hold this browser: reopen the page in a new one.",
      ["open", url],
      {
        sessionMode: "fresh",
        safety: "Leaves this browser's page state behind; only after inspecting or dismissing the dialog failed."
      }
    ),
  /** No tool call: the input is malformed, and upstream's `--help` knows nothing of the tool's own input modes. */
  readInputReference: (): NextAction => ({
    tool: "agent_browser",
    id: U.readInputReference,
    reason:
      "Fix the input as the error says (the same call fails the same way); every field's shape is under Input in docs/TOOL_CONTRACT.md, in the package folder the tool's guidelines name."
  }),
  /** No tool call: the host's file tools check the path (the contract's `artifactPath` form). */
  checkStreamStatus: (session: string | undefined) =>
    make(
      P.checkStreamStatus,
      "See the stream's port and whether a viewer is connected.",
      withSession(session, ["stream", "status"])
    ),
  disableStream: (session: string | undefined) =>
    make(P.disableStream, "Stop the stream when it is no longer watched.", withSession(session, ["stream", "disable"])),
  useSavedArtifact: (path: string): NextAction => ({
    tool: "agent_browser",
    id: A.useSavedArtifact,
    reason: "Saved and verified on disk (see artifactVerification): read or attach it with file tools.",
    artifactPath: path
  }),
  verifyArtifactPath: (path: string): NextAction => ({
    tool: "agent_browser",
    id: A.verifyArtifactPath,
    reason: "The reported file is not on disk: check the path with file tools before using it, then save again.",
    artifactPath: path
  })
} as const
