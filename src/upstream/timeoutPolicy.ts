/**
 * The watchdog a call gets when the caller did not set `timeoutMs` (contract: process timeouts). Pure.
 * - A wait the caller asked for is covered: `wait <ms>`, `wait … --timeout <ms>`, and the waits of batch/job/qa
 *   rows (summed, since rows run one after another), plus a grace for the answer to arrive.
 * - `dialog …` answers at once or not at all: a short budget (PI_AGENT_BROWSER_DIALOG_PROCESS_TIMEOUT_MS).
 * - Commands that look like they open an alert/confirm/prompt (a click on something named so, an eval whose
 *   script calls one) get PI_AGENT_BROWSER_DIALOG_TRIGGER_PROCESS_TIMEOUT_MS, and a timeout suggests the dialog
 *   next actions (`isDialogLike`).
 */
import type { CommandLine } from "../domain/CommandLine.js"
import { isClickLike } from "./commandEffects.js"
import { batchRowsOf } from "./wire.js"

export interface TimeoutBudgets {
  /** The default watchdog (PI_AGENT_BROWSER_PROCESS_TIMEOUT_MS, else 35 s). */
  readonly processMs: number
  readonly dialogMs: number
  readonly dialogTriggerMs: number
}

export const DEFAULT_DIALOG_TIMEOUT_MS = 5_000
export const DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS = 8_000
/** Closing a live browser takes 0.1–0.8 s (up to 1.7 s with launch env); a wedged one is killed by upstream. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000
/** Time after a wait ends for upstream to answer. */
export const WAIT_GRACE_MS = 5_000

const millis = (token: string | undefined): number | undefined => {
  if (token === undefined || !/^\d{1,9}$/.test(token)) return undefined
  return Number(token)
}

/** The milliseconds a single argv (`wait 4000`, `wait --text x --timeout 9000`) asks upstream to wait, if any. */
export const requestedWaitMs = (argv: ReadonlyArray<string>): number | undefined => {
  const at = argv.indexOf("wait")
  if (at < 0) return undefined
  const rest = argv.slice(at + 1)
  let asked: number | undefined = millis(rest[0])
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i] ?? ""
    const value =
      token === "--timeout" ? millis(rest[i + 1]) : token.startsWith("--timeout=") ? millis(token.slice(10)) : undefined
    if (value !== undefined) asked = Math.max(asked ?? 0, value)
  }
  return asked
}

/** Batch rows from stdin (`[["wait","500"],…]` or `["wait 500",…]`), or undefined when it is not that shape. */
const batchRows = (stdin: string | undefined): ReadonlyArray<ReadonlyArray<string>> | undefined => {
  const parsed = batchRowsOf(stdin)
  return parsed?.map((row) => (Array.isArray(row) ? row.map(String) : typeof row === "string" ? row.split(/\s+/) : []))
}

const DIALOG_WORDS = /\b(alert|confirm|prompt|dialog)\b/i
const DIALOG_CALL = /\b(alert|confirm|prompt)\s*\(|showModal\s*\(/

/** A click-like command on a target named like a dialog trigger, or an eval whose script opens one. */
export const isDialogLike = (line: CommandLine, stdin: string | undefined): boolean => {
  const command = line.command
  if (command === "dialog") return true
  if (command === "eval") return DIALOG_CALL.test(stdin ?? line.positionals.slice(1).join(" "))
  if (isClickLike(command)) {
    return line.positionals.slice(1).some((t) => DIALOG_WORDS.test(t))
  }
  return false
}

/** The watchdog for a call without a caller-set `timeoutMs`. */
export const watchdogFor = (
  argv: ReadonlyArray<string>,
  line: CommandLine,
  stdin: string | undefined,
  budgets: TimeoutBudgets
): number => {
  if (line.command === "dialog") return budgets.dialogMs
  const rows = line.command === "batch" ? batchRows(stdin) : undefined
  const waited =
    rows !== undefined
      ? rows.reduce((sum, row) => sum + (requestedWaitMs(row) ?? 0), 0)
      : requestedWaitMs(line.command === "wait" ? argv : [])
  if (waited !== undefined && waited > 0 && waited + WAIT_GRACE_MS > budgets.processMs) return waited + WAIT_GRACE_MS
  if (isDialogLike(line, stdin)) return Math.min(budgets.dialogTriggerMs, budgets.processMs)
  return budgets.processMs
}
