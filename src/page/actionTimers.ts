/**
 * Short timers a `hover`, `focus` or `scrollintoview` started, so its read waits for what they show: a menu that opens
 * 300 ms after the pointer rests on it (hover intent), a tooltip's delay, a section that fills in 200 ms after it came
 * into view. Watched in the page from just before the action to the read after it (the same upstream batch), beside
 * the appeared-text watch (appearedText.ts). A timer counts when the page's own handlers scheduled it (`setTimeout`,
 * at most `ACTION_TIMER_MS`) while the action's trusted events ran: for a hover or focus, the pointer and focus events
 * (until their task ends); for a scroll, from its `scroll` event to two frames later, so the page's
 * IntersectionObserver callbacks (run after the scroll, in their own task) count too. The read waits for those timers
 * to run or be cleared, at most `ACTION_WAIT_CAP_MS`; an action that started none pays no wait (a scroll: one frame
 * and two tasks, about 17 ms: its scroll event is dispatched in the next frame, and the observers' callbacks are
 * queued at that frame's end, ahead of the second task). Requests and chained timers are not waited for. Pure: the
 * page statements.
 */
import { appearedWatch, NO_FLIPS } from "./appearedText.js"
import { cssTargetOf, flipsWatch } from "./hoverReveal.js"

/** Timers longer than this are not the action's own effect: not waited for. */
export const ACTION_TIMER_MS = 1000
/** The read waits at most this long (from its start) for the action's timers to run. */
export const ACTION_WAIT_CAP_MS = 1200
/** A frame that does not come (a page in the background) is given up after this long. */
const FRAME_FALLBACK_MS = 100

/** Which events open the window in which the page's timers count: a pointer or focus action's, or a scroll's. */
export type TimerWindow = "pointer" | "scroll"

const EVENTS: Record<TimerWindow, ReadonlyArray<string>> = {
  pointer: ["pointerover", "pointerenter", "mouseover", "mouseenter", "pointermove", "mousemove", "focus", "focusin"],
  scroll: ["scroll"]
}

/**
 * Page JavaScript: defines `timers` with `settle()` (a Promise: the action's short timers ran, or the cap passed; a
 * scroll's waits a frame and two tasks first) and `off()` (puts `setTimeout` and `clearTimeout` back, removes the
 * listeners).
 */
export const timersWatch = (kind: TimerWindow): string => `const timers = (() => {
const ownTimeout = window.setTimeout, ownClear = window.clearTimeout, pending = new Set();
const frame = () => new Promise((resolve) => {
  const t = ownTimeout(resolve, ${FRAME_FALLBACK_MS});
  requestAnimationFrame(() => { ownClear(t); resolve(); });
});
const tick = () => new Promise((resolve) => ownTimeout(resolve, 0));
let on = false, opened = 0;
const open = (e) => {
  if (!e.isTrusted) return;
  on = true;
  const mine = ++opened;
  const close = () => { if (opened === mine) on = false; };
  ${kind === "scroll" ? "frame().then(frame).then(close);" : "ownTimeout(close, 0);"}
};
window.setTimeout = function (fn, delay, ...a) {
  if (!on || typeof fn !== "function" || Number(delay) > ${ACTION_TIMER_MS})
    return ownTimeout.call(window, fn, delay, ...a);
  const run = function (...b) { try { return fn.apply(this, b); } finally { pending.delete(id); } };
  const id = ownTimeout.call(window, run, delay, ...a);
  pending.add(id);
  return id;
};
window.clearTimeout = function (id) { pending.delete(id); return ownClear.call(window, id); };
const kinds = ${JSON.stringify(EVENTS[kind])};
kinds.forEach((t) => window.addEventListener(t, open, true));
const off = () => {
  window.setTimeout = ownTimeout; window.clearTimeout = ownClear;
  kinds.forEach((t) => window.removeEventListener(t, open, true));
};
const settle = async () => {
  const start = performance.now();
  ${kind === "scroll" ? "await frame(); await tick(); await tick();" : ""}
  if (pending.size === 0) return;
  while (pending.size > 0 && performance.now() - start < ${ACTION_WAIT_CAP_MS})
    await new Promise((resolve) => ownTimeout(resolve, 5));
  // the timers' own changes are in; the page's handlers of them (a render) get one more task
  await new Promise((resolve) => ownTimeout(resolve, 0));
};
return { settle, off };
})();`

/** The appeared-text key on `window` (appearedText.ts's own: a watch left behind by either is undone by the next). */
const KEY = `Symbol.for("pi-agent-browser.appeared")`

/** Installs the appeared-text watch (with `flips`: hoverReveal.ts) and the action's timer watch. */
const timedInstall = (flips: string, kind: TimerWindow): string => `(() => {
const K = ${KEY};
if (window[K]) window[K].off();
${appearedWatch(flips)}
${timersWatch(kind)}
window[K] = { take: appeared.take, settle: timers.settle, off: () => { timers.off(); appeared.off(); } };
return true;
})()`

/** Reads (and removes) the watch once the action's short timers ran: `{ appeared }`, as appearedText.ts's read. */
export const TIMED_READ: string = `(async () => {
const K = ${KEY}, w = window[K];
if (!w) return undefined;
delete window[K];
try { if (w.settle) await w.settle(); } catch {}
const appeared = w.take();
w.off();
return { appeared };
})()`

/** A `hover`, `focus` or `scrollintoview`: read for the text it made appear or hid, after its short timers. */
export const isTimedAction = (positionals: ReadonlyArray<string>): boolean =>
  positionals[0] === "hover" || positionals[0] === "focus" || positionals[0] === "scrollintoview"

/**
 * The rows around a `hover` or `focus` (with its CSS-only flips, hoverReveal.ts) or a `scrollintoview`: the watch
 * before it, the read after it; undefined for any other command.
 */
export const timedActionRows = (
  positionals: ReadonlyArray<string>
):
  | { readonly before: ReadonlyArray<ReadonlyArray<string>>; readonly after: ReadonlyArray<ReadonlyArray<string>> }
  | undefined => {
  if (!isTimedAction(positionals)) return undefined
  const scroll = positionals[0] === "scrollintoview"
  const install = scroll
    ? timedInstall(NO_FLIPS, "scroll")
    : timedInstall(flipsWatch(cssTargetOf(positionals)), "pointer")
  return { before: [["eval", install]], after: [["eval", TIMED_READ]] }
}
