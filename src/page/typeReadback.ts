/**
 * `type <target> <text>` and `keyboard type <text>` typed key by key (upstream 0.41 inserts their text with no key
 * events, though its docs say `keyboard type` types real keystrokes: upstream/keystrokes.ts), and what the field holds
 * after them or after `keyboard inserttext <text>`: the fill's read-back script (fillReadback.ts), run as the step
 * after the command in the same upstream batch, on the CSS target or else the focused field. Said with the action, so
 * the model needs no read after it. Nothing is read (and the text is inserted by upstream) for a target named like a
 * secret field or a `{{secret:...}}` text, and nothing is said for a password input (the read answers no value) or a
 * field the read cannot see. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { FieldHolds, StepRow } from "../domain/Outcome.js"
import { isSecretTarget } from "../redaction/redactArgs.js"
import { mentionsSecret } from "../security/preflight.js"
import { type FillTarget, fillReadScript, Readback, sameText } from "./fillReadback.js"
import { keystrokeRows, MAX_TYPED_KEYS } from "../upstream/keystrokes.js"
import { mentionsBlockingDialog } from "../upstream/classifyErrorText.js"
import { isPressCommand } from "./clickEffects.js"

/** The field a typing command acts on (undefined: the focused one) and its text; undefined when none is read. */
export const typeTargetOf = (argv: ReadonlyArray<string>): FillTarget | undefined => {
  const [command, first, ...rest] = argv
  const keyboard = command === "keyboard" && (first === "type" || first === "inserttext")
  if (!keyboard && (command !== "type" || first === undefined)) return undefined
  const selector = keyboard ? undefined : first
  const flag = rest.findIndex((w) => w.startsWith("--"))
  const words = flag < 0 ? rest : rest.slice(0, flag)
  if (words.length === 0 || words.some(mentionsSecret) || isSecretTarget(selector, () => undefined)) return undefined
  return { selector, text: words.join(" ") }
}

/**
 * A job's type step reads its field after the keys (as `type` does), in the step's own rows: the read-back script
 * behind a marker its presenter knows the row by (presenters/text/keyRuns.ts).
 */
const FIELD_READ_MARK = "/* the field after typing */"

/** The read after a job's typing of `text` into `selector` (else the focused field); none where `type` has none. */
export const fieldReadRows = (selector: string | undefined, text: string): ReadonlyArray<ReadonlyArray<string>> => {
  const target = typeTargetOf(selector !== undefined ? ["type", selector, text] : ["keyboard", "type", text])
  return target !== undefined ? [["eval", FIELD_READ_MARK + fillReadScript(target)]] : []
}

export const isFieldReadRow = (command: ReadonlyArray<string>): boolean =>
  command[0] === "eval" && command[1]?.startsWith(FIELD_READ_MARK) === true

/** A step's command as details and progress echo it: the field read by its name, not its script. */
export const stepCommandShown = (command: ReadonlyArray<string>): ReadonlyArray<string> =>
  isFieldReadRow(command) ? ["eval", "(the field read after typing)"] : command

/** The command typed key by key: the target focused (a locator miss stops it there), then each character's rows. */
export interface KeyedTyping {
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
  readonly keys: number
  readonly text: string
}

/**
 * `type <target> <text>` or `keyboard type <text>` as key events; undefined where upstream's own command runs (it
 * inserts the text): `keyboard inserttext`, a flag, a secret, or more than MAX_TYPED_KEYS characters.
 */
export const keyedTypingOf = (argv: ReadonlyArray<string>): KeyedTyping | undefined => {
  const target = typeTargetOf(argv)
  if (
    target === undefined ||
    (argv[0] === "keyboard" && argv[1] === "inserttext") ||
    argv.some((w) => w.startsWith("--"))
  )
    return undefined
  const chars = [...target.text]
  if (chars.length > MAX_TYPED_KEYS) return undefined
  const focus = target.selector !== undefined ? [["focus", target.selector]] : []
  return { rows: [...focus, ...chars.flatMap(keystrokeRows)], keys: chars.length, text: target.text }
}

/**
 * Whether a key's row says its key opened a confirm or prompt: upstream's key waits for the page until DevTools gives
 * up (about 30 s), then fails beside its warning that the dialog blocks the page. `before`: the row before it, which
 * ran (so no dialog was open before the key: upstream would have refused that row too).
 */
export const keyOpenedDialog = (row: StepRow, before: StepRow | undefined): boolean =>
  !row.success && mentionsBlockingDialog(row.warning) && before?.success === true

/**
 * A `press|key` whose key opened a dialog (keyOpenedDialog): its key was sent, said with upstream's warning naming
 * the dialog (`dialogAt`: the key); any other row as it is.
 */
export const pressedRowOf = (row: StepRow, before: StepRow | undefined): StepRow => {
  const key = row.command[1]
  if (!keyOpenedDialog(row, before) || key === undefined) return row
  return { command: row.command, success: true, result: { pressed: key, dialogAt: key }, warning: row.warning ?? "" }
}

/**
 * A key whose keydown opened a confirm or prompt (keyOpenedDialog). The typing is said as far as it went: the keys
 * before it, that key (its keydown reached the page) and how many were not sent; the warning is upstream's.
 */
const dialogStop = (
  rows: ReadonlyArray<StepRow>,
  at: number,
  failed: StepRow,
  keyed: KeyedTyping,
  first: StepRow
): StepRow | undefined => {
  const failedAt = rows.indexOf(failed) - at
  if (!keyOpenedDialog(failed, rows[at + failedAt - 1])) return undefined
  const chars = [...keyed.text]
  // the rows before the first key's (the focus), then each key's rows
  let end = keyed.rows.length - chars.reduce((n, ch) => n + keystrokeRows(ch).length, 0)
  if (failedAt < end) return undefined
  const key = chars.findIndex((ch) => (end += keystrokeRows(ch).length) > failedAt)
  if (key < 0) return undefined
  const result = { typed: chars.slice(0, key).join(""), keys: key, of: chars.length, dialogAt: chars[key] }
  return { command: first.command, success: true, result, warning: failed.warning ?? "" }
}

/**
 * A command typed key by key, as one row: the first of its rows that failed (nothing after it ran: a target not
 * found stops the typing before a key is sent), else the typing, with the text, how many keys and a key's warning.
 */
export const keyedRowOf = (rows: ReadonlyArray<StepRow>, at: number, keyed: KeyedTyping, first: StepRow): StepRow => {
  const own = rows.slice(at, at + keyed.rows.length)
  const failed = own.find((r) => !r.success)
  const stopped = failed !== undefined ? dialogStop(rows, at, failed, keyed, first) : undefined
  if (stopped !== undefined) return stopped
  // a key's warning (a dialog it opened) is the typing's
  const warning = own.map((r) => (r.success ? r.warning : undefined)).find((w) => w !== undefined && w !== "")
  if (failed === undefined && first.success)
    return { ...first, result: { typed: keyed.text, keys: keyed.keys }, ...(warning !== undefined ? { warning } : {}) }
  // the first row keeps how long it waited for its target
  return failed === undefined || failed === rows[at] ? first : failed
}

/** What the read found the field holding: the typed text itself (`own`) or the page's value; undefined if unread. */
export const typedHoldsOf = (target: FillTarget, read: unknown): FieldHolds | undefined => {
  const back = Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read))
  if (back === undefined || !("via" in back) || back.value === null) return undefined
  const own = sameText(back.value, target.text)
  return { value: own ? target.text : back.value, own, field: back.selector }
}

/**
 * The command's own row: typing key by key as one row (keyedRowOf), a `press|key` whose key opened a confirm or
 * prompt as sent (pressedRowOf), any other as it is.
 */
export const keyRowOf = (
  positionals: ReadonlyArray<string>,
  rows: ReadonlyArray<StepRow>,
  at: number,
  row: StepRow,
  keyed: KeyedTyping | undefined
): StepRow =>
  keyed !== undefined
    ? keyedRowOf(rows, at, keyed, row)
    : isPressCommand(positionals)
      ? pressedRowOf(row, rows[at - 1])
      : row
