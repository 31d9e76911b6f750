/**
 * A `check|uncheck <sel>` aimed at an element that is not a checkbox, radio button or switch: upstream clicks it
 * (twice: it clicks, reads no checked state, clicks again) and answers `{checked:sel}`, which read as `Checked #f`
 * while the page shows nothing checked. The tool refuses it before the check runs: a ref by its role in the latest
 * snapshot (nothing sent), a CSS selector by a read-only step in the same upstream batch that throws what it found
 * (upstream/wire.ts), so a batch that stops at its first failed step never sends the check. A label (or an
 * element in one, a switch's styled span) stands for its control; an element in a box or holding one is left to
 * upstream, which checks those (seen on the raw binary: `check` on a span in a label ticks its box). A disabled box
 * (its own `disabled`, or a disabled `<fieldset>` around it) is refused the same way: upstream 0.41.2 answers
 * `{checked:sel}` and leaves it as it was (seen on the raw binary; found by bench:cases inputs.check-disabled). A ref
 * cannot be found by page script: upstream's own `is enabled` and `is checked` on it run before the check in the same
 * batch (they do not stop it; a disabled box takes no click), and a disabled one is said the same way. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StepRow } from "../domain/Outcome.js"
import { type RefSnapshot, refIdOf } from "../domain/RefSnapshot.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { throwValueStatement } from "../upstream/wire.js"
import { evalResultOf } from "./namingReads.js"

/** `UpstreamFailed.code` of a check the tool refused for its target: the next action is a snapshot of the boxes. */
export const CHECK_REFUSED = "check-refused"

/** `UpstreamFailed.code` of a check aimed at a disabled box (upstream answers success and leaves it as it was). */
export const CHECK_DISABLED = "check-disabled"

/** Roles of controls of another kind: a check aimed at one of these cannot tick anything. */
const OTHER_CONTROLS: ReadonlySet<string> = new Set([
  "textbox",
  "searchbox",
  "combobox",
  "button",
  "link",
  "slider",
  "spinbutton",
  "listbox",
  "tab",
  "menuitem",
  "heading",
  "img",
  "image"
])

export const CHECKABLE = [
  "input[type=checkbox]",
  "input[type=radio]",
  ...["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].map((role) => `[role=${role}]`)
].join(",")

export interface CheckTarget {
  readonly command: "check" | "uncheck"
  readonly selector: string
}

/** `check|uncheck <one selector>`: the command and its target, or undefined for any other command line. */
export const checkTargetOf = (positionals: ReadonlyArray<string>): CheckTarget | undefined => {
  const [command, selector] = positionals
  if ((command !== "check" && command !== "uncheck") || selector === undefined || positionals.length !== 2)
    return undefined
  return { command, selector }
}

/**
 * The before-step for a CSS target: throws `{notCheckable: {tag, type, role}}` when it is no box; else true, or false
 * when nothing matches (upstream's own check then misses, and waits for it: readiness.ts).
 */
export const checkBeforeScript = (css: string): string => `(() => {
  let el = null;
  try { el = document.querySelector(${JSON.stringify(css)}) } catch (e) { return null }
  if (el === null) return false;
  const label = el.closest("label");
  if (label !== null && label.control) el = label.control;
  const boxes = ${JSON.stringify(CHECKABLE)};
  const box = el.closest(boxes) || el.querySelector(boxes);
  const attr = (e, name) => e.getAttribute(name) || "";
  const what = (e) => ({ tag: e.tagName.toLowerCase(), type: attr(e, "type"), role: attr(e, "role") });
  if (box !== null && !box.matches(":disabled")) return true;
  if (box !== null) {
    const found = what(box);
    found.checked = box.checked === true;
    found.byFieldset = !box.disabled && box.closest("fieldset:disabled") !== null;
    ${throwValueStatement("{ disabledBox: found }")};
  }
  ${throwValueStatement("{ notCheckable: what(el) }")};
})()`

/**
 * The rows before a check: the before-step for a CSS target; for a ref (page script cannot find it; its role is known
 * already) upstream's own reads of whether it is enabled and checked, which do not stop the batch.
 */
export const checkProbeRows = (selector: string): ReadonlyArray<ReadonlyArray<string>> => {
  const id = refIdOf(selector)
  return id === undefined
    ? [["eval", checkBeforeScript(selector)]]
    : [
        ["is", "enabled", `@${id}`],
        ["is", "checked", `@${id}`]
      ]
}

const Found = Schema.Struct({ tag: Schema.String, type: Schema.String, role: Schema.String })
const Thrown = Schema.Union(
  Schema.Struct({ notCheckable: Found }),
  Schema.Struct({
    disabledBox: Schema.Struct({ ...Found.fields, checked: Schema.Boolean, byFieldset: Schema.Boolean })
  })
)

/** What the before-step found, in words: `an input of type "text"`, `a <div role="button">`. */
const elementWords = (found: { readonly tag: string; readonly type: string; readonly role: string }): string => {
  if (found.tag === "input") return `an input of type "${found.type === "" ? "text" : found.type}"`
  const role = found.role !== "" ? ` role="${found.role}"` : ""
  return `a <${found.tag}${role}>`
}

/** The refusal, in the words the model reads. */
export const checkRefusal = (command: "check" | "uncheck", selector: string, what: string): UpstreamFailed =>
  new UpstreamFailed({
    code: CHECK_REFUSED,
    stderr: "",
    exitCode: null,
    detail:
      `${selector} is ${what}, not a checkbox, radio button or switch: nothing was ${command}ed (the ${command} ` +
      "was not sent, so the page is unchanged). To tick a box, take a snapshot -i and check its checkbox ref; to " +
      "toggle a control that is not a checkbox, click it."
  })

/**
 * The refusal of a disabled box, in the words the model reads: what it still holds, and why it is disabled. `sent`:
 * a ref's check ran after upstream's reads (a disabled box takes no click, so it changed nothing).
 */
export const disabledBoxRefusal = (
  { command, selector }: CheckTarget,
  box: { readonly type: string; readonly role: string; readonly checked: boolean; readonly byFieldset: boolean },
  sent = false
): UpstreamFailed => {
  const kind = box.type === "radio" || box.role === "radio" ? "radio button" : box.role === "" ? "checkbox" : box.role
  const why = box.byFieldset ? " (the <fieldset> around it is disabled)" : ""
  const unsent = sent ? "a disabled box takes no click" : `the ${command} was not sent`
  return new UpstreamFailed({
    code: CHECK_DISABLED,
    stderr: "",
    exitCode: null,
    detail:
      `${selector} is a disabled ${kind}${why}: nothing was ${command}ed, it stays ${box.checked ? "" : "un"}checked ` +
      `(${unsent}). The page enables it itself (often after another choice); take a snapshot -i ` +
      "to see which controls are enabled."
  })
}

const RefReads = Schema.Tuple(
  Schema.Struct({ enabled: Schema.Boolean }),
  Schema.Struct({ checked: Schema.Boolean }),
  Schema.Struct({ role: Schema.String })
)

/** A ref's box that upstream read as disabled (the rows just before the check), said as the CSS guard says it. */
const refDisabledOf = (check: CheckTarget, rows: ReadonlyArray<StepRow | undefined>, role: string) =>
  Option.getOrUndefined(
    Option.map(
      Schema.decodeUnknownOption(RefReads)([...rows.map((r) => (r?.success === true ? r.result : null)), { role }]),
      ([enabled, checked]) =>
        enabled.enabled
          ? undefined
          : disabledBoxRefusal(check, { type: "", role, checked: checked.checked, byFieldset: false }, true)
    )
  )

/**
 * The refusal from the rows before the check at `at`: a CSS target's before-step (it threw), a ref's reads (it is
 * disabled; its role from the latest snapshot); undefined when the target was a box it may check (or the steps did not
 * say).
 */
export const checkRefusedAt = (
  check: CheckTarget | undefined,
  rows: ReadonlyArray<StepRow>,
  at: number,
  refs: RefSnapshot | undefined
): UpstreamFailed | undefined => {
  if (check === undefined) return undefined
  const id = refIdOf(check.selector)
  if (id === undefined) return checkRefusedOf(check, rows[at - 1])
  return refDisabledOf(check, [rows[at - 2], rows[at - 1]], refs?.refs.get(id)?.role ?? "")
}

/**
 * Whether the rows before the check (ending at `at`, as `checkRefusedAt`) found its target there: the before-step's
 * `true`, or upstream's `is enabled` answering for the ref. A locator miss of the check itself then came after it
 * clicked: upstream reads the box back once clicked, and the page may have replaced it by then (checkReadBack.ts).
 */
export const targetFoundAt = (check: CheckTarget, rows: ReadonlyArray<StepRow>, at: number): boolean =>
  refIdOf(check.selector) === undefined ? evalResultOf(rows[at - 1]) === true : rows[at - 2]?.success === true

/** The refusal from the before-step's row (it threw); undefined when the target was a box (or the step did not say). */
const checkRefusedOf = (check: CheckTarget, guard: StepRow | undefined): UpstreamFailed | undefined =>
  guard === undefined || guard.success
    ? undefined
    : Option.getOrUndefined(
        Option.map(Schema.decodeUnknownOption(Thrown)(guard.thrown), (t) =>
          "disabledBox" in t
            ? disabledBoxRefusal(check, t.disabledBox)
            : checkRefusal(check.command, check.selector, elementWords(t.notCheckable))
        )
      )

/** A ref the latest snapshot lists as a control of another kind: refused before anything is sent. */
export const refCheckRefusal = (
  check: CheckTarget | undefined,
  refs: RefSnapshot | undefined
): UpstreamFailed | undefined => {
  if (check === undefined) return undefined
  const { command, selector } = check
  const id = refIdOf(selector)
  const info = id !== undefined ? refs?.refs.get(id) : undefined
  if (info === undefined || !OTHER_CONTROLS.has(info.role)) return undefined
  const name = info.name !== "" ? ` ${JSON.stringify(info.name)}` : ""
  return checkRefusal(command, selector, `a ${info.role}${name}`)
}
