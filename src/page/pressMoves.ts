/**
 * What a key press moved without moving the focus, read by the press watch (clickEffects.ts) in its own batch: the
 * focused widget's `aria-activedescendant` (a listbox, combobox, menu or grid that keeps the focus and marks its
 * active item), and the page's own scroll position (End, Home, PageDown, Space on a long page). A scroll the browser
 * animates starts a frame later: after a scrolling key (End, Space, an arrow, …) outside a field the read waits two
 * frames (≤ 100 ms), then, only when the page scrolled, until it stopped (at most `SCROLL_SETTLE_CAP_MS`). Other keys
 * pay no wait, and no key pays another upstream process. Pure: the page statements and the decoding of the read's
 * answer.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** The read waits at most this long for a scroll the key started (smooth scrolling) to stop. */
export const SCROLL_SETTLE_CAP_MS = 800

/** Statements for the press watch's install: `rec.el` is the focused element; records what the read compares. */
export const PRESS_MOVES_INSTALL: string = `
rec.activeBefore = rec.el && rec.el.getAttribute ? rec.el.getAttribute("aria-activedescendant") : null;
rec.scrollBefore = Math.round(window.scrollY);`

/**
 * An async statement block for the press watch's read, after the watch is off (the page's own timers are back): sets
 * `moves` to `{ active?, scroll? }`. `now` is the element focused after the key.
 */
export const PRESS_MOVES_READ: string = `
const moves = {};
{
  const scrollKeys = ["End", "Home", "PageDown", "PageUp", " ", "ArrowDown", "ArrowUp"];
  const frame = () => new Promise((r) => { requestAnimationFrame(() => r()); setTimeout(r, 50); });
  // a scroll the browser animates starts on the next frame
  // (not in a field, whose keys move its caret: no wait there)
  const field = rec.el && (/^(INPUT|TEXTAREA|SELECT)$/.test(rec.el.tagName) || rec.el.isContentEditable);
  if (!field && rec.keys.some((k) => scrollKeys.includes(k))) { await frame(); await frame(); }
  if (Math.round(window.scrollY) !== rec.scrollBefore) {
    const end = performance.now() + ${SCROLL_SETTLE_CAP_MS};
    let last = -1;
    while (Math.round(window.scrollY) !== last && performance.now() < end) {
      last = Math.round(window.scrollY);
      await new Promise((r) => setTimeout(r, 60));
    }
    const root = document.scrollingElement || document.documentElement;
    moves.scroll = { from: rec.scrollBefore, to: Math.round(window.scrollY),
      max: Math.max(0, Math.round(root.scrollHeight - window.innerHeight)) };
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
  return {
    ...(element !== undefined && within !== undefined
      ? { activeItem: { element, within, ...(label !== undefined ? { label } : {}) } }
      : {}),
    ...(from !== undefined && to !== undefined && max !== undefined && from !== to
      ? { scrolled: { from, to, max } }
      : {})
  }
}
