/**
 * Why a call failed, as `details` fields: one row per error tag (`Match.tagsExhaustive`, like `formatFailure`), so a
 * new error does not compile until it says what it persists. Pure.
 */
import * as Match from "effect/Match"
import type { Plan } from "../../domain/Plan.js"
import type { SessionRecoveryHint, ToolError } from "../../schema/ToolError.js"
import { isNoActivePageSnapshot } from "../../session/refPreflight.js"
import { visibleRefFallbackDetails } from "../actions/selectorRecovery.js"
import { DETAILS_STDERR_BYTES, headBytes } from "./budgets.js"
import { budgetData, type Fields, optional, type RedactArgs, timeoutPartialProgress } from "./details.js"

/** The retry the hint suggests, with its argv redacted like every echoed argv. */
const redactedHint = (hint: SessionRecoveryHint, redact: RedactArgs): SessionRecoveryHint => ({
  ...hint,
  exampleArgs: redact(hint.exampleArgs),
  exampleParams: { ...hint.exampleParams, args: redact(hint.exampleParams.args) }
})

/** The error's own words, when it has any. */
const words = (error: ToolError): Fields => (error.message !== "" ? { error: error.message } : {})

const stderrOf = (stderr: string): Fields =>
  stderr.trim() !== "" ? { stderr: headBytes(stderr.trim(), DETAILS_STDERR_BYTES) } : {}

/** With the plan, `timeoutPartialProgress.steps` lists the planned rows. */
export const errorDetails = (error: ToolError, redact: RedactArgs, plan?: Plan): Fields => {
  const own: Fields = Match.value(error).pipe(
    Match.tagsExhaustive({
      InvalidInput: (e) => ({
        validationError: e.message,
        ...(e.sessionRecoveryHint !== undefined
          ? { sessionRecoveryHint: redactedHint(e.sessionRecoveryHint, redact) }
          : {})
      }),
      MissingBinary: () => ({}),
      TimedOut: (e) => ({
        ...words(e),
        ...stderrOf(e.stderr),
        timedOut: true,
        timeoutMs: e.timeoutMs,
        ...optional("timeoutPartialProgress", timeoutPartialProgress(e, redact, plan))
      }),
      Aborted: () => ({}),
      ParseFailure: (e) => ({ ...words(e), ...stderrOf(e.stderr), exitCode: e.exitCode, parseError: e.message }),
      UpstreamFailed: (e) => ({
        ...words(e),
        ...stderrOf(e.stderr),
        exitCode: e.exitCode,
        ...optional("code", e.code),
        ...budgetData(e.data),
        ...optional("launchDiagnostic", e.launch),
        ...optional("clickDispatch", e.clickDispatch)
      }),
      StaleRef: words,
      SelectorNotFound: (e) => ({ ...words(e), ...optional("visibleRefFallback", visibleRefFallbackDetails(plan, e)) }),
      SelectorUnsupported: words,
      ConfirmationRequired: (e) =>
        e.decision !== undefined
          ? {
              approval: {
                action: e.action,
                confirmationId: e.confirmationId,
                asked: e.decision === "denied",
                approved: false
              }
            }
          : {},
      PolicyBlocked: (e) => ({
        ...words(e),
        ...optional("policy", e.violation),
        ...optional("promptGuard", e.promptGuard)
      }),
      ArtifactMissing: () => ({}),
      DownloadNotVerified: words,
      TabDrift: () => ({}),
      QaFailed: () => ({}),
      CleanupFailed: words
    })
  )
  return plan !== undefined && isNoActivePageSnapshot(plan, error)
    ? {
        ...own,
        refSnapshotInvalidation: {
          reason: "no-active-page",
          summary: "The snapshot found no active page: this session's refs are void until a new snapshot -i."
        }
      }
    : own
}
