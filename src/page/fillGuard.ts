/**
 * What runs just before a web fill, in the same upstream batch: a range slider is set here instead (upstream's fill
 * clears it to its midpoint and types the text into whatever had the focus, often the field before it), and the
 * text fields' values are noted, so the read-back can tell when the text went into another one instead of the target
 * (fillReadback.ts). The slider's value is set through the input's own value setter with `input` and
 * `change` events, as a user's drag ends; the step then throws the slider's answer (upstream/wire.ts) so a
 * batch that stops at its first failed step does not run the fill. A ref names no element page script can find: a
 * ref the snapshot lists as a slider is focused first (`focus @ref`) and the focused element is the one judged. The
 * fill's text is written into the script only when it is a plain number (a slider's value): never another text,
 * which may be a secret or a placeholder. A rich editor's text is selected as the fill reaches it, so the fill replaces
 * it (editorSelect.ts). Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { MARK, throwValueStatement } from "../upstream/wire.js"
import { editorSelectInstall } from "./editorSelect.js"
import { pickerFillStatements, pickerFillText } from "./pickerFill.js"
import { compactScript } from "./compactScript.js"

/** Where the before-step left the focused element and its value, for the read-back. */
export const FILL_BEFORE_KEY: string = `Symbol.for("pi-agent-browser.fill-before")`

/** The slider's fill, as the before-step threw it (or a picker field's: `field` is its type, pickerFill.ts). */
export interface RangeFill {
  readonly field?: string | undefined
  /** The slider's value now (set), or undefined when the text is not a number (nothing was set). */
  readonly value?: string | undefined
  readonly before: string
  readonly min: string
  readonly max: string
}

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/

/** The text fields of the top document a fill could have typed into (an array expression; passwords left out). */
export const FIELDS =
  '[...document.querySelectorAll("input:not([type=password]),textarea,[contenteditable=true]")]' + ".slice(0, 300)"

/** A field's text (a function expression). */
export const VALUE: string = `((e) => typeof e.value === "string" ? e.value : String(e.innerText || ""))`

/**
 * The before-step: `css` the target by CSS (undefined for a ref: then `focused`, after a `focus @ref`, judges the
 * focused element; otherwise no slider is looked for).
 */
export const fillBeforeScript = (css: string | undefined, text: string, focused: boolean): string => {
  const asked = NUMBER.test(text) ? JSON.stringify(text.trim()) : "null"
  const find =
    css !== undefined ? `document.querySelector(${JSON.stringify(css)})` : focused ? "document.activeElement" : "null"
  return compactScript(`(() => {
  let el = null;
  try { el = ${find} } catch (e) { el = null }
  if (el !== null && el.tagName === "INPUT" && String(el.type).toLowerCase() === "range") {
    const asked = ${asked}, before = el.value, min = el.min || "0", max = el.max || "100";
    if (asked === null) ${throwValueStatement("{ range: { before, min, max } }")};
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(el, asked);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    ${throwValueStatement("{ range: { value: el.value, before, min, max } }")};
  }
  // a time, month, week, datetime-local or color field is set here too, in its own form (pickerFill.ts)
  ${pickerFillStatements(text, throwValueStatement)}
  window[${FILL_BEFORE_KEY}] = new Map(${FIELDS}.map((e) => [e, ${VALUE}(e)]));
  // a rich editor holding text has it all selected when the fill reaches it, so the fill replaces it (editorSelect.ts)
  ${editorSelectInstall(css !== undefined ? "el" : "null")}
  return true;
})()`)
}

/**
 * The guard's step (`guard`, an expression) as an async one: when it throws the slider or picker field it set, `read`
 * (an async expression answering an object: what the field's events made appear) is awaited and its fields added to
 * the value thrown; a field it did not set (no number) throws as it was; any other answer or error is the guard's.
 */
export const withSetRead = (guard: string, read: string): string => `(async () => {
try { return ${guard}; } catch (e) {
  const parts = String(e && e.message).split(${JSON.stringify(MARK)});
  const thrown = parts.length === 3 ? JSON.parse(parts[1]) : undefined;
  if (thrown === undefined || !thrown.range || thrown.range.value === undefined) throw e;
  Object.assign(thrown, await ${read});
  ${throwValueStatement("thrown")};
} })()`

const Thrown = Schema.Struct({
  range: Schema.Struct({
    field: Schema.optional(Schema.String),
    value: Schema.optional(Schema.String),
    before: Schema.String,
    min: Schema.String,
    max: Schema.String
  })
})

/** The slider's fill from the before-step's thrown value; undefined when the target was no slider. */
export const rangeFillOf = (thrown: unknown): RangeFill | undefined =>
  Option.getOrUndefined(Option.map(Schema.decodeUnknownOption(Thrown)(thrown), (t) => t.range))

/** The words for a slider's fill: what it holds now, or why nothing was set (never a text: it may be secret). */
export const rangeFillText = (target: string, range: RangeFill, asked: string): string => {
  if (range.field !== undefined) return pickerFillText(target, { ...range, field: range.field })
  const span = `range ${range.min}–${range.max}`
  if (range.value === undefined) {
    return `${target} is a slider (${span}): it takes a number, so nothing was set (it holds ${range.before}).`
  }
  const moved =
    range.value !== asked.trim()
      ? `: ${asked.trim()} is outside its range or steps, so the browser set ${range.value}`
      : ""
  return `Set the slider ${target} to ${range.value} (${span}; it held ${range.before})${moved}.`
}
