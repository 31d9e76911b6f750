/**
 * A job's typing (upstream/keystrokes.ts: one to three rows per character, each followed by its pause when paced) runs
 * as one upstream `batch` process for the whole run of keys instead of one process per row: the page gets the same
 * key events, and the pauses are upstream's own `wait` rows between them. Stops at the first failed row, as the
 * step-by-step run would.
 */
import * as Effect from "effect/Effect"
import type { StepRow } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import type { MissingBinary, TimedOut } from "../../schema/ToolError.js"
import { keystrokeAt } from "../../upstream/keystrokes.js"
import { isFieldReadRow } from "../../page/typeReadback.js"

const isPause = (row: ReadonlyArray<string> | undefined): boolean => row?.[0] === "wait" && /^\d+$/.test(row[1] ?? "")

/**
 * How many rows from `at` are keystrokes and their pauses, with the field read after them (0 when fewer than two keys
 * and no read start there).
 */
export const keystrokeRunLength = (rows: ReadonlyArray<ReadonlyArray<string>>, at: number): number => {
  let end = at
  let keys = 0
  for (;;) {
    const n = keystrokeAt(rows, end)
    if (n === 0) break
    end += n
    keys++
    if (isPause(rows[end]) && keystrokeAt(rows, end + 1) > 0) end++
  }
  if (isPause(rows[end]) && keys > 0) end++
  // the field read after a type step's keys (page/typeReadback.ts) runs in their process
  if (keys > 0 && isFieldReadRow(rows[end] ?? [])) return end + 1 - at
  return keys >= 2 ? end - at : 0
}

/** The rows that ran; `fatal`: the binary or the watchdog ended the process (no rows). */
interface KeystrokeRun {
  readonly rows: ReadonlyArray<StepRow>
  readonly fatal?: TimedOut | MissingBinary
}

/**
 * The run's rows in one process (stopping at a failed row when `failFast`). A process that could not run fails the
 * run's first row with its error; one the binary or the watchdog ended is the caller's to raise (`fatal`).
 */
export const runKeystrokes = (
  target: SessionTarget,
  run: ReadonlyArray<ReadonlyArray<string>>,
  timeoutMs: number,
  failFast: boolean
): Effect.Effect<KeystrokeRun, never, SessionCommands> =>
  SessionCommands.pipe(
    Effect.flatMap((commands) => commands.batch(target, run, { timeoutMs, failFast })),
    Effect.map((rows) => ({ rows })),
    Effect.catchAll((error) =>
      Effect.succeed(
        error._tag === "MissingBinary" || (error._tag === "TimedOut" && error.source === "watchdog")
          ? { rows: [], fatal: error }
          : { rows: [{ command: run[0] ?? [], success: false as const, error }] }
      )
    )
  )
