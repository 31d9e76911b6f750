/** Usage follow-ups (a flag, a command's help, a getter, the input reference) and qa.attached's. */
import { QaIds as Q, UsageIds as U } from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import { make, withSession } from "./make.js"

export const usageNextActions = {
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
  useGetTitle: (session: string | undefined) =>
    make(U.useGetTitle, "The page title is read with get title.", withSession(session, ["get", "title"])),
  useGetUrl: (session: string | undefined) =>
    make(U.useGetUrl, "The page URL is read with get url.", withSession(session, ["get", "url"])),
  /** No tool call: the input is malformed, and upstream's `--help` knows nothing of the tool's own input modes. */
  readInputReference: (): NextAction => ({
    tool: "agent_browser",
    id: U.readInputReference,
    reason:
      "Fix the input as the error says (the same call fails the same way); every field's shape is under Input " +
      "in docs/TOOL_CONTRACT.md, in the package folder the tool's guidelines name."
  })
} as const
