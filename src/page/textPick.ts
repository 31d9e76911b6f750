/**
 * Which element a click by text means, decided in the page before the click: upstream's `find text` clicks the first
 * element whose text contains the words, so an instruction that quotes a link (`Click on the link "nam".`) takes the
 * click meant for the link `nam`. The pick reads the innermost visible elements holding the text (not a native
 * select's options, nor an element's text that only they give it: `select` chooses those), each lifted to the clickable
 * element around it (a link, a button, a label, a control role, an `onclick`), and ranks them: exact and clickable
 * first, then exact, then clickable, then any other, in document order within each rank. The click then runs on the
 * picked element's CSS path, and the result names it (role and name) and how many matched. `exact`: only elements whose
 * whole text is the words (case-sensitive, as upstream's `--exact`). When nothing in the page's own text holds the
 * words, the one control inside a shadow root that they name, if any (page/shadowTextPick.ts). Pure: the script and
 * its reading.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { shadowPickSource } from "./shadowTextPick.js"

/** At most this many other matches are named beside the picked one. */
const OTHERS_NAMED = 2

export const textPickScript = (text: string, exact: boolean): string => `(() => {
const want = ${JSON.stringify(text)}, exact = ${exact};
const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim();
const shown = (e) => String(e.innerText === undefined ? e.textContent : e.innerText);
// a native select's options are not the words of the element around it (a widget that hides a select keeps it rendered)
const textOf = (e) => e.tagName === "INPUT" ? String(e.value || "") :
  [...e.querySelectorAll("select,datalist")].reduce((t, s) => t.replace(shown(s), " "), shown(e));
const same = (t) => exact ? norm(t) === norm(want) : norm(t).toLowerCase() === norm(want).toLowerCase();
const holds = (e) => exact ? norm(textOf(e)).includes(norm(want)) :
  norm(textOf(e)).toLowerCase().includes(norm(want).toLowerCase());
const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "TITLE", "OPTION", "SELECT", "DATALIST"]);
const visible = (e) => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
};
const CLICK = "a[href],button,input[type=button],input[type=submit],input[type=reset],summary,label,[onclick]," +
  "[role=button],[role=link],[role=menuitem],[role=tab],[role=option],[role=checkbox],[role=radio],[role=switch]";
const all = new Set([...document.body.querySelectorAll("*")].filter((e) => !SKIP.has(e.tagName) && holds(e)));
const inner = [...all].filter((e) => ![...e.children].some((c) => all.has(c)) && visible(e));
const TAGS = { BUTTON: "button", SUMMARY: "button", LABEL: "label", P: "paragraph", LI: "listitem", TD: "cell" };
const implicit = (e) => {
  const t = e.tagName;
  if (t === "A") return e.hasAttribute("href") ? "link" : "generic";
  if (/^H[1-6]$/.test(t)) return "heading";
  if (t === "INPUT") return ["button", "submit", "reset"].includes(String(e.type).toLowerCase()) ? "button" : "textbox";
  return TAGS[t] || "generic";
};
const role = (e) => (e.getAttribute("role") || "").trim().split(/\\s+/)[0] || implicit(e);
const name = (e) => norm(e.getAttribute("aria-label") || textOf(e)).slice(0, 80);
const path = (e) => {
  if (e.id && document.querySelectorAll("#" + CSS.escape(e.id)).length === 1) return "#" + CSS.escape(e.id);
  const parent = e.parentElement, tag = e.tagName.toLowerCase();
  if (parent === null || e === document.body) return tag;
  const kin = [...parent.children].filter((c) => c.tagName === e.tagName);
  return path(parent) + " > " + tag + (kin.length > 1 ? ":nth-of-type(" + (kin.indexOf(e) + 1) + ")" : "");
};
const seen = new Map();
for (const e of inner) {
  if (exact && !same(textOf(e))) continue;
  const lifted = e.closest(CLICK), el = lifted || e;
  const rank = (same(textOf(e)) ? 0 : 2) + (lifted ? 0 : 1);
  const had = seen.get(el);
  if (had === undefined || rank < had.rank) seen.set(el, { el, rank });
}
const ranked = [...seen.values()].sort((a, b) => a.rank - b.rank);
const top = ranked[0];
if (top === undefined) return { count: 0, shadow: (${shadowPickSource})(want, CLICK, role, name) };
const said = (c) => ({ role: role(c.el), name: name(c.el) });
const picked = { ...said(top), path: path(top.el), exact: top.rank < 2, clickable: top.rank % 2 === 0 };
return { count: ranked.length, picked, others: ranked.slice(1, ${OTHERS_NAMED + 1}).map(said) };
})()`

const Named = Schema.Struct({ role: Schema.String, name: Schema.String })

const Pick = Schema.Struct({
  count: Schema.Number,
  picked: Schema.optional(
    Schema.Struct({ ...Named.fields, path: Schema.String, exact: Schema.Boolean, clickable: Schema.Boolean })
  ),
  others: Schema.optional(Schema.Array(Named)),
  /** No element in the page's own text: the one control inside a shadow root that the words name (shadowTextPick). */
  shadow: Schema.optional(Named)
})
export type TextPick = typeof Pick.Type

/** The pick from the script's answer; undefined when it did not answer one. */
export const textPickOf = (value: unknown): TextPick | undefined =>
  Option.getOrUndefined(Schema.decodeUnknownOption(Pick)(value))
