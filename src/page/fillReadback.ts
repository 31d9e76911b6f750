/**
 * Fill verification on web pages: after `fill <target> <text>` (or `find <locator> <value> fill <text>`), one
 * read-only eval in the same upstream process reads the field back: the target by CSS when it is one, else the
 * focused element (a fill focuses its field; refs and locators cannot be queried from page script), read inside a
 * same-origin iframe's body or an open shadow root when that is where the focus is. A difference is
 * reported with lengths only: the typed and the observed value never leave this module; a read-only field (a date
 * picker's input, which its widget sets) is said to be one. Never for a
 * `{{secret:...}}` fill (its value is not the text), a target named like a secret field (the Redactor's rule), nor a
 * password field (the read answers without its value). A field the read cannot see (a cross-origin frame, a closed
 * shadow root, a canvas) is not judged either way, and is said to be not verifiable. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { FillNotVerifiable, FillVerification } from "../schema/PageDiagnostics.js"
import { isSecretTarget } from "../redaction/redactArgs.js"
import { SECRET_FIELD } from "../redaction/secretPatterns.js"
import { mentionsSecret } from "../security/secretText.js"

export interface FillTarget {
  /** What the fill named: a CSS selector or @ref, or undefined for a `find` locator. */
  readonly selector: string | undefined
  readonly text: string
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
  if (text.length === 0 || text.some(mentionsSecret) || isSecretTarget(target, () => undefined)) return undefined
  return { selector: target, text: text.join(" ") }
}

/**
 * The read-back, as one expression: the element by CSS (a @ref or a selector page script cannot parse falls back to
 * the focused element); a password field answers `{ password: true }` without its value. `selector` is a CSS path to
 * the element for follow-ups.
 */
export const fillReadScript = (target: FillTarget): string => {
  const css = target.selector !== undefined && !target.selector.startsWith("@") ? JSON.stringify(target.selector) : "null"
  return `(() => {
  let el = null;
  try { el = ${css} !== null ? document.querySelector(${css}) : null } catch (e) { el = null }
  if (el === null) el = document.activeElement;
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
  if (el === null || el === document.body || el === document.documentElement) return null;
  if (el.tagName === "CANVAS") return { unverifiable: "canvas" };
  if (String(el.getAttribute("type") || "").toLowerCase() === "password") return { password: true };
  const path = (e) => {
    if (e.ownerDocument !== document) return "iframe body";
    if (e.id) return "#" + CSS.escape(e.id);
    const tag = e.tagName.toLowerCase(), name = e.getAttribute("name");
    if (name && document.querySelectorAll(tag + "[name=" + JSON.stringify(name) + "]").length === 1) return tag + "[name=" + JSON.stringify(name) + "]";
    const parent = e.parentElement;
    if (parent === null) return tag;
    const same = [...parent.children].filter((c) => c.tagName === e.tagName);
    return path(parent) + " > " + tag + (same.length > 1 ? ":nth-of-type(" + (same.indexOf(e) + 1) + ")" : "");
  };
  const editable = el.isContentEditable === true;
  // a web component whose shadow root is closed: the field is inside it, out of page script's reach
  if (!editable && typeof el.value !== "string" && el.tagName.includes("-") && el.shadowRoot === null) return { unverifiable: "shadow" };
  const value = editable ? String(el.innerText || "").replace(/\\n+$/, "") : typeof el.value === "string" ? el.value : null;
  // a read-only field (a date picker's input) is set by its widget, never by typing
  return { value, via: editable ? "text" : "value", selector: path(el), ...(el.readOnly === true ? { readOnly: true } : {}) };
})()`
}

const Readback = Schema.Union(
  Schema.Struct({ password: Schema.Literal(true) }),
  Schema.Struct({ unverifiable: Schema.Literal("frame", "shadow", "canvas") }),
  Schema.Struct({ value: Schema.NullOr(Schema.String), via: Schema.Literal("value", "text"), selector: Schema.String, readOnly: Schema.optional(Schema.Literal(true)) })
)

/** A rich-text body renders typed spaces as no-break spaces and may end in a newline: the same text all the same. */
const sameText = (value: string, text: string): boolean =>
  value === text || value.replace(/\u00a0/g, " ").replace(/\s+$/, "") === text.replace(/\s+$/, "")

/** The verification when the read-back differs from the text; undefined when it matches or could not be read. */
export const fillVerificationOf = (target: FillTarget, read: unknown, stepIndex?: number): FillVerification | undefined => {
  const back = Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read))
  // unreadable (a password, a cross-origin frame, a canvas): nothing is claimed either way
  if (back === undefined || "password" in back || "unverifiable" in back || back.value === null || sameText(back.value, target.text)) return undefined
  const shown = target.selector ?? back.selector
  const verifiedWith = back.via === "text" ? "get text" as const : "get value" as const
  return {
    status: "mismatch",
    target: shown,
    verifiedWith,
    expectedLength: target.text.length,
    observedLength: back.value.length,
    ...(stepIndex !== undefined ? { stepIndex } : {}),
    ...(back.readOnly === true ? { readOnly: true as const } : {}),
    summary: back.readOnly === true
      ? `After fill, ${shown} holds ${back.value.length} character(s), not the ${target.text.length} typed: it is read-only (a date picker or other widget sets it).`
      : `After fill, ${shown} holds ${back.value.length} character(s), not the ${target.text.length} typed: the page kept or rewrote something else.`
  }
}

const UNSEEN = {
  frame: { reason: "cross-origin-frame", where: "inside a cross-origin frame" },
  shadow: { reason: "closed-shadow-root", where: "inside a web component's closed shadow root" },
  canvas: { reason: "canvas", where: "drawn on a canvas" }
} as const

/** The fill's field, when the read-back could not see it (nothing is claimed about what it holds). */
export const fillNotVerifiableOf = (target: FillTarget, read: unknown, stepIndex?: number): FillNotVerifiable | undefined => {
  const back = Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read))
  if (back === undefined || !("unverifiable" in back)) return undefined
  const unseen = UNSEEN[back.unverifiable]
  const shown = target.selector ?? "the focused field"
  return {
    status: "not-verifiable",
    reason: unseen.reason,
    target: shown,
    ...(stepIndex !== undefined ? { stepIndex } : {}),
    summary: `not verifiable: ${shown} is ${unseen.where}, which a page read cannot see (a screenshot can).`
  }
}
