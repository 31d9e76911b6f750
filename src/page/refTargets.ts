/**
 * `snapshot -i -C`: refs for the non-interactive targets a task needs (list items, labels, draggable elements),
 * which upstream's snapshot never allocates. Upstream gives a ref to any visible element with a click handler, so in
 * the snapshot's own batch a script gives the wanted elements an empty `onclick` handler, the snapshot runs, and a
 * second script removes the handlers again: nothing is written into the DOM, and the refs keep working after (they
 * name the element, not the handler). Items that already carry a ref (controls, cursor:pointer elements) and list
 * items that only wrap one link or button are skipped. Pure: the scripts and the reading of their results.
 */

/** Elements given refs per snapshot: a page of long lists reads its first items, and the rest are counted. */
export const MAX_REF_TARGETS = 40

/** Upstream's spelling of the cursor-interactive flag: the tool's ask for these refs (`-C`, `--cursor`). */
export const REF_TARGET_FLAGS = new Set(["-C", "--cursor"])

export const wantsRefTargets = (argv: ReadonlyArray<string>): boolean => argv.some((a) => REF_TARGET_FLAGS.has(a))

/** The snapshot argv as upstream gets it: 0.41.2 accepts `-C` and ignores it, so it is left out. */
export const withoutRefTargetFlags = (argv: ReadonlyArray<string>): ReadonlyArray<string> =>
  argv.filter((a) => !REF_TARGET_FLAGS.has(a))

const KEY = 'Symbol.for("pi-agent-browser.refTargets")'

/** The `-s <css>` scope of a snapshot argv, if any: only targets inside it get refs. */
export const scopeOf = (argv: ReadonlyArray<string>): string | undefined => {
  const at = argv.findIndex((a) => a === "-s" || a === "--selector")
  return at >= 0 ? argv[at + 1] : undefined
}

/**
 * Gives the wanted elements (inside `scope`, if given) an empty click handler; returns their text (as upstream names
 * them) and how many were left out over the cap.
 */
export const markScript = (scope: string | undefined): string => `(() => {
let root = document.body;
try {
  root = ${scope !== undefined ? `document.querySelector(${JSON.stringify(scope)})` : "document.body"};
} catch (e) { root = null; }
const wanted = root ? root.querySelectorAll("li, [role=listitem], label, [draggable=true]") : [];
const interactive = "a, button, input, select, textarea, summary, " +
  "[role=button], [role=link], [role=checkbox], [role=option], [role=tab], [role=menuitem]";
const marked = [], names = []; let more = 0;
for (const el of wanted) {
  if (el.onclick !== null || el.hasAttribute("onclick")) continue;
  if (el.closest("[hidden], [aria-hidden=true]") || el.matches(interactive)) continue;
  if (el.tagName === "LABEL" && el.control) continue;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  const text = (el.textContent || "").trim();
  if (text === "") continue;
  const inner = el.querySelectorAll(interactive);
  if (inner.length === 1 && (inner[0].textContent || "").trim() === text) continue;
  // upstream already gives refs to cursor:pointer (unless inherited), tabindex and contenteditable elements
  const tab = el.getAttribute("tabindex"), ce = el.getAttribute("contenteditable");
  if ((tab !== null && tab !== "-1") || ce === "" || ce === "true") continue;
  const inherited = el.parentElement && getComputedStyle(el.parentElement).cursor === "pointer";
  if (getComputedStyle(el).cursor === "pointer" && !inherited) continue;
  if (marked.length >= ${MAX_REF_TARGETS}) { more++; continue; }
  el.onclick = function () {};
  marked.push(el); names.push(text.slice(0, 100));
}
globalThis[${KEY}] = marked;
return { names, more };
})()`

/** Removes the handlers markScript added; returns how many. */
export const UNMARK_SCRIPT: string = `(() => {
const marked = globalThis[${KEY}] || [];
delete globalThis[${KEY}];
for (const el of marked) el.onclick = null;
return marked.length;
})()`

/** The mark script's answer, or undefined when it did not run or answered something else. */
export const readRefTargets = (
  result: unknown
): { readonly names: ReadonlyArray<string>; readonly more: number } | undefined => {
  if (result === null || typeof result !== "object") return undefined
  const r = result as Record<string, unknown>
  const names = r["names"]
  if (!Array.isArray(names) || typeof r["more"] !== "number") return undefined
  return { names: names.filter((n): n is string => typeof n === "string"), more: r["more"] }
}
