/** A job's typing rows said as one line (upstream/keystrokes.ts). Pure. */
import type { FieldHolds, UpstreamOutcome } from "../../domain/Outcome.js"
import { isFieldReadRow, typedHoldsOf } from "../../page/typeReadback.js"
import { evalResultOf } from "../../page/namingReads.js"
import { fieldHoldsWords } from "./actionShown.js"
import { page, type Parts } from "./contentBoundary.js"
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
  readonly text: string
  readonly pause?: string
}

export const keyRun = (rows: Rows, from: number): KeyRun | undefined => {
  const commands = rows.map((r) => (r.success ? r.command : undefined))
  const first = keystrokeAt(commands, from)
  const pause = first > 0 && isPause(rows[from + first]) ? rows[from + first]?.command[1] : undefined
  let end = from
  let keys = 0
  let text = ""
  for (;;) {
    const n = keystrokeAt(commands, end)
    if (n === 0) break
    const paused = isPause(rows[end + n]) && rows[end + n]?.command[1] === pause
    if (pause !== undefined && !paused) break
    // `press <char>` or `keydown <char>` (then its inserttext and keyup): the character is the row's second word
    text += commands[end]?.[1] ?? ""
    end += n + (pause !== undefined ? 1 : 0)
    keys++
  }
  return keys >= 2 ? { end, keys, text, ...(pause !== undefined ? { pause } : {}) } : undefined
}

/** What the field read after a job's typing found (`text`: the typed characters), when row `at` is that read. */
export const fieldReadAt = (rows: Rows, at: number, text: string): FieldHolds | undefined => {
  const row = rows[at]
  if (row === undefined || !row.success || !isFieldReadRow(row.command)) return undefined
  return typedHoldsOf({ selector: undefined, text }, evalResultOf(row))
}

/** The field read on a line of its own (after a one-key typing, or a read that failed): never its script. */
export const fieldReadLine = (rows: Rows, at: number, mark: string): Parts => {
  const row = rows[at]
  // what the page script threw is the page's text
  if (row === undefined || !row.success)
    return [`${at + 1}. ✗ the field read after typing: `, page(row?.success === false ? row.error.message : "")]
  const holds = fieldReadAt(rows, at, "")
  return [`${at + 1}. ${mark}the field after typing`, ...(holds !== undefined ? fieldHoldsWords("fill", holds) : [])]
}
