/**
 * The nextActions registry: every follow-up the tool may suggest, with a stable id. Builders only; the presenter
 * picks which apply. Args are session-prefixed when the call targeted a named session.
 */
import type { NextAction } from "../schema/ToolDetails.js"
import type { SessionMode } from "../schema/ToolInput.js"

export const NEXT_ACTION_IDS = [
  "refresh-interactive-refs",
  "retry-with-fresh-session",
  "confirm-pending-action",
  "deny-pending-action",
  "inspect-page-after-timeout",
  "list-tabs-for-recovery",
  "inspect-after-navigation",
  "inspect-after-mutation",
  "dismiss-dialog",
  "accept-dialog",
  "try-current-visible-ref",
  "try-button-name-candidate",
  "try-link-name-candidate",
  "retry-timeout-step",
  "inspect-routed-network-request",
  "start-network-har-capture-for-route-mock",
  "inspect-network-request",
  "find-failed-request-source",
  "filter-network-requests",
  "filter-current-page-network-requests",
  "clear-network-requests-before-repro",
  "start-network-har-capture",
  "run-agent-browser-doctor",
  "inspect-browser-profiles",
  "reopen-lost-page",
  "check-page-state",
  "show-command-help",
  "list-tabs-before-qa-attached",
  "snapshot-before-qa-attached",
  "read-page-without-script",
  "type-configured-secret",
  "check-page-origin",
  "inspect-after-policy-block",
  "inspect-after-noop-scroll",
  "verify-noop-scroll-visually",
  "inspect-visible-text-candidates",
  "hand-challenge-to-human",
  "open-custom-combobox",
  "inspect-focused-combobox",
  "try-open-combobox-with-arrow",
  "inspect-click-dispatch-miss",
  "retry-click-after-dispatch-miss",
  "inspect-overlay-state",
  "try-overlay-blocker-candidate"
] as const
export type NextActionId = (typeof NEXT_ACTION_IDS)[number]

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

export const nextActions = {
  inspectOverlay: (session: string | undefined) =>
    make("inspect-overlay-state", "Look at the open dialog before dismissing anything: it may be what the user wants.", withSession(session, ["snapshot"])),
  tryOverlayCandidate: (session: string | undefined, index: number, args: ReadonlyArray<string>, label: string) =>
    ({ ...make("try-overlay-blocker-candidate", `Close the open dialog with ${label}.`, withSession(session, args), {
      safety: "Only if the dialog is in the way of the task; it may ask for a choice the user must make."
    }), id: `try-overlay-blocker-candidate-${index + 1}` }),
  inspectClickMiss: (session: string | undefined) =>
    make("inspect-click-dispatch-miss", "See what covers or replaced the click target before retrying.", withSession(session, ["snapshot", "-i"])),
  retryClickAfterMiss: (session: string | undefined, click: ReadonlyArray<string>) =>
    make("retry-click-after-dispatch-miss", "Retry the same click once the target is uncovered.", withSession(session, click), {
      safety: "The first click landed on another element; check what it did first."
    }),
  readWithoutScript: (session: string | undefined) =>
    make("read-page-without-script", "Page script is denied by policy; read the page from its accessibility snapshot instead.", withSession(session, ["snapshot", "-i"])),
  typeSecret: (args: ReadonlyArray<string>, name: string) =>
    make("type-configured-secret", `Type the configured secret ${name} instead of literal text; the tool puts the value in.`, args),
  checkPageOrigin: (session: string | undefined) =>
    make("check-page-origin", "See which page has the focus before typing a secret.", withSession(session, ["get", "url"])),
  inspectAfterPolicyBlock: (session: string | undefined) =>
    make("inspect-after-policy-block", "Continue from the page as it is now (the refused action did not run).", withSession(session, ["snapshot", "-i"])),
  listTabsBeforeQaAttached: (session: string | undefined) =>
    make("list-tabs-before-qa-attached", "Find the http(s) tab to check before running qa.attached again.", withSession(session, ["tab", "list"])),
  snapshotBeforeQaAttached: (session: string | undefined) =>
    make("snapshot-before-qa-attached", "See what the attached session currently shows.", withSession(session, ["snapshot", "-i"])),
  refreshRefs: (session: string | undefined) =>
    make("refresh-interactive-refs", "Get current interactive refs before retrying the element action.", withSession(session, ["snapshot", "-i"]), {
      safety: "Do not retry the old @ref; use one from the new snapshot."
    }),
  retryFresh: (args: ReadonlyArray<string>) =>
    make("retry-with-fresh-session", "Launch a new managed browser so the launch flags apply.", args, {
      sessionMode: "fresh",
      safety: "The new browser starts without the current page, tabs or cookies."
    }),
  confirm: (session: string | undefined, id: string) =>
    make("confirm-pending-action", "Run the action upstream is holding for confirmation.", withSession(session, ["confirm", id]), {
      safety: "Only confirm if the user wants this action."
    }),
  deny: (session: string | undefined, id: string) =>
    make("deny-pending-action", "Drop the action upstream is holding.", withSession(session, ["deny", id])),
  inspectAfterTimeout: (session: string | undefined) =>
    ({
      ...make("inspect-page-after-timeout", "See where the page ended up before retrying; the action may have run. A short timeout: a hung page keeps the browser busy until upstream gives up (about 25 s).", withSession(session, ["get", "url"])),
      params: { args: withSession(session, ["get", "url"]), timeoutMs: QUICK_CHECK_TIMEOUT_MS }
    }),
  inspectAfterNavigation: (session: string | undefined) =>
    make("inspect-after-navigation", "Get the new page's interactive refs before acting on it.", withSession(session, ["snapshot", "-i"])),
  inspectAfterMutation: (session: string | undefined) =>
    make("inspect-after-mutation", "Refresh interactive refs after a browser mutation, navigation, scroll, or rerender.", withSession(session, ["snapshot", "-i"]), {
      safety: "Do not reuse prior @refs until a fresh snapshot confirms they still exist."
    }),
  dismissDialog: (session: string | undefined) =>
    make("dismiss-dialog", "A dialog is blocking the page; dismiss it to continue.", withSession(session, ["dialog", "dismiss"])),
  acceptDialog: (session: string | undefined) =>
    make("accept-dialog", "A dialog is blocking the page; accept it if that is what the user wants.", withSession(session, ["dialog", "accept"]), {
      safety: "Accepting may confirm a destructive action."
    }),
  tryVisibleRef: (session: string | undefined, index: number, args: ReadonlyArray<string>, label: string) =>
    ({ ...make("try-current-visible-ref", `Retry on the current visible element ${label}.`, withSession(session, args)), id: index === 0 ? "try-current-visible-ref" : `try-current-visible-ref-${index + 1}` }),
  tryNameCandidate: (session: string | undefined, role: "button" | "link", name: string) =>
    make(role === "button" ? "try-button-name-candidate" : "try-link-name-candidate", `Retry as a ${role} named ${JSON.stringify(name)}.`, withSession(session, ["find", "role", role, "click", "--name", name])),
  retryTimeoutStep: (session: string | undefined, command: ReadonlyArray<string>) =>
    make("retry-timeout-step", "Retry the read-only step that did not finish before the timeout.", withSession(session, command), {
      safety: "Only this step; earlier steps already ran."
    }),
  inspectRequest: (session: string | undefined, requestId: string, routed: boolean) =>
    make(routed ? "inspect-routed-network-request" : "inspect-network-request", routed ? "See how the route mock answered this request (status, headers, body)." : "See this request's full detail (headers, status, body).", withSession(session, ["network", "request", requestId])),
  findRequestSource: (session: string | undefined, requestId: string): NextAction => ({
    tool: "agent_browser",
    id: "find-failed-request-source",
    reason: "Find candidate source files that issue this failed request.",
    safety: "Candidates only; verify before editing.",
    params: { networkSourceLookup: { requestId, ...(session !== undefined ? { session } : {}) } }
  }),
  filterRequests: (session: string | undefined, path: string) =>
    make("filter-network-requests", "List only requests whose URL contains this path.", withSession(session, ["network", "requests", "--filter", path])),
  filterCurrentPage: (session: string | undefined) =>
    make("filter-current-page-network-requests", "List only requests from the active page's origin.", withSession(session, ["network", "requests", "--current-page"])),
  clearRequests: (session: string | undefined) =>
    make("clear-network-requests-before-repro", "Clear the request buffer before reproducing, so the next list shows only the repro.", withSession(session, ["network", "requests", "--clear"])),
  startHar: (session: string | undefined, routed: boolean) =>
    make(routed ? "start-network-har-capture-for-route-mock" : "start-network-har-capture", "Record a HAR of the next reproduction; stop it with network har stop <path>.", withSession(session, ["network", "har", "start"])),
  runDoctor: () =>
    make("run-agent-browser-doctor", "Check which browser agent-browser would launch and whether it starts.", ["doctor", "--offline"], {
      safety: "Read-only; fix what it reports before retrying the browser command."
    }),
  inspectProfiles: () =>
    make("inspect-browser-profiles", "List the Chrome profiles agent-browser can use before choosing --profile.", ["profiles"]),
  reopenLostPage: (session: string | undefined, url: string) =>
    make("reopen-lost-page", "The browser was lost; open the last page again in a new one.", withSession(session, ["open", url]), {
      safety: "The new browser has none of the old tabs, cookies or refs."
    }),
  checkPageState: (session: string | undefined) =>
    ({ ...make("check-page-state", "See which page the browser is on now.", withSession(session, ["get", "url"])), params: { args: withSession(session, ["get", "url"]), timeoutMs: QUICK_CHECK_TIMEOUT_MS } }),
  showCommandHelp: (command: string | undefined) =>
    make("show-command-help", "Read the command's usage, then fix the input.", command === undefined ? ["--help"] : [command, "--help"]),
  inspectAfterNoopScroll: (session: string | undefined) =>
    make("inspect-after-noop-scroll", "The scroll moved nothing; find the scrollable region or target ref.", withSession(session, ["snapshot", "-i"])),
  verifyNoopScrollVisually: (session: string | undefined) =>
    make("verify-noop-scroll-visually", "See whether the view changed.", withSession(session, ["screenshot"])),
  inspectTextCandidates: (session: string | undefined, index: number, selector: string, script: string): NextAction => ({
    ...make("inspect-visible-text-candidates", `List which matches of ${selector} are visible (read-only).`, []),
    id: index === 0 ? "inspect-visible-text-candidates" : `inspect-visible-text-candidates-${index + 1}`,
    params: { args: withSession(session, ["eval", "--stdin"]), stdin: script }
  }),
  listTabs: (session: string | undefined) =>
    make("list-tabs-for-recovery", "List tabs to find the page the session should be on.", withSession(session, ["tab", "list"])),
  handChallengeToHuman: (url: string, kind: "captcha" | "interstitial" | "login-wall") =>
    make("hand-challenge-to-human", kind === "login-wall"
      ? "The page asks for a sign-in; open it in a visible browser for the user to sign in."
      : "The page is a challenge for a human; open it in a visible browser for the user to complete.", ["--headed", "open", url], {
      sessionMode: "fresh",
      safety: "A human completes it. Ask the user first; never solve, bypass or retry the challenge, and type no credentials the user did not give for this site."
    }),
  openCustomCombobox: (session: string | undefined, target: string) =>
    make("open-custom-combobox", "It is a custom combobox, not a native <select>: click it to open its list.", withSession(session, ["click", target])),
  inspectFocusedCombobox: (session: string | undefined) =>
    make("inspect-focused-combobox", "See the opened list's option refs, then click the option you want.", withSession(session, ["snapshot", "-i"])),
  tryOpenComboboxWithArrow: (session: string | undefined) =>
    make("try-open-combobox-with-arrow", "Open the list from the keyboard if a click did not.", withSession(session, ["press", "ArrowDown"]), {
      safety: "Only once the combobox has focus (after clicking or focusing it)."
    })
} as const
