/**
 * Recovery follow-ups: a fresh or local browser, the doctor, a lost page, tab drift, the managed session after a failed
 * fresh launch.
 */
import { RecoveryIds as R } from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import type { SessionMode } from "../../../schema/ToolInput.js"
import { type CallInput, make, withSession, retryLonger, QUICK_CHECK_TIMEOUT_MS } from "./make.js"

export const recoveryNextActions = {
  retryFresh: (args: ReadonlyArray<string>) =>
    make(R.retryWithFreshSession, "Launch a new managed browser so the launch flags apply.", args, {
      sessionMode: "fresh",
      safety: "The new browser starts without the current page, tabs or cookies."
    }),
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
          "The session shows about:blank; list tabs to find the opened page, select it with tab <id>, then " +
            "snapshot -i.",
          withSession(session, ["tab", "list"])
        )
      : make(
          R.listTabsForTabDriftRecovery,
          "Another tab has the focus; list tabs to find the opened page, select it with tab <id>, then snapshot -i.",
          withSession(session, ["tab", "list"])
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
    })
} as const
