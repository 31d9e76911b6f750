/**
 * What the model reads when a call fails: the category, what happened, and what to do next. Exhaustive over the
 * error union (a table typed by every tag), so a new error does not compile until it has a rendering; each category's
 * text is built by its formatter (`inputFailures`, `upstreamFailure`, `refFailures`, `policyFailures`,
 * `checkFailures`, `timeFailures`). Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { ToolError } from "../../schema/ToolError.js"
import { withNextActions } from "../actions/fallbackActions.js"
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
