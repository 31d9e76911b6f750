/**
 * `snapshot -i -C`: refs for the non-interactive targets a task needs (list items, labels, draggable elements),
 * which upstream's snapshot never allocates; a plain `snapshot -i` gives refs to what the page itself marks draggable
 * (`draggable="true"`, `aria-grabbed`) or a drop target (`aria-dropeffect`), so `drag @card @column` works (a page
 * with neither reads as before). Upstream gives a ref to any visible element with a click handler, so in the
 * snapshot's own batch a script gives the wanted elements an empty `onclick` handler, the snapshot runs, and a
 * second script (with the reads after it) removes the handlers: nothing is written into the DOM, and the refs keep
 * working after (they name the element, not the handler); a SortableJS list's items are found from the instance the
 * library keeps on the list element. Items that already carry a ref (controls, cursor:pointer elements) and list
 * items that only wrap one link or button are skipped. Pure: the scripts and the reading of their results.
 */
import type { SnapshotNaming } from "../domain/SnapshotNaming.js"

/** Elements given refs per snapshot: a page of long lists reads its first items, and the rest are counted. */
export const MAX_REF_TARGETS = 40

/** Upstream's spelling of the cursor-interactive flag: the tool's ask for these refs (`-C`, `--cursor`). */
export const REF_TARGET_FLAGS = new Set(["-C", "--cursor"])

export const wantsRefTargets = (argv: ReadonlyArray<string>): boolean => argv.some((a) => REF_TARGET_FLAGS.has(a))

/** The snapshot argv as upstream gets it: 0.41.2 accepts `-C` and ignores it, so it is left out. */
export const withoutRefTargetFlags = (argv: ReadonlyArray<string>): ReadonlyArray<string> =>
  argv.filter((a) => !REF_TARGET_FLAGS.has(a))

const KEY = 'Symbol.for("pi-agent-browser.refTargets")'

/** What the page marks as dragged, and as a place to drop: the word each gets on its snapshot line. */
const DRAGGABLE = "[draggable=true], [aria-grabbed=true], [aria-grabbed=false]"
const DROP_TARGET = "[aria-dropeffect]:not([aria-dropeffect=none])"
export const DRAG_WORDS = ["draggable", "drop target"] as const

/**
 * The items (or their handles) of the SortableJS lists in `root`: the library keeps its instance on the list's element
 * under a `Sortable<timestamp>` key, with the options that say which children drag (`draggable`, `handle`, `filter`,
 * `disabled`). A page script's fragment: sets `sorted`, a Set of elements.
 */
const SORTABLE_ITEMS = `const sorted = new Set();
for (const box of root ? [root, ...root.querySelectorAll("*")] : []) {
  if (box.childElementCount === 0) continue;
  for (const key of Object.keys(box)) {
    const own = key.startsWith("Sortable") ? box[key] : null;
    const o = own && own.el === box ? own.options : null;
    if (!o || o.disabled) continue;
    try {
      const pick = String(o.draggable || ">*");
      const items = pick.startsWith(">") ? [...box.children].filter((c) => c.matches(pick.slice(1).trim() || "*")) :
        [...box.querySelectorAll(pick)];
      for (const item of items) {
        if (typeof o.filter === "string" && o.filter !== "" && item.matches(o.filter)) continue;
        const handle = typeof o.handle !== "string" || o.handle === "" || item.matches(o.handle) ? item :
          item.querySelector(o.handle);
        if (handle) sorted.add(handle);
      }
    } catch (e) {}
  }
}`

/** The `-s <css>` scope of a snapshot argv, if any: only targets inside it get refs. */
export const scopeOf = (argv: ReadonlyArray<string>): string | undefined => {
  const at = argv.findIndex((a) => a === "-s" || a === "--selector")
  return at >= 0 ? argv[at + 1] : undefined
}

/**
 * Gives the wanted elements (inside `scope`, if given) an empty click handler; returns their text (as upstream names
 * them), what the page marks each as (`kinds`: a DRAG_WORDS word, or "") and how many were left out over the cap.
 * `all`: list items and labels too (`-C`); else only what the page marks draggable or a drop target.
 */
export const markScript = (scope: string | undefined, all = true): string => `(() => {
let root = document.body;
try {
  root = ${scope !== undefined ? `document.querySelector(${JSON.stringify(scope)})` : "document.body"};
} catch (e) { root = null; }
const drag = ${JSON.stringify(DRAGGABLE)}, drop = ${JSON.stringify(DROP_TARGET)};
${SORTABLE_ITEMS}
const kindOf = (el) => sorted.has(el) || el.matches(drag) ? ${JSON.stringify(DRAG_WORDS[0])} :
  el.matches(drop) ? ${JSON.stringify(DRAG_WORDS[1])} : "";
const asked = ${all ? '"li, [role=listitem], label, "' : '""'} + drag + ", " + drop;
const found = root ? [...root.querySelectorAll(asked)] : [];
const wanted = sorted.size === 0 ? found : [...new Set([...found, ...sorted])].sort((a, b) =>
  a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
const interactive = "a, button, input, select, textarea, summary, " +
  "[role=button], [role=link], [role=checkbox], [role=option], [role=tab], [role=menuitem]";
const marked = [], names = [], kinds = []; let more = 0;
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
  kinds.push(kindOf(el));
}
globalThis[${KEY}] = marked;
return { names, more, kinds };
})()`

/**
 * `expression` (a value or a promise: the settle read before a snapshot), then the mark script, in one page script:
 * `{ value, marks }` (marks null when the script threw). One batch step, not two.
 */
export const thenMark = (expression: string, scope: string | undefined, all: boolean): string =>
  `Promise.resolve(${expression}).then((value) => {
let marks = null;
try { marks = ${markScript(scope, all)}; } catch (e) {}
return { value, marks };
})`

/** Removes the handlers markScript added; returns how many. */
export const UNMARK_SCRIPT: string = `(() => {
const marked = globalThis[${KEY}] || [];
delete globalThis[${KEY}];
for (const el of marked) el.onclick = null;
return marked.length;
})()`

export type RefTargets = NonNullable<SnapshotNaming["targets"]>

/** The mark script's answer, or undefined when it did not run or answered something else. */
export const readRefTargets = (result: unknown): RefTargets | undefined => {
  if (result === null || typeof result !== "object") return undefined
  const r = result as Record<string, unknown>
  const names = r["names"]
  const kinds = r["kinds"]
  if (!Array.isArray(names) || typeof r["more"] !== "number") return undefined
  const strings = names.filter((n): n is string => typeof n === "string")
  // the kinds only while they stay parallel to the names
  const parallel = Array.isArray(kinds) && kinds.length === names.length && strings.length === names.length
  const words = parallel ? kinds.map((k) => wordOf(k)) : []
  return { names: strings, more: r["more"], ...(words.some((w) => w !== "") ? { kinds: words } : {}) }
}

const wordOf = (kind: unknown): string => DRAG_WORDS.find((w) => w === kind) ?? ""
