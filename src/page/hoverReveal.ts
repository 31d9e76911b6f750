/**
 * What a `hover` or `focus` showed or hid through the page's CSS alone (`.menu:hover .sub { display: block }`, a
 * `:focus-within` menu): no DOM mutation, so the mutation watch (appearedText.ts) cannot see it. Just before the
 * action the watch notes a bounded set of candidates and whether each is visible (checkVisibility: display,
 * visibility, opacity): the elements a `:hover` / `:focus` / `:focus-within` rule that sets `display`, `visibility`
 * or `opacity` selects (the page's readable style sheets, the pseudo-class taken as any state; the rules' selectors
 * are kept on the page until its sheets change), and, first, for a CSS target, the hidden elements in it and near it
 * (its three nearest ancestors' other children). The read after it names the candidates whose visibility flipped, as
 * the watch's own new and hidden text (one wording). Cost: about 5 ms a hover on an 11,000-element page with 6,300
 * rules, 20-50 ms its first time there (the rules read). Pure: the page statements.
 */

/** At most this many candidates of each kind (hidden before, shown before) are noted. */
const MAX = 300
/** At most this many style rules are looked at (a large site's sheets). */
const RULES = 20000
/** Ancestors of a CSS target whose subtrees are looked at. */
const UP = 3
/** Elements walked in the target's neighbourhood. */
const WALK = 600

/**
 * Page JavaScript (inside the watch, after `SKIP`): `flips = () => ({ shown, gone })`, the candidates that became
 * visible and those that went from visible to hidden, noted when the snippet runs (before the action). `target` is
 * the action's CSS selector (or undefined).
 */
export const flipsWatch = (target: string | undefined): string => `const flips = (() => {
const vis = (e) => typeof e.checkVisibility !== "function" ||
  e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
const hiddenBefore = new Set(), shownBefore = new Set();
const note = (e) => {
  if (SKIP.has(e.tagName) || e === document.body || e === document.documentElement) return;
  if (hiddenBefore.has(e) || shownBefore.has(e)) return;
  if (!vis(e)) { if (hiddenBefore.size < ${MAX}) hiddenBefore.add(e); }
  else if (shownBefore.size < ${MAX}) shownBefore.add(e);
};
// first the target's subtree, then its siblings' and its nearest ancestors' other children: a hidden one is noted
let el = null;
try { el = ${target !== undefined ? `document.querySelector(${JSON.stringify(target)})` : "null"}; } catch {}
let walked = 0;
const walk = (root) => {
  const stack = [root];
  while (stack.length > 0 && walked++ < ${WALK}) {
    const e = stack.pop();
    if (!vis(e)) { note(e); continue; }
    for (let c = e.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
  }
};
for (let up = 0, e = el, prev = null; e && e !== document.body && up <= ${UP}; up++, prev = e, e = e.parentElement) {
  if (prev === null) walk(e);
  else for (const c of e.children) if (c !== prev) walk(c);
}
// then what the page's :hover / :focus rules may show or hide: their selectors, kept on the page until its sheets
// change (a page hovered again is not scanned again)
const STATE = /:(?:hover|focus-within|focus-visible|focus)(?![\\w-])/, ANY_STATE = new RegExp(STATE.source, "g");
const REVEAL = ["display", "visibility", "opacity"];
const sheets = [...document.styleSheets, ...(document.adoptedStyleSheets || [])];
const listOf = (s) => { try { return s.cssRules; } catch { return null; } };
const sign = sheets.map((s) => listOf(s)?.length ?? -1).join(",");
const CK = Symbol.for("pi-agent-browser.reveal-rules");
if (!window[CK] || window[CK].sign !== sign) {
  const sels = [];
  let looked = 0;
  const scan = (list) => {
    for (const r of list) {
      if (++looked > ${RULES}) return;
      const sel = r.selectorText;
      if (typeof sel === "string" && STATE.test(sel) && r.style && REVEAL.some((p) => r.style.getPropertyValue(p)))
        sels.push(sel.replace(ANY_STATE, ":is(*)"));
      const inner = listOf(r);
      if (inner && inner.length) scan(inner);
    }
  };
  for (const s of sheets) { const list = listOf(s); if (list) scan(list); }
  window[CK] = { sign, sels };
}
for (const sel of window[CK].sels) {
  if (hiddenBefore.size >= ${MAX} && shownBefore.size >= ${MAX}) break;
  try {
    let n = 0;
    for (const e of document.querySelectorAll(sel)) {
      if (++n > ${MAX}) break;
      note(e);
    }
  } catch {}
}
return () => ({
  shown: [...hiddenBefore].filter((e) => e.isConnected && vis(e)),
  gone: [...shownBefore].filter((e) => e.isConnected && !vis(e))
});
})();`

/** A `hover` / `focus` target that is a CSS selector (not a ref, not an XPath or a text locator). */
export const cssTargetOf = (positionals: ReadonlyArray<string>): string | undefined => {
  const target = positionals[1]
  if (target === undefined || target.startsWith("@") || target.startsWith("/") || /^[a-z]+=/i.test(target))
    return undefined
  return target
}
