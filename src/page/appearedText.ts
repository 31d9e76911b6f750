/**
 * Text an action made appear, watched in the page and its open shadow roots from just before the action to the read
 * after it (in the same upstream batch): nodes the page added, text it changed, and elements it unhid (a `hidden` or
 * `aria-hidden` attribute removed, `open` added, an inline `display: none` / `visibility: hidden` dropped). Each
 * changed element still shown is read once, outermost first, as its visible text; class changes are not judged (the
 * text may have shown before), nor children replaced by the same texts in the same order (a list re-rendered on hover
 * or scroll). When more places changed than are said, a status (role=status, aria-live) and then a count the page
 * changed in place ("Showing 3 of 8") are said before the rest. Symmetric, the text it hid or removed (said shorter:
 * what went, not to be read). Used by the click and key-press watch (clickEffects.ts), around `hover` and `focus`
 * (probed/timedAction.ts, with their CSS-only flips: hoverReveal.ts) and typing (typedEffects.ts). Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"
import { compactScript } from "./compactScript.js"

/** At most this many texts are kept, each cut to `TEXT_MAX` characters. */
const KEEP = 2
/**
 * New texts are read one beyond that: the words say two, after leaving out those made only of new controls' names (a
 * widget that rendered late), so the third is said rather than counted.
 */
const KEEP_NEW = KEEP + 1
const TEXT_MAX = 80
/** A text the action hid is cut shorter: it is there to say what went, not to be read. */
const HIDDEN_MAX = 40
/** At most this many changed places are read. */
const LOOK = 50
/** Controls among what appeared are counted up to about this many (a whole page re-rendered is not looked up). */
const CONTROLS_MAX = 40
/** What counts as a control that appeared: what `snapshot -i` gives a ref. */
const CONTROL =
  '"a[href],button,input:not([type=hidden]),select,textarea,summary,[contenteditable=true],' +
  "[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option]," +
  '[role=combobox],[role=textbox],[role=slider],[role=spinbutton],[role=searchbox]"'

/**
 * Page JavaScript (inside the watch), an expression on the changed element `e` and its text `t`: 0 for a status (in
 * or under role=status|alert|log, aria-live other than off, an output), 1 for text with a number the page changed in
 * an element that was there before (a count: "Showing 3 of 8"), 2 for the rest. When more places changed than are
 * said, the lower ranks are said first.
 */
const RANK =
  '(e.closest("[role=status],[role=alert],[role=log],[aria-live]:not([aria-live=off]),output") ? 0 : ' +
  "!fresh(e) && /\\d/.test(t) ? 1 : 2)"

/**
 * Page JavaScript: `pickSaid(texts, ranked, count)`, the texts said: those in the page's order (`texts`) when no more
 * than `KEEP` places changed; else the first `KEEP_NEW` of a status, then a count ("Showing 3 of 8"), then the rest,
 * each in the page's order (`ranked`: each place's `[rank, text]`, in the page's order).
 */
export const PICK_SAID = `const pickSaid = (texts, ranked, count) => count <= ${KEEP} ? texts
  : [...new Set(ranked.map((r, i) => [...r, i]).sort((a, b) => a[0] - b[0] || a[2] - b[2]).map((r) => r[1]))]
    .slice(0, ${KEEP_NEW});`

/**
 * Page JavaScript (inside the watch): `hiddenTexts = () => ({ count, texts, capped })`, the text the action hid or
 * removed. An element counts when it is hidden now (checkVisibility) and was not by its own attributes before, its
 * parent still shown; a removed node when its parent is still shown and got no new node in the action (a replaced
 * text or a re-render is said as new text); neither when the action added it. Text still shown elsewhere on the
 * page (a moved node, a re-render) is not said.
 */
const HIDDEN_READ = `hiddenTexts = (restyled) => {
  // a list the action filtered (a parent whose children are all of the hidden items' kind: li, tr, cards): what it
  // still shows, none when it hid them all
  const keptIn = (lists, hiddenNow) => {
    const texts = [];
    let count = 0, any = false;
    for (const [p, [tag, removedHere]] of lists) {
      const kids = [...p.children].filter((c) => !SKIP.has(c.tagName));
      if (!p.isConnected || !seen(p) || p === document.body || kids.length + removedHere < 2 ||
        kids.some((c) => c.tagName !== tag)) continue;
      any = true;
      for (const c of kids.slice(0, 200)) {
        const t = norm(words(c));
        if (hiddenNow.has(c) || !seen(c) || t === "" || texts.includes(t)) continue;
        count++;
        if (texts.length < ${KEEP}) texts.push(cut(t, ${HIDDEN_MAX}));
      }
    }
    return any ? { kept: { count, texts } } : {};
  };
  // a node's text with its text nodes spaced apart ("March 2025 Sunday", not "March 2025Sunday")
  const words = (n) => {
    if (n.nodeType !== 1) return n.textContent;
    const w = document.createTreeWalker(n, 4), out = [];
    while (w.nextNode()) out.push(w.currentNode.data);
    return out.join(" ");
  };
  const shownBefore = (old) => Object.entries(old).every(([a, v]) =>
    a === "open" ? true : a === "style" ? !hid(v) : v === null || v === "false");
  // a closed <details> stays shown: its text past the summary went
  const textOf = ([e, old]) => e.tagName === "DETAILS" && old.open != null && !e.open && seen(e)
    ? [...e.children].filter((c) => c.tagName !== "SUMMARY").map(words).join(" ")
    : seen(e) ? "" : words(e);
  const els = [...[...first].slice(0, 200), ...restyled.map((e) => [e, {}])]
    .filter(([e, old]) => e.isConnected && shownBefore(old) && !fresh(e) && !SKIP.has(e.tagName))
    .map(([e, old]) => [e, textOf([e, old])]).filter(([, t]) => norm(t) !== "");
  const set = new Set(els.map(([e]) => e));
  const outermost = (e) => { for (let p = e.parentElement; p; p = p.parentElement) if (set.has(p)) return false;
    return true; };
  const outer = els.filter(([e]) => outermost(e) && (!e.parentElement || (seen(e.parentElement) &&
    !srOnly(e.parentElement))));
  // in the page's order (a filter's items as listed)
  outer.sort(([a], [b]) => (a.compareDocumentPosition(b) & 2 ? 1 : -1));
  const own = (n) => n.nodeType === 1 && (SKIP.has(n.tagName) || n.hidden || n.getAttribute("aria-hidden") === "true" ||
    hid(n.getAttribute("style")));
  const gone = removed.filter(([n, p]) => !n.isConnected && p.isConnected && !grew.has(p) && !fresh(p) && seen(p) &&
    !srOnly(p) &&
    !own(n)).map(([n, p]) => [n, words(n), p]);
  const all = [...outer.map(([e, t]) => [e, t, e.parentElement]), ...gone], texts = [], lists = new Map();
  let count = 0, page;
  for (const [n, raw, p] of all.slice(0, ${LOOK})) {
    const t = norm(raw);
    if (t === "" || texts.includes(t)) continue;
    // still shown elsewhere: compared without spaces (the page's text may run its words together)
    if (page === undefined) page = document.body ? norm(document.body.innerText).replace(/\\s/g, "") : "";
    if (page.includes(t.replace(/\\s/g, ""))) continue;
    count++;
    if (texts.length < ${KEEP}) texts.push(cut(t, ${HIDDEN_MAX}));
    if (n.nodeType === 1 && p) lists.set(p, [n.tagName, (lists.get(p)?.[1] ?? 0) + (n.isConnected ? 0 : 1)]);
  }
  return { count, texts, capped: all.length > ${LOOK}, ...keptIn(lists, set) };
}`

/**
 * Page JavaScript: `srOnly(e)`, text for screen readers only, which no one sees on the page: a box of at most 1×1 px
 * that clips what is in it (a live region such as react-select's "3 results available."), the element's own or one of
 * its nearest ancestors'.
 */
const SR_ONLY = `const srOnly = (e) => {
  for (let x = e, k = 0; x && x !== document.body && k < 4; x = x.parentElement, k++) {
    const r = x.getBoundingClientRect();
    // both sides: a list all of whose items went is 0 px high, and still full width
    if (r.width > 1 || r.height > 1) continue;
    const s = getComputedStyle(x);
    if (s.overflow !== "visible" || s.clip !== "auto" || s.clipPath !== "none") return true;
  }
  return false;
};`

/**
 * Page JavaScript (inside the watch): `mo` observes the document and every open shadow root in it (web components),
 * nested ones too: what a component's button changes in its own root; and popovers shown (`onToggle`).
 */
const OBSERVE_ALL = `const OPTS = { subtree: true, childList: true, characterData: true, attributes: true,
  attributeOldValue: true, attributeFilter: ["hidden", "aria-hidden", "open", "style"] };
const watchRoots = (r) => r.querySelectorAll("*").forEach((e) => {
  if (e.shadowRoot) { mo.observe(e.shadowRoot, OPTS); watchRoots(e.shadowRoot); } });
mo.observe(document.documentElement, OPTS); watchRoots(document);
// a popover shown changes no attribute: its toggle event says it
const onToggle = (e) => { if (e.newState === "open" && e.target instanceof Element) changed.add(e.target); };
document.addEventListener("toggle", onToggle, true);`

/** Page JavaScript: no CSS-only flips are watched (hoverReveal.ts watches them around a hover or focus). */
export const NO_FLIPS = "const flips = () => ({ shown: [], gone: [] });"

/**
 * Page JavaScript: defines `appeared` with `take(skip)` (the texts, without `skip`, a heading said on its own, and
 * what went away as `hidden`; stops the watch) and `off()`. `flips` defines `flips()`: elements shown or hidden with
 * no mutation (hoverReveal.ts), said as the mutations' own.
 */
export const appearedWatch = (flips: string): string => `const appeared = (() => {
const changed = new Set(), added = new WeakSet(), grew = new WeakSet(), removed = [], first = new Map();
const hid = (v) => /display:\\s*none|visibility:\\s*hidden/.test(String(v || ""));
const note = (records) => {
  for (const r of records) {
    if (r.type === "childList") {
      r.addedNodes.forEach((n) => {
        added.add(n); grew.add(r.target); changed.add(n.nodeType === 3 ? n.parentElement : n);
      });
      r.removedNodes.forEach((n) => { if (!added.has(n) && removed.length < 500) removed.push([n, r.target]) });
    } else if (r.type === "characterData") changed.add(r.target.parentElement);
    else {
      const e = r.target, now = e.getAttribute(r.attributeName);
      // each attribute's value before the action: whether the element was shown then
      const old = first.get(e) || {};
      if (!(r.attributeName in old)) old[r.attributeName] = r.oldValue;
      first.set(e, old);
      const shown = r.attributeName === "open" ? r.oldValue === null && now !== null
        : r.attributeName === "style" ? hid(r.oldValue) && !hid(now)
        : r.oldValue !== null && r.oldValue !== "false" && (now === null || now === "false");
      if (shown) changed.add(e);
    }
  }
};
const mo = new MutationObserver(note);
${OBSERVE_ALL}
const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "TITLE"]);
const seen = (e) => typeof e.checkVisibility !== "function" || e.checkVisibility({ visibilityProperty: true });
${SR_ONLY}
const norm = (t) => String(t || "").replace(/\\s+/g, " ").trim();
const cut = (t, max) => t.length > max ? t.slice(0, max - 1) + "…" : t;
const fresh = (e) => { for (let p = e; p; p = p.parentNode) if (added.has(p)) return true; return false; };
const CONTROL = ${CONTROL};
${flips}
const ${HIDDEN_READ}
${PICK_SAID}
const take = (skip) => {
  note(mo.takeRecords()); mo.disconnect(); document.removeEventListener("toggle", onToggle, true);
  const flipped = flips();
  const els = [...changed, ...flipped.shown].filter((e) => e instanceof Element && e.isConnected &&
    !SKIP.has(e.tagName) && e !== document.body && e !== document.documentElement);
  const set = new Set(els);
  const inside = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) if (set.has(p)) return true;
    return false;
  };
  // a parent whose children were replaced by nodes with the very same texts, in the same order (a list re-rendered on
  // hover or scroll): nothing new shows there; a sort or a filter changes the sequence and is said
  const olds = new Map(), same = new Set();
  for (const [n, p] of removed) {
    const t = norm(n.textContent);
    if (t !== "") olds.set(p, [...(olds.get(p) || []), t]);
  }
  for (const [p, before] of olds) {
    const now = p.isConnected ? [...p.childNodes].filter((c) => added.has(c) && norm(c.textContent) !== "") : [];
    if (now.length > 0 && now.map((c) => norm(c.textContent)).join("\\n") === before.join("\\n")) same.add(p);
  }
  const rerendered = (e) => added.has(e) && same.has(e.parentNode);
  const outer = els.filter((e) => !inside(e) && !rerendered(e));
  const texts = [], ranked = [];
  let count = 0, controls = 0;
  // a large re-render is read in its first ${LOOK} places only (said as "more")
  for (const e of outer.slice(0, ${LOOK})) {
    if ((typeof e.checkVisibility === "function" && !e.checkVisibility()) || srOnly(e)) continue;
    // controls among what appeared (a dialog's fields, a menu's items): their refs are then looked up (newControls.ts)
    if (controls < ${CONTROLS_MAX}) controls += (e.matches(CONTROL) ? 1 : 0) + e.querySelectorAll(CONTROL).length;
    const t = norm(e.innerText);
    if (t === "" || t === skip || texts.includes(t)) continue;
    count++;
    if (texts.length < ${KEEP_NEW}) texts.push(cut(t, ${TEXT_MAX}));
    ranked.push([${RANK}, cut(t, ${TEXT_MAX})]);
  }
  const said = pickSaid(texts, ranked, count);
  const gone = hiddenTexts(flipped.gone);
  return { count, texts: said, capped: outer.length > ${LOOK}, controls, ...(gone.count > 0 ? { hidden: gone } : {}) };
};
return { take, off: () => { mo.disconnect(); document.removeEventListener("toggle", onToggle, true); } };
})();`

export const APPEARED_WATCH: string = appearedWatch(NO_FLIPS)

/** Installs the watch alone (before a `hover` or `focus`, with its CSS-only flips; before typing, without). */
export const appearedInstall = (flips: string = NO_FLIPS): string => `(() => {
const K = Symbol.for("pi-agent-browser.appeared");
if (window[K]) window[K].off();
${appearedWatch(flips)}
window[K] = appeared;
return true;
})()`

export const APPEARED_INSTALL: string = compactScript(appearedInstall())

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
  return count > 0 && texts.length > 0 ? { count, first: texts.slice(0, KEEP_NEW), ...capped } : undefined
}

/** A field of a page read's answer (undefined when the answer is no object). */
export const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" ? Reflect.get(value, key) : undefined

/** What a filtered list still shows (`kept`): how many of its items, the first two; none when it hid them all. */
const keptOf = (value: unknown): NonNullable<ActionEffects["hidden"]>["kept"] => {
  const count = field(value, "count")
  const texts = field(value, "texts")
  if (typeof count !== "number" || !Array.isArray(texts)) return undefined
  return { count, first: texts.filter((t): t is string => typeof t === "string").slice(0, KEEP) }
}

/**
 * The read's `appeared` field as what it says: text the action made appear, and text it hid or removed (with what
 * the list it hid them from still shows).
 */
export const shownEffectsOf = (value: unknown): Pick<ActionEffects, "appeared" | "hidden" | "controlsAppeared"> => {
  const appeared = appearedOf(value)
  const raw = field(value, "hidden")
  const gone = appearedOf(raw)
  const kept = keptOf(field(raw, "kept"))
  const hidden = gone !== undefined && kept !== undefined ? { ...gone, kept } : gone
  const controls = field(value, "controls")
  return {
    ...(appeared !== undefined ? { appeared } : {}),
    ...(hidden !== undefined ? { hidden } : {}),
    ...(typeof controls === "number" && controls > 0 ? { controlsAppeared: controls } : {})
  }
}
