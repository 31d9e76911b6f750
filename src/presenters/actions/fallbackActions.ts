/**
 * Every failure result carries at least one next action. The per-error renderings (formatFailure) pick specific
 * ones; when they have none, this picks one by what failed: a lost browser reopens its last page, a command an open
 * dialog refused or a dialog-like command that timed out gets the dialog actions, input and binary problems point at
 * the command's usage (a malformed mode input, at the tool's own input reference), and everything that touched a
 * session checks the page state with a short timeout. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { NextAction } from "../../schema/NextAction.js"
import { DIALOG_BLOCKING, type ToolError } from "../../schema/ToolError.js"
import { isDialogLike } from "../../upstream/timeoutPolicy.js"
import { nextActions } from "./nextActions.js"

/** A page worth reopening: not empty, not about:blank. */
const lastUrlOf = (url: string | undefined): string | undefined =>
  url !== undefined && url !== "" && url !== "about:blank" ? url : undefined

/** Actions that lead, whatever else the rendering chose. */
export const leadingActions = (plan: Plan | undefined, error: ToolError): ReadonlyArray<NextAction> => {
  const session = plan?.sessionName
  if (error._tag === "UpstreamFailed" && error.browserLost !== undefined) {
    const url = lastUrlOf(error.browserLost.lastUrl)
    // nothing answers at the attached endpoint: only a browser of the tool's own can continue
    if (error.browserLost.reason === "attached-unreachable")
      return [nextActions.reopenInOwnBrowser(url ?? "about:blank")]
    return url !== undefined ? [nextActions.reopenLostPage(session, url)] : [nextActions.inspectOpenedPage(session)]
  }
  // an open dialog refused the command: it is answered first (upstream says which dialog); then the command works
  if (error._tag === "UpstreamFailed" && error.code === DIALOG_BLOCKING)
    return [nextActions.dismissDialog(session), nextActions.acceptDialog(session)]
  if (error._tag === "TimedOut" && plan !== undefined && isDialogLike(plan.line, plan.stdin)) {
    const recover =
      error.lastUrl !== undefined && error.lastUrl !== "about:blank"
        ? [nextActions.recoverFreshAfterDialogTimeout(error.lastUrl)]
        : []
    return [nextActions.inspectDialogAfterTimeout(session), nextActions.dismissDialogAfterTimeout(session), ...recover]
  }
  return []
}

export const fallbackActions = (
  plan: Plan | undefined,
  error: ToolError,
  args: ReadonlyArray<string>
): ReadonlyArray<NextAction> => {
  // a mode input (job, qa, semanticAction, …) rejected before planning: upstream's usage would not describe it
  if (error._tag === "InvalidInput" && plan === undefined && args.length === 0)
    return [nextActions.readInputReference()]
  if (
    error._tag === "InvalidInput" ||
    error._tag === "MissingBinary" ||
    plan === undefined ||
    plan.kind !== "browser"
  ) {
    return [nextActions.showCommandHelp(plan?.line.command ?? args.find((a) => !a.startsWith("-")))]
  }
  return [nextActions.checkPageState(plan.sessionName)]
}

/** The rendering's actions with the leading ones first, and never none. */
export const withNextActions = (
  plan: Plan | undefined,
  error: ToolError,
  args: ReadonlyArray<string>,
  chosen: ReadonlyArray<NextAction>
): ReadonlyArray<NextAction> => {
  const lead = leadingActions(plan, error)
  const merged = [...lead, ...chosen.filter((a) => !lead.some((l) => l.id === a.id))]
  return merged.length > 0 ? merged : fallbackActions(plan, error, args)
}
