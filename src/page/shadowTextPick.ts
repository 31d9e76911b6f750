/**
 * A text click that upstream's text locator cannot take: it reads the page's own text only, never inside a shadow
 * root (a web component's: Lit, Shoelace, Stencil), so `find text "Publish now" click` finds nothing when the words
 * live in one. Read in the page when the text pick found no element in the page's own text (page/textPick.ts): every
 * element holding the words, in the page and in each open shadow root, hidden ones too (any case, or an aria-label
 * of those words), each lifted to the control around it. It names a control only when that is the one element
 * found, it sits in a shadow root, a pointer can see it, it is a control, and its whole text (or aria-label) is the
 * words as upstream's text locator compares them (case-sensitive, the text trimmed); else nothing is clicked. Pure:
 * a function expression the pick's script calls with its own helpers.
 */

/** `(want, CLICK, role, name) => {role, name} | undefined`, in the pick's script. */
export const shadowPickSource = `(want, CLICK, role, name) => {
const lower = (s) => String(s || "").toLowerCase(), trimmed = (s) => String(s || "").trim();
const rendered = (e) => String(e.innerText === undefined ? e.textContent : e.innerText);
const label = (e) => trimmed(e.getAttribute("aria-label"));
const holds = (e) => lower(rendered(e)).includes(lower(want)) || lower(label(e)) === lower(want);
const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "TITLE"]);
const roots = [document];
for (let i = 0; i < roots.length; i++)
  for (const e of roots[i].querySelectorAll("*")) if (e.shadowRoot) roots.push(e.shadowRoot);
if (roots.length === 1) return undefined;
const found = new Set();
for (const root of roots) {
  const held = new Set([...root.querySelectorAll("*")].filter((e) => !SKIP.has(e.tagName) && holds(e)));
  for (const e of held) if (![...e.children].some((c) => held.has(c))) found.add(e.closest(CLICK) || e);
}
if (found.size !== 1) return undefined;
const el = [...found][0];
if (!(el.getRootNode() instanceof ShadowRoot) || !el.matches(CLICK)) return undefined;
const r = el.getBoundingClientRect(), s = getComputedStyle(el);
if (!(r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none")) return undefined;
if (trimmed(el.textContent) !== want && label(el) !== want) return undefined;
return { role: role(el), name: name(el) };
}`
