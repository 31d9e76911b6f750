/** A job's typing rows said as one line (upstream/keystrokes.ts). Pure. */
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import { keystrokeAt } from "../../upstream/keystrokes.js"

type Rows = Extract<UpstreamOutcome, { kind: "batch" }>["rows"]

const isPause = (row: Rows[number] | undefined): boolean =>
  row?.success === true && row.command[0] === "wait" && /^\d+$/.test(row.command[1] ?? "")

/**
 * Typing with key events (a job's `type`: keystrokes.ts, each key followed by a pause when paced) from row `from`:
 * where the run ends, how many keys, the pause. Runs of two keys or more are one line of prose, without the typed
 * characters; a run stops at a failed row, which is then said on its own.
 */
export interface KeyRun {
  readonly end: number
  readonly keys: number
  readonly pause?: string
}

export const keyRun = (rows: Rows, from: number): KeyRun | undefined => {
  const commands = rows.map((r) => (r.success ? r.command : undefined))
  const first = keystrokeAt(commands, from)
  const pause = first > 0 && isPause(rows[from + first]) ? rows[from + first]?.command[1] : undefined
  let end = from
  let keys = 0
  for (;;) {
    const n = keystrokeAt(commands, end)
    if (n === 0) break
    const paused = isPause(rows[end + n]) && rows[end + n]?.command[1] === pause
    if (pause !== undefined && !paused) break
    end += n + (pause !== undefined ? 1 : 0)
    keys++
  }
  return keys >= 2 ? { end, keys, ...(pause !== undefined ? { pause } : {}) } : undefined
}
