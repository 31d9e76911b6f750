/**
 * Failures of the call itself before anything ran or upstream spoke: the input, the binary, a cancel, unreadable
 * output.
 */
import { nextActions } from "../actions/nextActions.js"
import { type FailureContext, type FailureOf, none } from "./failureContext.js"
import type { FormattedFailure } from "./timeFailures.js"

const INSTALL_HINT =
  "agent-browser is required and is not bundled with this package. Install it with `npm install -g " +
  "agent-browser@0.41` (or add it to the project and put node_modules/.bin on PATH), make sure a " +
  "Chrome/Chromium is installed (Debian: `apt-get install -y chromium`), then retry."

const invalidInput = (e: FailureOf<"InvalidInput">, { session, args }: FailureContext): FormattedFailure => ({
  text: `Invalid input: ${e.message}`,
  summary: "Invalid input",
  nextActions:
    e.sessionRecoveryHint !== undefined
      ? [nextActions.retryFresh(args)]
      : e.withoutFlag !== undefined
        ? [nextActions.retryWithoutFlag(e.withoutFlag), nextActions.showCommandHelp(e.withoutFlag.command)]
        : e.field === "qa.attached" && session !== undefined
          ? [nextActions.listTabsBeforeQaAttached(session), nextActions.snapshotBeforeQaAttached(session)]
          : none
})

const missingBinary = (e: FailureOf<"MissingBinary">, _: FailureContext): FormattedFailure => ({
  text:
    e.reason === "unsupported-version"
      ? `agent-browser ${e.foundVersion ?? "?"} is installed, but this tool supports ${e.supportedRange}. ` +
        `Install a supported version: \`npm install -g agent-browser@0.41\`.`
      : e.reason === "not-found"
        ? `agent-browser was not found on PATH. ${INSTALL_HINT}`
        : `agent-browser could not be started (${e.detail ?? "unknown error"}). ${INSTALL_HINT}`,
  summary: `agent-browser ${e.reason}`,
  nextActions: none
})

const aborted = (e: FailureOf<"Aborted">, _: FailureContext): FormattedFailure => ({
  text: e.dispatched === "no" ? "Cancelled before anything ran." : "Cancelled; the agent-browser process was stopped.",
  summary: "Cancelled",
  nextActions: none
})

const parseFailure = (e: FailureOf<"ParseFailure">, _: FailureContext): FormattedFailure => ({
  text:
    `agent-browser printed output this tool cannot read (${e.message}).` +
    `${e.stderr.trim() !== "" ? `\nstderr: ${e.stderr.trim()}` : ""}`,
  summary: "Unreadable upstream output",
  nextActions: none
})

/** This file's categories, for `formatFailure`'s table (each entered only for its own error). */
export const inputFailures = {
  InvalidInput: invalidInput,
  MissingBinary: missingBinary,
  Aborted: aborted,
  ParseFailure: parseFailure
}
