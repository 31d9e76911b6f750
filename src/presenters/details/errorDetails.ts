/**
 * Why a call failed, as `details` fields: one row per error tag (`Match.tagsExhaustive`, like `formatFailure`), so a
 * new error does not compile until it says what it persists. Pure.
 */
import * as Match from "effect/Match"
import type { Plan } from "../../domain/Plan.js"
import type { SessionRecoveryHint, ToolError } from "../../schema/ToolError.js"
import { isNoActivePageSnapshot } from "../../session/refPreflight.js"
import { stepRunOf } from "../../session/planRun.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { visibleRefFallbackDetails } from "../actions/selectorRecovery.js"
import { DETAILS_STDERR_BYTES, headBytes } from "./details.js"
import { budgetData, type Fields, optional, type RedactArgs } from "./details.js"

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

type Partial_ = NonNullable<Extract<ToolError, { readonly _tag: "TimedOut" }>["partialProgress"]>

/** Where the summary's page context came from: a live session read, a step's report, or only a planned URL. */
const pageSource = (p: Partial_): string => {
  const source = p.currentPage?.source
  if (p.currentPage === undefined) return ""
  return source === "live"
    ? "; page read live"
    : source === "plan"
      ? "; page from a planned URL only"
      : "; page as a completed step reported it"
}

/**
 * A step-by-step run (job, qa, lookup, a caller's raw `batch`) that timed out, in the contract's shape: `summary`,
 * `steps` (1-based, planned argv, `status` completed / unknown (the one that was running: it may have acted) /
 * pending), `retryStep`, `retry.args` (+ `timeoutMs`) only when that step only reads, `currentPage` (read live from the
 * session after the timeout, `liveUrlRecovered` true; else the last completed step's report or the planned URL),
 * `openedButPostOpenTimedOut`, and each declared file as found on disk (`artifacts`). The counts are additive.
 */
const timeoutPartialProgress = (
  error: Extract<ToolError, { readonly _tag: "TimedOut" }>,
  redact: RedactArgs,
  plan?: Plan
) => {
  const p: Partial_ | undefined = error.partialProgress
  if (p === undefined) return undefined
  const next = p.firstIncompleteStep
  const rows = plan !== undefined ? stepRunOf(plan)?.rows : undefined
  const retryStep =
    next === undefined ? undefined : { index: next.index + 1, args: redact(next.command), retryable: next.retryable }
  const opened = rows?.slice(0, p.completedSteps).some((row) => isOpening(row[0])) === true
  const found = p.artifacts?.filter((a) => a.exists).length ?? 0
  return {
    summary:
      `${p.completedSteps}/${p.totalSteps} planned steps completed` +
      (next !== undefined
        ? `; step ${next.index + 1} did not finish` +
          `${next.retryable ? " (read-only, safe to retry)" : " (may have acted)"}`
        : "") +
      `${p.artifacts !== undefined ? `; ${found}/${p.artifacts.length} declared files on disk` : ""}` +
      `${pageSource(p)}.`,
    ...(rows !== undefined
      ? {
          steps: rows.map((row, i) => ({
            index: i + 1,
            args: redact(row),
            status: i < p.completedSteps ? "completed" : i === next?.index ? "unknown" : "pending"
          }))
        }
      : {}),
    ...optional("retryStep", retryStep),
    ...(next?.retryable === true
      ? { retry: { args: redact(next.command), ...optional("timeoutMs", next.retryTimeoutMs) } }
      : {}),
    ...optional("currentPage", p.currentPage),
    liveUrlRecovered: p.currentPage?.source === "live",
    ...(opened && next !== undefined ? { openedButPostOpenTimedOut: true } : {}),
    ...optional("artifacts", p.artifacts),
    completedSteps: p.completedSteps,
    totalSteps: p.totalSteps
  }
}

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
