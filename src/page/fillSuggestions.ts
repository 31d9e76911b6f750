/**
 * The suggestions a fill left open under its field (a search box's autocomplete): the filled field (by CSS, else the
 * focused element) marked `aria-expanded="true"`, whose `aria-controls` (or `aria-owns`) list shows options
 * (`role=option`). A fill only types: no option is picked, which the words say, with the options to pick from
 * (options are page text). Read in the fill's own read (program/probed/fill.ts), never for a secret field. The list's
 * text said apart as new text is not said twice (`withoutSuggestions`). A field with a `<datalist>` shows its values
 * in the browser's own popup, which is no page element (no ref, nothing upstream can click): what is said is the
 * page's list, its values that start with what the field holds when that is none of them, and that filling a whole
 * value uses one. Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** At most this many options are named, each cut to `NAME_MAX` characters. */
const NAMED = 3
const NAME_MAX = 60

/** Page JavaScript (an expression): `{ count, first, list }` of the open suggestions, or undefined. */
export const suggestionsRead = (selector: string | undefined): string => {
  const css = selector !== undefined && !selector.startsWith("@") ? JSON.stringify(selector) : "null"
  return `(() => {
let el = null;
try { el = ${css} !== null ? document.querySelector(${css}) : null } catch (e) { el = null }
if (el === null) el = document.activeElement;
if (!el || !el.getAttribute) return undefined;
const norm = (t) => String(t || "").replace(/\\s+/g, " ").trim();
// a datalist: its values that start with what the field holds, when that is none of them
const data = el.list && el.type !== "password" && typeof el.value === "string" ? el.list : null;
if (data && el.value !== "") {
  const values = [...data.options].filter((o) => !o.disabled).map((o) => o.value), v = el.value.toLowerCase();
  const hits = values.includes(el.value) ? [] : values.filter((x) => x !== "" && x.toLowerCase().startsWith(v));
  if (hits.length > 0) return { count: hits.length, first: hits.slice(0, ${NAMED}).map((t) => t.slice(0, ${NAME_MAX})),
    list: "", datalist: el.value.slice(0, ${NAME_MAX}) };
}
if (el.getAttribute("aria-expanded") !== "true") return undefined;
const seen = (e) => typeof e.checkVisibility !== "function" || e.checkVisibility({ visibilityProperty: true });
const ids = norm(el.getAttribute("aria-controls") || el.getAttribute("aria-owns")).split(" ").filter(Boolean);
const list = ids.map((id) => document.getElementById(id)).find((b) => b && seen(b));
if (!list) return undefined;
const options = [...list.querySelectorAll("[role=option]")].filter(seen).map((o) => norm(o.innerText))
  .filter((t) => t !== "");
if (options.length === 0) return undefined;
return { count: options.length, first: options.slice(0, ${NAMED}).map((t) => t.slice(0, ${NAME_MAX})),
  list: norm(list.innerText) };
})()`
}

export type Suggestions = NonNullable<ActionEffects["suggestions"]>

/** The read's answer as the effect, and the list's whole text (to leave out of the new text), or undefined. */
export const suggestionsOf = (
  value: unknown
): { readonly suggestions: Suggestions; readonly list: string } | undefined => {
  const r = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined
  const count = typeof r?.["count"] === "number" ? r["count"] : 0
  const first = Array.isArray(r?.["first"]) ? r["first"].filter((t): t is string => typeof t === "string") : []
  if (count === 0 || first.length === 0) return undefined
  const datalist = typeof r?.["datalist"] === "string" ? { datalist: r["datalist"] } : {}
  return {
    suggestions: { count, first: first.slice(0, NAMED), ...datalist },
    list: typeof r?.["list"] === "string" ? r["list"] : ""
  }
}

/** The new text without the suggestions' own (the whole list, or one of its options), undefined when none is left. */
export const withoutSuggestions = (
  appeared: ActionEffects["appeared"],
  list: string,
  options: ReadonlyArray<string>
): ActionEffects["appeared"] => {
  if (appeared === undefined) return undefined
  const first = appeared.first.filter((t) => t !== list && !options.includes(t))
  const count = appeared.count - (appeared.first.length - first.length)
  return first.length > 0 ? { ...appeared, count, first } : undefined
}
