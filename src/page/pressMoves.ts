/**
 * What a key press moved without moving the focus, read by the press watch (clickEffects.ts) in its own batch: the
 * focused widget's `aria-activedescendant` (a listbox, combobox, menu or grid that keeps the focus and marks its
 * active item), and the scroll position (End, Home, PageDown, Space on a long page) of the focused element's nearest
 * scrollable box, or else of the page. A scroll the browser animates starts a frame later: after a scrolling key
 * (End, Space, an arrow, …) outside a field the read waits two frames (about 35 ms; at most 400 ms when no frame
 * comes), then, only when something scrolled, until it stopped (at most `SCROLL_SETTLE_CAP_MS`). Other keys pay no
 * wait, and no key pays another upstream process. Pure: the page statements and the decoding of the read's answer.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** The read waits at most this long for a scroll the key started (smooth scrolling) to stop. */
export const SCROLL_SETTLE_CAP_MS = 800

/** Statements for the press watch's install: `rec.el` is the focused element; records what the read compares. */
export const PRESS_MOVES_INSTALL: string = `
rec.activeBefore = rec.el && rec.el.getAttribute ? rec.el.getAttribute("aria-activedescendant") : null;
// the box the key may scroll: the focused element's nearest scrollable ancestor (itself included), else the page
// (none for a field: its keys move its caret)
rec.scroller = null;
rec.inField = !!rec.el && (/^(INPUT|TEXTAREA|SELECT)$/.test(rec.el.tagName) || rec.el.isContentEditable);
{
  const top = (b) => b === document.body || b === document.documentElement;
  for (let b = rec.inField ? null : rec.el; b && !top(b); b = b.parentElement) {
    const y = getComputedStyle(b).overflowY;
    if ((y === "auto" || y === "scroll") && b.scrollHeight > b.clientHeight) { rec.scroller = b; break; }
  }
}
rec.boxBefore = rec.scroller ? Math.round(rec.scroller.scrollTop) : 0;
rec.scrollBefore = Math.round(window.scrollY);`

/**
 * An async statement block for the press watch's read, after the watch is off (the page's own timers are back): sets
 * `moves` to `{ active?, scroll? }`. `now` is the element focused after the key.
 */
export const PRESS_MOVES_READ: string = `
const moves = {};
{
  const scrollKeys = ["End", "Home", "PageDown", "PageUp", " ", "ArrowDown", "ArrowUp"];
  const frame = () => new Promise((r) => { requestAnimationFrame(() => r()); setTimeout(r, 200); });
  // a scroll the browser animates starts on the next frame
  // (not in a field, whose keys move its caret: no wait there)
  if (!rec.inField && rec.keys.some((k) => scrollKeys.includes(k))) { await frame(); await frame(); }
  const box = rec.scroller, root = document.scrollingElement || document.documentElement;
  const inBox = box !== null && Math.round(box.scrollTop) !== rec.boxBefore;
  const at = () => Math.round(inBox ? box.scrollTop : window.scrollY);
  const from = inBox ? rec.boxBefore : rec.scrollBefore;
  if (at() !== from) {
    const end = performance.now() + ${SCROLL_SETTLE_CAP_MS};
    const most = () => Math.round(inBox ? box.scrollHeight - box.clientHeight : root.scrollHeight - window.innerHeight);
    // stopped: at an edge, or still for two reads in a row (a busy renderer updates the position in bursts)
    let last = at(), still = 0;
    while (still < 2 && at() !== 0 && at() < most() - 1 && performance.now() < end) {
      await new Promise((r) => setTimeout(r, 60));
      still = at() === last ? still + 1 : 0;
      last = at();
    }
    const max = most();
    moves.scroll = { from, to: at(), max: Math.max(0, max) };
    if (inBox) moves.scroll.within = (box.tagName.toLowerCase() + (box.id ? "#" + box.id : "")).slice(0, 60);
  }
  const id = now === rec.el && now && now.getAttribute ? now.getAttribute("aria-activedescendant") : null;
  if (id && id !== rec.activeBefore) {
    const item = (now.getRootNode && now.getRootNode().getElementById) ? now.getRootNode().getElementById(id) : null;
    const own = item ? (item.getAttribute("aria-label") || item.innerText || item.textContent || "") : "";
    const label = String(own).replace(/\\s+/g, " ").trim();
    moves.active = { element: ((item ? item.tagName.toLowerCase() : "") + "#" + id).slice(0, 60),
      label: label.length > 40 ? label.slice(0, 39) + "…" : label,
      within: (now.tagName.toLowerCase() + (now.id ? "#" + now.id : "")).slice(0, 60) };
  }
}`

const asRecord = (v: unknown) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : undefined)
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined)
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

/** The read's `moves` field as effects: the active item and the scroll, each only when it moved. */
export const pressMovesOf = (value: unknown): Pick<ActionEffects, "activeItem" | "scrolled"> => {
  const m = asRecord(value)
  const a = asRecord(m?.["active"])
  const element = str(a?.["element"])
  const within = str(a?.["within"])
  const label = str(a?.["label"])
  const s = asRecord(m?.["scroll"])
  const from = num(s?.["from"])
  const to = num(s?.["to"])
  const max = num(s?.["max"])
  const box = str(s?.["within"])
  return {
    ...(element !== undefined && within !== undefined
      ? { activeItem: { element, within, ...(label !== undefined ? { label } : {}) } }
      : {}),
    ...(from !== undefined && to !== undefined && max !== undefined && from !== to
      ? { scrolled: { from, to, max, ...(box !== undefined ? { within: box } : {}) } }
      : {})
  }
}
