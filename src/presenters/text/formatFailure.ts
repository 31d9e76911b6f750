/**
 * What the model reads when a call fails: the category, what happened, and what to do next. Exhaustive over the
 * error union (a table typed by every tag), so a new error does not compile until it has a rendering; each category's
 * text is built by its formatter (`inputFailures`, `upstreamFailure`, `refFailures`, `policyFailures`,
 * `checkFailures`, `timeFailures`). Every failure carries at least one next action: the renderings pick specific ones;
 * some lead whatever they chose (`leadingActions`), and when there are none one is picked by what failed
 * (`fallbackActions`). Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { NextAction } from "../../schema/NextAction.js"
import { DIALOG_BLOCKING, type ToolError } from "../../schema/ToolError.js"
import { isDialogLike } from "../../upstream/timeoutPolicy.js"
import { nextActions } from "../actions/nextActions.js"
import { checkFailures } from "./checkFailures.js"
import { crashedTabFailure } from "./crashedTabText.js"
import type { FailureContext, FailureOf } from "./failureContext.js"
import { inputFailures } from "./inputFailures.js"
import { policyFailures } from "./policyFailures.js"
import { refFailures } from "./refFailures.js"
import { type FormattedFailure, poolQueued, sessionBusy, timedOut } from "./timeFailures.js"
import { upstreamFailed } from "./upstreamFailure.js"

export type { FormattedFailure } from "./timeFailures.js"

/**
 * The contract's closing sentence of a failed result's prose (pi marks it an error too); not after a text that is
 * parseable JSON, which a caller who asked for `--json` parses.
 */
export const resultCategoryLine = (category: string, text: string): string => {
  try {
    JSON.parse(text)
    return ""
  } catch {
    return `\nResult category: failure; failureCategory: ${category}; Pi tool isError: true.`
  }
}

/** One formatter per error tag: a missing tag does not compile; only the failing error's formatter is entered. */
type FailureTable = {
  readonly [T in ToolError["_tag"]]: (e: FailureOf<T>, context: FailureContext) => FormattedFailure
}

const timedOutFailure = (e: FailureOf<"TimedOut">, { plan, session, args }: FailureContext): FormattedFailure =>
  e.tabCrashed !== undefined
    ? crashedTabFailure(session, e.tabCrashed, e.upstreamMessage ?? "", e.source === "watchdog")
    : e.source === "session-lock"
      ? sessionBusy(plan, e, args)
      : e.poolEndpoint !== undefined
        ? poolQueued(plan, e, args)
        : timedOut(plan, e, session)

const FAILURES: FailureTable = {
  ...inputFailures,
  TimedOut: timedOutFailure,
  UpstreamFailed: upstreamFailed,
  ...refFailures,
  ...policyFailures,
  ...checkFailures
}

/** A page worth reopening: not empty, not about:blank. */
const lastUrlOf = (url: string | undefined): string | undefined =>
  url !== undefined && url !== "" && url !== "about:blank" ? url : undefined

/** Actions that lead, whatever else the rendering chose: a lost browser's page reopened, an open dialog answered. */
const leadingActions = (plan: Plan | undefined, error: ToolError): ReadonlyArray<NextAction> => {
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

/**
 * One action picked by what failed: input and binary problems point at the command's usage (a malformed mode input,
 * at the tool's own input reference), everything that touched a session checks the page state with a short timeout.
 */
const fallbackActions = (
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
const withNextActions = (
  plan: Plan | undefined,
  error: ToolError,
  args: ReadonlyArray<string>,
  chosen: ReadonlyArray<NextAction>
): ReadonlyArray<NextAction> => {
  const lead = leadingActions(plan, error)
  const merged = [...lead, ...chosen.filter((a) => !lead.some((l) => l.id === a.id))]
  return merged.length > 0 ? merged : fallbackActions(plan, error, args)
}

/** `args` are the caller's args as given, for retries suggested before a plan exists. */
export const formatFailure = (
  plan: Plan | undefined,
  error: ToolError,
  args: ReadonlyArray<string> = plan?.args ?? []
): FormattedFailure => {
  const context: FailureContext = { plan, session: plan?.sessionName, args }
  const format = FAILURES[error._tag] as (e: ToolError, context: FailureContext) => FormattedFailure
  const formatted = format(error, context)
  return { ...formatted, nextActions: withNextActions(plan, error, args, formatted.nextActions) }
}
