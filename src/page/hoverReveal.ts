/**
 * What a `hover` or `focus` showed or hid through the page's CSS alone (`.menu:hover .sub { display: block }`, a
 * `:focus-within` menu): no DOM mutation, so the mutation watch (appearedText.ts) cannot see it. Just before the
 * action the watch notes a bounded set of candidates and whether each is visible (checkVisibility: display,
 * visibility, opacity): the elements a `:hover` / `:focus` / `:focus-within` rule that sets `display`, `visibility`
 * or `opacity` selects (the page's readable style sheets, the pseudo-class taken as any state), and, for a CSS
 * target, the hidden elements in it and its three nearest ancestors. The read after it names the candidates whose
 * visibility flipped, as the watch's own new and hidden text (one wording). Pure: the page statements.
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
const STATE = /:(?:hover|focus-within|focus-visible|focus)(?![\\w-])/, ANY_STATE = new RegExp(STATE.source, "g");
const REVEAL = ["display", "visibility", "opacity"];
let looked = 0;
const rules = (list) => {
  for (const r of list) {
    if (++looked > ${RULES} || (hiddenBefore.size >= ${MAX} && shownBefore.size >= ${MAX})) return;
    const sel = r.selectorText;
    if (typeof sel === "string" && STATE.test(sel) && r.style && REVEAL.some((p) => r.style.getPropertyValue(p))) {
      try {
        let n = 0;
        for (const e of document.querySelectorAll(sel.replace(ANY_STATE, ":is(*)"))) {
          if (++n > ${MAX}) break;
          note(e);
        }
      } catch {}
    }
    let inner = null;
    try { inner = r.cssRules; } catch {}
    if (inner && inner.length) rules(inner);
  }
};
for (const s of [...document.styleSheets, ...(document.adoptedStyleSheets || [])]) {
  let list = null;
  try { list = s.cssRules; } catch {}
  if (list) rules(list);
}
let el = null;
try { el = ${target !== undefined ? `document.querySelector(${JSON.stringify(target)})` : "null"}; } catch {}
// the target's subtree, then its siblings' and its nearest ancestors' other children: a hidden one is noted
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
