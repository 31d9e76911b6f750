/**
 * Text an action made appear, watched in the page from just before the action to the read after it (in the same
 * upstream batch): nodes the page added, text it changed, and elements it unhid (a `hidden` or `aria-hidden`
 * attribute removed, `open` added, an inline `display: none` / `visibility: hidden` dropped). Each changed element
 * still shown is read once, outermost first, as its visible text; class changes are not judged (the text may have
 * shown before). Used by the click and key-press watch (clickEffects.ts) and around `hover` (probedCommand.ts). Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** At most this many texts are kept, each cut to `TEXT_MAX` characters. */
const KEEP = 2
const TEXT_MAX = 80
/** At most this many changed places are read. */
const LOOK = 50

/**
 * Page JavaScript: defines `appeared` with `take(skip)` (the texts, without `skip`, a heading said on its own; stops
 * the watch) and `off()`.
 */
export const APPEARED_WATCH: string = `const appeared = (() => {
const changed = new Set();
const hid = (v) => /display:\\s*none|visibility:\\s*hidden/.test(String(v || ""));
const note = (records) => {
  for (const r of records) {
    if (r.type === "childList") r.addedNodes.forEach((n) => changed.add(n.nodeType === 3 ? n.parentElement : n));
    else if (r.type === "characterData") changed.add(r.target.parentElement);
    else {
      const e = r.target, now = e.getAttribute(r.attributeName);
      const shown = r.attributeName === "open" ? r.oldValue === null && now !== null
        : r.attributeName === "style" ? hid(r.oldValue) && !hid(now)
        : r.oldValue !== null && r.oldValue !== "false" && (now === null || now === "false");
      if (shown) changed.add(e);
    }
  }
};
const mo = new MutationObserver(note);
mo.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true,
  attributeOldValue: true, attributeFilter: ["hidden", "aria-hidden", "open", "style"] });
const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "TITLE"]);
const take = (skip) => {
  note(mo.takeRecords()); mo.disconnect();
  const els = [...changed].filter((e) => e instanceof Element && e.isConnected && !SKIP.has(e.tagName) &&
    e !== document.body && e !== document.documentElement);
  const set = new Set(els);
  const inside = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) if (set.has(p)) return true;
    return false;
  };
  const outer = els.filter((e) => !inside(e));
  const texts = [];
  let count = 0;
  // a large re-render is read in its first ${LOOK} places only (said as "more")
  for (const e of outer.slice(0, ${LOOK})) {
    if (typeof e.checkVisibility === "function" && !e.checkVisibility()) continue;
    const t = String(e.innerText || "").replace(/\\s+/g, " ").trim();
    if (t === "" || t === skip || texts.includes(t)) continue;
    count++;
    if (texts.length < ${KEEP}) texts.push(t.length > ${TEXT_MAX} ? t.slice(0, ${TEXT_MAX - 1}) + "…" : t);
  }
  return { count, texts, capped: outer.length > ${LOOK} };
};
return { take, off: () => mo.disconnect() };
})();`

/** Installs the watch alone (before a `hover`). */
export const APPEARED_INSTALL: string = `(() => {
const K = Symbol.for("pi-agent-browser.appeared");
if (window[K]) window[K].off();
${APPEARED_WATCH}
window[K] = appeared;
return true;
})()`

/** Reads (and removes) the watch installed by `APPEARED_INSTALL`. */
export const APPEARED_READ: string = `(() => {
const K = Symbol.for("pi-agent-browser.appeared"), w = window[K];
if (!w) return undefined;
delete window[K];
return { appeared: w.take() };
})()`

/** The read's `appeared` field as the effect, or undefined when no text appeared. */
export const appearedOf = (value: unknown): ActionEffects["appeared"] => {
  const r = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined
  const count = typeof r?.["count"] === "number" ? r["count"] : 0
  const texts = Array.isArray(r?.["texts"]) ? r["texts"].filter((t): t is string => typeof t === "string") : []
  const capped = r?.["capped"] === true ? { capped: true as const } : {}
  return count > 0 && texts.length > 0 ? { count, first: texts.slice(0, KEEP), ...capped } : undefined
}
