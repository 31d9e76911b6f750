/**
 * Fill verification on web pages: after `fill <target> <text>` (or `find <locator> <value> fill <text>`), one
 * read-only eval in the same upstream process reads the field back: the target by CSS when it is one, else the
 * focused element (a fill focuses its field; locators cannot be queried from page script), read inside a same-origin
 * iframe's body or an open shadow root when that is where the focus is. A ref's own field is read by upstream
 * (`get value`, `is enabled`, `get attr readonly` on the ref: `refRows`), so a field the page blurred or disabled
 * on focus is judged itself, not what holds the focus now. The read also says whether the field that had the focus
 * before the fill (fillGuard.ts) changed: the text went there instead. A difference is reported with lengths only:
 * the typed and the observed value never leave this module; a read-only field (a date picker's input, which its
 * widget sets), a disabled one, a native date or time field and a spill are said as such, and mark the fill as not
 * taken (a job step fails on it). A password field (a target named like a secret field, the Redactor's rule, or an
 * input of type password) is compared by length only; a `{{secret:...}}` fill is never read (its value is not the
 * text). A field the read cannot see (a cross-origin frame, a closed shadow root, a canvas) is not judged either way,
 * and is said to be not verifiable. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { FillVerification } from "../schema/PageDiagnostics.js"
import { isSecretTarget } from "../redaction/redactArgs.js"
import { SECRET_FIELD } from "../redaction/secretPatterns.js"
import { mentionsSecret } from "../security/preflight.js"
import { editorSelectRemove } from "./editorSelect.js"
import { FILL_BEFORE_KEY, VALUE } from "./fillGuard.js"
import type { RefFacts } from "./fillRefReads.js"
import { because, dateKeys, formattedAs, type Seen } from "./fillReasons.js"
import { compactScript } from "./compactScript.js"

export interface FillTarget {
  /** What the fill named: a CSS selector or @ref, or undefined for a `find` locator. */
  readonly selector: string | undefined
  readonly text: string
  /** A password field by its name: compared by length only. */
  readonly secret?: true
}

/** The fill's target and text, or undefined when the command is not a fill that can be verified. */
export const fillTargetOf = (argv: ReadonlyArray<string>): FillTarget | undefined => {
  const [command, ...rest] = argv
  let target: string | undefined
  let text: ReadonlyArray<string>
  if (command === "fill") {
    const [selector, ...words] = rest
    if (selector === undefined) return undefined
    target = selector
    text = words
  } else if (command === "find" && rest[2] === "fill") {
    // a locator naming a secret field (label "Password") is not read back either
    const name = rest.indexOf("--name")
    if (SECRET_FIELD.test(rest[1] ?? "") || (name >= 0 && SECRET_FIELD.test(rest[name + 1] ?? ""))) return undefined
    const words = rest.slice(3)
    const flag = words.findIndex((w) => w.startsWith("--"))
    text = flag < 0 ? words : words.slice(0, flag)
  } else return undefined
  // a {{secret:NAME}} is compared by nobody: its value is not the text, and reading it back would only re-expose it
  if (text.length === 0 || text.some(mentionsSecret)) return undefined
  const secret = isSecretTarget(target, () => undefined) ? { secret: true as const } : {}
  return { selector: target, text: text.join(" "), ...secret }
}

/**
 * The read-back, as one expression: the element by CSS (a @ref or a selector page script cannot parse falls back to
 * the focused element); a password field answers `{ password: true }` without its value. `selector` is a CSS path to
 * the element for follow-ups.
 */
export const fillReadScript = (target: FillTarget): string => {
  const css =
    target.selector !== undefined && !target.selector.startsWith("@") ? JSON.stringify(target.selector) : "null"
  return compactScript(`(() => {
  let el = null;
  try { el = ${css} !== null ? document.querySelector(${css}) : null } catch (e) { el = null }
  const target = el;
  if (el === null) el = document.activeElement;
  const path = (e) => {
    if (e.ownerDocument !== document) return "iframe body";
    if (e.id) return "#" + CSS.escape(e.id);
    const tag = e.tagName.toLowerCase(), name = e.getAttribute("name");
    const named = tag + "[name=" + JSON.stringify(name) + "]";
    if (name && document.querySelectorAll(named).length === 1) return named;
    const parent = e.parentElement;
    if (parent === null) return tag;
    const same = [...parent.children].filter((c) => c.tagName === e.tagName);
    return path(parent) + " > " + tag + (same.length > 1 ? ":nth-of-type(" + (same.indexOf(e) + 1) + ")" : "");
  };
  // the other text fields whose value changed during the fill (fillGuard.ts noted them): the text may have gone there
  const B = window[${FILL_BEFORE_KEY}];
  delete window[${FILL_BEFORE_KEY}];
  ${editorSelectRemove}
  let prev;
  if (B instanceof Map) {
    for (const [e, before] of B) {
      const now = ${VALUE}(e);
      if (!e.isConnected || now === before || now.length <= before.length || e === target) continue;
      prev = { selector: path(e), grew: now.length - before.length, same: false };
      break;
    }
  }
  const extra = prev !== undefined ? { prev } : {};
  // the field may be inside what holds the focus: a same-origin iframe's editable body (TinyMCE, CKEditor) or a
  // web component's shadow root (Shoelace, Lit); a frame or root that cannot be read is not verifiable
  for (let depth = 0; el !== null && depth < 5; depth++) {
    if (el.tagName === "IFRAME" || el.tagName === "FRAME") {
      let doc = null;
      try { doc = el.contentDocument } catch (e) { doc = null }
      if (doc === null) return { unverifiable: "frame" };
      el = doc.activeElement !== null && doc.activeElement !== doc.documentElement ? doc.activeElement : doc.body;
    } else if (el.shadowRoot) {
      if (el.shadowRoot.activeElement === null) break;
      el = el.shadowRoot.activeElement;
    } else break;
  }
  if (el === null || el === document.body || el === document.documentElement) {
    return prev !== undefined ? { focusLost: true, prev } : null;
  }
  if (el.tagName === "CANVAS") return { unverifiable: "canvas" };
  // a password is compared by its length only
  if (String(el.getAttribute("type") || "").toLowerCase() === "password") {
    return { password: true, length: String(el.value || "").length, ...extra };
  }
  const kind = el.tagName === "INPUT" ? String(el.type || "").toLowerCase() : "";
  const dated = ["date", "time", "month", "week", "datetime-local"].includes(kind) ? { fieldType: kind } : {};
  // the order a date field shows its parts in (the browser's locale): m, d, y
  const parts = { year: "numeric", month: "2-digit", day: "2-digit" };
  const shown = kind === "date" ? new Intl.DateTimeFormat(undefined, parts).formatToParts(new Date(2024, 0, 15)) : [];
  if (kind === "date") dated.order = shown.filter((p) => p.type !== "literal").map((p) => p.type[0]).join("");
  const editable = el.isContentEditable === true;
  // a web component whose shadow root is closed: the field is inside it, out of page script's reach
  if (!editable && typeof el.value !== "string" && el.tagName.includes("-") && el.shadowRoot === null)
    return { unverifiable: "shadow" };
  const value = editable
    ? String(el.innerText || "").replace(/\\n+$/, "")
    : typeof el.value === "string" ? el.value : null;
  // a read-only field (a date picker's input) is set by its widget, never by typing
  const flags = { ...(el.readOnly === true ? { readOnly: true } : {}) };
  if (el.disabled === true) flags.disabled = true;
  // a maxlength the browser cuts a longer text to (fillReadback: said with what it kept)
  if (!editable && typeof el.maxLength === "number" && el.maxLength >= 0) flags.maxLength = el.maxLength;
  // the browser's own words for a value the field's constraints reject (over its max, no email): said with it
  if (el.validity && el.validity.valid === false && el.validationMessage)
    flags.invalid = String(el.validationMessage).slice(0, 160);
  return { value, via: editable ? "text" : "value", selector: path(el), ...flags, ...dated, ...extra };
})()`)
}

const Prev = Schema.Struct({ selector: Schema.String, grew: Schema.Number, same: Schema.Boolean })

/** The read-back's answer (fillUnseen.ts reads its `unverifiable` case). */
export const Readback = Schema.Union(
  Schema.Struct({
    password: Schema.Literal(true),
    length: Schema.optional(Schema.Number),
    prev: Schema.optional(Prev)
  }),
  Schema.Struct({ unverifiable: Schema.Literal("frame", "shadow", "canvas") }),
  Schema.Struct({ focusLost: Schema.Literal(true), prev: Prev }),
  Schema.Struct({
    value: Schema.NullOr(Schema.String),
    via: Schema.Literal("value", "text"),
    selector: Schema.String,
    readOnly: Schema.optional(Schema.Literal(true)),
    disabled: Schema.optional(Schema.Literal(true)),
    maxLength: Schema.optional(Schema.Number),
    invalid: Schema.optional(Schema.String),
    fieldType: Schema.optional(Schema.String),
    order: Schema.optional(Schema.String),
    prev: Schema.optional(Prev)
  })
)

/** A rich-text body renders typed spaces as no-break spaces and may end in a newline: the same text all the same. */
export const sameText = (value: string, text: string): boolean =>
  value === text || value.replace(/\u00a0/g, " ").replace(/\s+$/, "") === text.replace(/\s+$/, "")

type Back = typeof Readback.Type

/** From the best read: a ref's own value (unless the focus is in a rich editor), else the eval. */
const observed = (back: Back | undefined, ref: RefFacts): Seen | undefined => {
  const rich = back !== undefined && "via" in back && back.via === "text"
  // a password input stays compared by length, though upstream's `get value` on its ref answers the value
  const password = back !== undefined && "password" in back
  if (ref.value !== undefined && !rich && !password) {
    const { value, readOnly: ro, enabled } = ref
    // the focused field's kind is the ref's when it holds the same value (a date field keeps the focus after a fill)
    const kind = back !== undefined && "via" in back && back.value === value ? back : undefined
    const [readOnly, disabled, fieldType, order] = [ro === true, enabled === false, kind?.fieldType, kind?.order]
    const maxLength = kind?.maxLength
    return { length: [...value].length, value, via: "value", readOnly, disabled, maxLength, fieldType, order }
  }
  if (back === undefined || "unverifiable" in back || "focusLost" in back) return undefined
  if ("password" in back) return back.length !== undefined ? { length: back.length, via: "value" } : undefined
  if (back.value === null) return undefined
  return {
    length: [...back.value].length,
    value: back.value,
    via: back.via,
    readOnly: back.readOnly === true,
    disabled: back.disabled === true,
    maxLength: back.maxLength,
    fieldType: back.fieldType,
    order: back.order,
    selector: back.selector
  }
}

/**
 * The typed text when the read-back shows the field holds it (said with the action, so no read is needed after it);
 * undefined for a password or secret field (compared by length only), or when the field could not be read.
 */
export const fillHeldOf = (target: FillTarget, read: unknown, ref: RefFacts = {}): string | undefined => {
  if (target.secret === true) return undefined
  const seen = observed(Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read)), ref)
  if (seen?.value === undefined) return undefined
  return sameText(seen.value, target.text) ? target.text : formattedAs(seen.value, target.text) ? seen.value : undefined
}

/**
 * The browser's validation message for the field the read-back found (a number over its max, an email with no @):
 * undefined when it is valid or could not be read.
 */
export const fillInvalidOf = (read: unknown): string | undefined => {
  const back = Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read))
  return back !== undefined && "invalid" in back ? back.invalid : undefined
}

/**
 * The verification when the field does not hold the text; undefined when it does or could not be read. `ref`: a
 * ref's own field as upstream read it (refRows).
 */
export const fillVerificationOf = (
  target: FillTarget,
  read: unknown,
  stepIndex?: number,
  ref: RefFacts = {}
): FillVerification | undefined => {
  const back = Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read))
  const seen = observed(back, ref)
  // unreadable (a cross-origin frame, a canvas, a password whose length is unknown): nothing is claimed either way
  if (seen === undefined) return undefined
  const typed = [...target.text].length
  const byLength = target.secret === true || seen.value === undefined
  const holds = byLength
    ? seen.length === typed
    : sameText(seen.value ?? "", target.text) || formattedAs(seen.value ?? "", target.text)
  if (holds) return undefined
  // the field that had the focus before changed, and this one did not take the text: the text went there
  const prev = back !== undefined && "prev" in back ? back.prev : undefined
  // a CSS target is known to the page (the field that grew is another one); for a ref or a locator the grown field may
  // be the target itself (the focused one), so only an empty target says the text went elsewhere
  const known = target.selector !== undefined && !target.selector.startsWith("@")
  const spilled = prev !== undefined && (known || seen.length === 0) ? prev.selector : undefined
  const refused = seen.readOnly === true || seen.disabled === true || seen.fieldType !== undefined
  const notTaken = seen.length === 0 || spilled !== undefined || refused
  const shown = target.selector ?? seen.selector ?? "the focused field"
  const keys = seen.fieldType === "date" ? dateKeys(target.text, seen.order) : undefined
  // the start of the model's own text, cut at the field's maxlength (never a secret field's: compared by length)
  const cut =
    !byLength &&
    spilled === undefined &&
    seen.maxLength !== undefined &&
    seen.length === seen.maxLength &&
    typed > seen.maxLength &&
    target.text.startsWith(seen.value ?? "")
  // a rich editor (contenteditable) that holds the typed text beside its earlier text: upstream's fill inserts
  const added =
    spilled === undefined && seen.via === "text" && (seen.value ?? "").replace(/\u00a0/g, " ").includes(target.text)
  return {
    status: "mismatch",
    target: shown,
    verifiedWith: seen.via === "text" ? "get text" : "get value",
    expectedLength: typed,
    observedLength: seen.length,
    ...(stepIndex !== undefined ? { stepIndex } : {}),
    ...(seen.readOnly === true ? { readOnly: true as const } : {}),
    ...(seen.disabled === true ? { disabled: true as const } : {}),
    ...(seen.fieldType !== undefined ? { fieldType: seen.fieldType } : {}),
    ...(keys !== undefined ? { dateKeys: keys } : {}),
    ...(cut ? { maxLength: seen.maxLength } : {}),
    ...(spilled !== undefined ? { spilledInto: spilled } : {}),
    ...(added ? { added: true as const } : {}),
    ...(notTaken ? { notTaken: true as const } : {}),
    summary:
      `After fill, ${shown} holds ${seen.length} character(s), not the ${typed} typed: ` +
      because(seen, spilled, prev?.grew ?? 0, added, cut, target.secret === true)
  }
}
