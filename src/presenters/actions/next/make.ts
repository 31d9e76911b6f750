/** What every next-action builder shares: the session prefix, the action's shape, a retry with a longer budget. */
import type { NextActionId } from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import type { SessionMode } from "../../../schema/ToolInput.js"

/** Budget of a suggested state check: it answers (or times out) fast even when a hung page holds the daemon. */
export const QUICK_CHECK_TIMEOUT_MS = 5_000

export const withSession = (session: string | undefined, args: ReadonlyArray<string>): ReadonlyArray<string> =>
  session === undefined || args[0] === "--session" ? args : ["--session", session, ...args]

export const make = (
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

export const retryLonger = (id: NextActionId, reason: string, input: CallInput, timeoutMs: number): NextAction => ({
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
