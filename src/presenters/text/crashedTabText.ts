/**
 * A failed call whose tab crashed (renderer gone), said as the crash it was instead of upstream's words for it
 * (`Navigation failed: net::ERR_ABORTED`, `page_wedged … stopped responding`, `CDP command timed out: Page.enable`),
 * with the next action that makes progress: the page it showed opened again in a new tab. Pure.
 */
import { RecoveryIds } from "../../schema/NextActionIds.js"
import type { TabCrashed } from "../../schema/ErrorFields.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { FormattedFailure } from "./timeFailures.js"

/** A page that can be opened again (not the browser's own pages, one of which crashed it). */
const reopenable = (url: string): boolean => /^(https?|file):/.test(url)

const HELD =
  " After a command timed out in it, agent-browser can stay held by it for a while: " +
  "a first tab new may time out too."

/** `timedOut`: a command ran into the crashed tab until the watchdog ended it (seen: the daemon stays held a while). */
export const crashedTabFailure = (
  session: string | undefined,
  crash: TabCrashed,
  upstreamMessage: string,
  timedOut = false
): FormattedFailure => {
  const at = `${crash.url}${crash.title !== undefined ? ` ("${crash.title}")` : ""}`
  const again = reopenable(crash.url)
  const args = [...(session !== undefined ? ["--session", session] : []), "tab", "new", ...(again ? [crash.url] : [])]
  const reopen: NextAction = {
    tool: "agent_browser",
    id: RecoveryIds.reopenCrashedPage,
    reason: `${again ? "Open the page again in a new tab" : "Open a new tab"} (the crashed tab cannot load anything).`,
    params: { args }
  }
  return {
    text:
      `The tab's page crashed (renderer gone): the tab still lists at ${at}, but its page answers nothing, so no ` +
      `command can run in it. ${again ? `Open ${crash.url} again in a new tab` : "Open a new tab"} ` +
      `(tab new${again ? ` ${crash.url}` : ""}); the crashed tab stays in tab list until tab close.` +
      (timedOut ? HELD : "") +
      (upstreamMessage !== "" ? `\nagent-browser said: ${upstreamMessage.split("\n")[0] ?? ""}` : ""),
    summary: "Tab crashed",
    nextActions: [reopen]
  }
}
