/**
 * The only classifier: one process result plus its plan becomes an upstream outcome or exactly one typed error. This
 * is the reply half (envelopes, batch rows, confirmations); error text is matched once, in `classifyErrorText.ts`,
 * against the messages agent-browser 0.41 prints (reference §8).
 */
import * as Either from "effect/Either"
import type { Plan } from "../domain/Plan.js"
import { ConfirmationRequired, ParseFailure, UpstreamFailed, type UpstreamReplyError } from "../schema/ToolError.js"
import type { BatchRow } from "../schema/UpstreamEnvelope.js"
import { classifyErrorText, mentionsBlockingDialog } from "./classifyErrorText.js"
import { parseEnvelope, parseJsonLossless } from "./wire.js"
import { thrownValueOf } from "./wire.js"
import type { RunResult, StepRow, UpstreamOutcome } from "../domain/Outcome.js"

const confirmation = (data: unknown): ConfirmationRequired | undefined => {
  if (data === null || typeof data !== "object") return undefined
  const d = data as Record<string, unknown>
  if (d["confirmation_required"] !== true) return undefined
  return new ConfirmationRequired({
    confirmationId: String(d["confirmation_id"] ?? ""),
    action: String(d["action"] ?? "")
  })
}

/**
 * A failure upstream answered beside a warning that a dialog is blocking the page: the dialog is why it failed. A
 * command upstream does not check for a dialog first (0.41: `get title`) waits for the page until DevTools gives up
 * ("CDP command timed out: Runtime.evaluate") and carries the dialog only in its warning; said as the dialog, so it
 * is classified as one (its next actions answer it).
 */
export const failureText = (error: string, warning: string | undefined): string =>
  warning === undefined || !mentionsBlockingDialog(warning) || mentionsBlockingDialog(error)
    ? error
    : `${warning}. The command could not run while it is open (upstream: ${error}).`

/**
 * `steps`: what a batch run with `--omit-command` was sent; its rows carry an `index` into them instead of echoing
 * each command back, and get their command from here.
 */
export const classifyUpstream = (
  plan: Pick<Plan, "kind" | "line">,
  result: RunResult,
  steps?: ReadonlyArray<ReadonlyArray<string>>
): Either.Either<UpstreamOutcome, UpstreamReplyError> => {
  const stderr = result.stderr.trim()
  if (plan.kind === "inspection") {
    if (result.exitCode === 0) return Either.right({ kind: "inspection", stdout: result.stdout })
    return Either.left(
      classifyErrorText(stderr || result.stdout.trim() || `exit code ${result.exitCode}`, {
        stderr,
        exitCode: result.exitCode,
        argv: plan.line.positionals
      })
    )
  }
  if (plan.line.command === "doctor") {
    // doctor prints its report as the whole document ({checks, fixed, summary, success}); the report is the result
    try {
      const report = parseJsonLossless(result.stdout.trim()) as Record<string, unknown>
      if (Array.isArray(report["checks"])) return Either.right({ kind: "single", data: report, warning: undefined })
    } catch {
      // fall through to the generic envelope handling
    }
  }
  const parsed = parseEnvelope(result.stdout)
  if (Either.isLeft(parsed)) {
    if (result.exitCode !== 0 && result.stdout.trim() === "" && stderr !== "") {
      return Either.left(
        classifyErrorText(stderr.replace(/^✗\s*/, ""), {
          stderr,
          exitCode: result.exitCode,
          argv: plan.line.positionals
        })
      )
    }
    return Either.left(
      new ParseFailure({ detail: parsed.left, stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode })
    )
  }
  const upstream = parsed.right
  // A batch with failed rows is still a complete outcome: every step's row is presented, and the aggregate
  // failure is derived from the first failed row (firstBatchFailure).
  if (upstream.kind === "batch")
    return Either.right({ kind: "batch", rows: upstream.rows.map((row) => stepRowOf(commandOf(row, steps))) })
  const { envelope } = upstream
  // `stream enable` is made idempotent: enabling an enabled stream is the state the caller asked for
  if (
    !envelope.success &&
    plan.line.command === "stream" &&
    plan.line.subcommand === "enable" &&
    /already enabled/i.test(envelope.error ?? "")
  ) {
    return Either.right({ kind: "single", data: { enabled: true, alreadyEnabled: true }, warning: undefined })
  }
  if (envelope.success) {
    const pending = confirmation(envelope.data)
    if (pending !== undefined) return Either.left(pending)
    return Either.right({ kind: "single", data: envelope.data, warning: envelope.warning })
  }
  return Either.left(
    classifyErrorText(
      failureText(envelope.error ?? (stderr || "agent-browser reported failure without a message"), envelope.warning),
      {
        code: envelope.code,
        type: envelope.type,
        data: envelope.data,
        stderr,
        exitCode: result.exitCode,
        argv: plan.line.positionals
      }
    )
  )
}

/** A row of a batch run with `--omit-command`, with the command it was sent at its `index`. */
const commandOf = (row: BatchRow, steps: ReadonlyArray<ReadonlyArray<string>> | undefined): BatchRow => {
  const sent = row.command === undefined && row.index !== undefined ? steps?.[row.index] : undefined
  return sent === undefined ? row : { ...row, command: sent }
}

/** A step that threw its value, with its error built once when first read (plain fields: no validation needed). */
const thrownRow = (command: ReadonlyArray<string>, message: string, thrown: unknown): StepRow => {
  let error: UpstreamFailed | undefined
  return {
    command,
    success: false,
    get error() {
      error ??= new UpstreamFailed({ upstreamMessage: message, stderr: "", exitCode: 1 }, true)
      return error
    },
    thrown
  }
}

/** A raw batch row from upstream, its error classified here, once. */
export const stepRowOf = (row: BatchRow): StepRow => {
  if (row.success)
    return {
      command: row.command ?? [],
      success: true,
      result: row.result,
      ...(row.warning !== undefined ? { warning: row.warning } : {})
    }
  const message = row.error ?? "batch step failed",
    command = row.command ?? [],
    thrown = thrownValueOf(command, message)
  // a value thrown on purpose is the step's answer, not a failure to classify (its text is the page's data): its error
  // is built only if read (the read of every click that stays on its page throws; building it costs ~0.1 ms)
  if (thrown !== undefined) return thrownRow(command, message, thrown)
  return {
    command,
    success: false,
    error: classifyErrorText(failureText(message, row.warning), {
      code: row.code,
      stderr: "",
      exitCode: 1,
      argv: command
    }),
    ...(row.warning !== undefined ? { warning: row.warning } : {})
  }
}

/** The first failed step, with the typed error it was classified as. */
export const firstBatchFailure = (
  rows: ReadonlyArray<StepRow>
): { readonly index: number; readonly error: UpstreamReplyError } | undefined => {
  const index = rows.findIndex((row) => !row.success)
  const row = rows[index]
  return row === undefined || row.success ? undefined : { index, error: row.error }
}
