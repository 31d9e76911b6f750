/**
 * A wait that asserted a text or URL (a job's `assertText`/`assertUrl`, `wait --text`/`--url`) and was not met: the
 * words that say so (what was expected; for a URL where the page is) and the next actions that read the page, not a
 * timeout retry. Pure.
 */
import type { NextAction } from "../../schema/NextAction.js"
import type { TimedOut, ToolError } from "../../schema/ToolError.js"
import { nextActions } from "../actions/nextActions.js"

/**
 * A wait that asserted a text or URL and was not met: the page the browser is on is the answer, read it (for a URL the
 * run read it already, when it could; else where it is first).
 */
export const assertionActions = (e: TimedOut, session: string | undefined): ReadonlyArray<NextAction> | undefined => {
  if (e.assertion === undefined) return undefined
  if (e.assertion.kind === "text") return [nextActions.inspectAfterTextAssertion(session)]
  const where = e.assertion.seenUrl === undefined ? [nextActions.checkPageState(session)] : []
  return [...where, nextActions.inspectAfterUrlAssertion(session)]
}

/** The line a failed step's assertion adds to a job/batch result (and a direct wait's text): what was expected. */
export const assertionFailureLine = (error: ToolError): string => {
  if (error._tag !== "TimedOut" || error.assertion === undefined) return ""
  const read = error.assertion.kind === "text" ? "Read what the page shows" : "Read the page the browser is on"
  return `Assertion failed: ${error.message}. ${read} before retrying with a longer wait.`
}
