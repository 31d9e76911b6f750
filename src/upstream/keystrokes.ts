/**
 * Typing with real key events in upstream 0.41.2. Its `type` and `keyboard type` insert text as input events only
 * (no keydown, keypress or keyup reaches the page); `press <char>` sends the whole key (keydown, keypress, input,
 * keyup) for a printable ASCII character, but for any other character only keydown and keyup, inserting nothing. So
 * a character is typed as `press <char>` when it is printable ASCII, as the key that produces it for a newline or a
 * tab, and otherwise as `keydown`, `keyboard inserttext`, `keyup` (the page sees the key go down, the text arrive and
 * the key come up). Used by a job's type step and by a plain `type` / `keyboard type` (page/typeReadback.ts). Pure.
 */

/** Typing emits one to three rows per character; beyond this many, text is filled or inserted instead. */
export const MAX_TYPED_KEYS = 200

/** Whether upstream's `press <key>` types the key: a printable ASCII character. */
export const pressTypes = (key: string): boolean => /^[\x20-\x7e]$/.test(key)

/** The argv rows that type one character with key events. */
export const keystrokeRows = (ch: string): ReadonlyArray<ReadonlyArray<string>> => {
  if (ch === "\n" || ch === "\r") return [["press", "Enter"]]
  if (ch === "\t") return [["press", "Tab"]]
  if (pressTypes(ch)) return [["press", ch]]
  return [
    ["keydown", ch],
    ["keyboard", "inserttext", ch],
    ["keyup", ch]
  ]
}

/** How many rows from `at` type one character (0: the row there types none). */
export const keystrokeAt = (rows: ReadonlyArray<ReadonlyArray<string> | undefined>, at: number): number => {
  const row = rows[at]
  if (row === undefined) return 0
  if (row[0] === "press" && row.length === 2 && [...(row[1] ?? "")].length === 1) return 1
  const [, ch] = row
  if (row[0] !== "keydown" || ch === undefined || [...ch].length !== 1) return 0
  const insert = rows[at + 1],
    up = rows[at + 2]
  const inserts = insert?.[0] === "keyboard" && insert[1] === "inserttext" && insert[2] === ch
  const joined = inserts && up?.[0] === "keyup" && up[1] === ch
  return joined ? 3 : 0
}

/** Keys that activate the focused control (follow a link, press a button, submit a form): the page may move. */
const ACTIVATING_KEYS: ReadonlySet<string> = new Set(["Enter", "NumpadEnter", "Space", " "])

export const activatesFocused = (key: string): boolean => ACTIVATING_KEYS.has(key)
