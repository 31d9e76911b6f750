/**
 * The short timers a fill's own events started (a field checked 300 ms after typing stops: "That name is taken"):
 * installed with the fill's appeared watch (before the fill), `setTimeout` is wrapped to note the timers of at most
 * `LATE_TIMER_MS` a handler of the fill's events (input, change, keys, focus) schedules; the read after the fill
 * waits for the next frame (nextFrame.ts), then until they ran (a cleared one is not waited for), at most
 * `LATE_WAIT_CAP_MS`, polling, and until the requests those handlers started answered (actionWatches.ts, as a
 * click's: at most `REQUEST_WAIT_CAP_MS`), then reads what appeared. A fill whose events scheduled no such timer or
 * request pays no wait beyond the frame. The wraps undo themselves at the read, or after `EXPIRE_MS` when no read came
 * (a fill that failed); never over a wrap installed after it. `type` typed key by key, `check` and `select` wait the
 * same way (typedEffects.ts, `EVENT_WATCH_*` below). Pure: page statements.
 */
import { LATE_TIMER_MS, LATE_WAIT_CAP_MS } from "./clickEffects.js"
import { REQUEST_WAIT_CAP_MS, REQUESTS_TAKE, REQUESTS_WATCH } from "./actionWatches.js"
import { APPEARED_INSTALL, APPEARED_READ } from "./appearedText.js"
import { NAVIGATION_START_WATCH } from "./navigationStart.js"
import { afterNextFrame } from "./nextFrame.js"

const KEY = `Symbol.for("pi-agent-browser.fillTimers")`
/** A watch whose read never came (the fill failed) undoes itself after this long. */
const EXPIRE_MS = 10_000

/** Page JavaScript (a statement): installs the watch, replacing an earlier one. */
export const FILL_TIMERS_INSTALL: string = `(() => {
const K = ${KEY};
if (window[K]) window[K].off();
const ownTimeout = window.setTimeout, ownClear = window.clearTimeout, timers = new Set();
let inEvent = false;
// the requests the events' handlers start (actionWatches.ts), as a click's: a select that fetches its next list
const fx = { get inClick() { return inEvent; }, mute: false, ranAt: -Infinity };
${REQUESTS_WATCH}
const onEvent = () => { if (inEvent) return; inEvent = true; ownTimeout.call(window, () => { inEvent = false; }, 0); };
const kinds = ["beforeinput", "input", "change", "keydown", "keyup", "focusin", "focusout"];
const wrapped = function (fn, delay, ...a) {
  const mine = fx.ours() && typeof fn === "function" && !(Number(delay) > ${LATE_TIMER_MS});
  if (!mine) return ownTimeout.call(window, fn, delay, ...a);
  // what it does in turn (a request, another short timer) is the event's too
  const run = function (...b) {
    const was = inEvent; inEvent = true;
    try { return fn.apply(this, b); } finally { inEvent = was; fx.ranAt = performance.now(); timers.delete(id); }
  };
  const id = ownTimeout.call(window, run, delay, ...a);
  timers.add(id);
  return id;
};
const clear = function (id) { timers.delete(id); return ownClear.call(window, id); };
const off = () => {
  fx.requestsOff();
  kinds.forEach((t) => window.removeEventListener(t, onEvent, true));
  if (window.setTimeout === wrapped) window.setTimeout = ownTimeout;
  if (window.clearTimeout === clear) window.clearTimeout = ownClear;
  if (window[K] && window[K].off === off) delete window[K];
};
kinds.forEach((t) => window.addEventListener(t, onEvent, true));
window.setTimeout = wrapped; window.clearTimeout = clear;
ownTimeout.call(window, off, ${EXPIRE_MS});
// resolves once the noted timers ran or were cleared (at most ${LATE_WAIT_CAP_MS} ms), with the ms waited
const settle = () => new Promise((resolve) => {
  const start = performance.now();
  const check = () => {
    const waited = performance.now() - start;
    const timed = timers.size === 0 || waited >= ${LATE_WAIT_CAP_MS};
    if (timed && (!fx.requestsBusy() || waited >= ${REQUEST_WAIT_CAP_MS})) return resolve(Math.round(waited));
    ownTimeout.call(window, check, 5);
  };
  check();
});
// when the fill started, and the page's own timer: the read waits for the next frame first (nextFrame.ts)
const busy = (since) => timers.size > 0 || fx.requestsBusy() || fx.ranAt > since;
const pending = () => ${REQUESTS_TAKE};
window[K] = { off, settle, busy, pending, t0: performance.now(), timeout: (f, ms) => ownTimeout.call(window, f, ms) };
})()`

/**
 * Page JavaScript (an expression, awaited inside an async read): waits for the next frame and what the fill's events
 * scheduled in it (a meter redrawn in an animation frame: nextFrame.ts), then for the timers and requests; undoes the
 * watch. Resolves with the ms waited for them and the requests still unanswered (`{ count, first }`, or undefined).
 */
export const FILL_TIMERS_SETTLE: string = `(async () => {
const w = window[${KEY}];
if (!w) return { waited: 0 };
const since = performance.now();
${afterNextFrame("w.timeout", "w.t0")}
const busy = w.busy(since);
const waited = await w.settle();
// and the frame after the timers that ran since: what they scheduled in it (a render in an animation frame)
if (busy) ${afterNextFrame("w.timeout", "w.t0")}
// the requests still unanswered (said: what their answers change is not shown yet)
const pending = w.pending();
w.off();
return { waited, pending };
})()`

/** An action's read (`read`: an expression), after the next frame and its events' short timers and requests. */
export const afterEventTimers = (read: string): string =>
  `(async () => { const { pending } = await ${FILL_TIMERS_SETTLE}; const read = ${read};
  return pending !== undefined && read !== null && typeof read === "object" ? { ...read, pending } : read; })()`

const LEAVING_KEY = `Symbol.for("pi-agent-browser.event-leaving")`

/**
 * The watch around a check or a select: the text it makes appear, its events' short timers and requests, and whether
 * its change handler started to leave the page (navigationStart.ts: a language menu, a filter that reloads).
 */
export const EVENT_WATCH_INSTALL = `(${APPEARED_INSTALL}, ${FILL_TIMERS_INSTALL},
window[${LEAVING_KEY}] = ${NAVIGATION_START_WATCH}, true)`

/**
 * Reads it (`{ appeared, stayed }`) once its events' timers ran and requests answered, after the next frame; `stayed`
 * only when the page is still the one it was installed in and nothing started to leave it.
 */
export const EVENT_WATCH_READ: string = afterEventTimers(`(() => {
const K = ${LEAVING_KEY}, w = window[K], read = ${APPEARED_READ};
delete window[K]; if (w) w.off();
return { ...(read || {}), stayed: w !== undefined && !w.started() };
})()`)

/**
 * After a check whose batch stopped at the check itself (the read above never ran): whether the page is still the
 * document the watch went into (true), or another one (false: the page left it); takes the watches off.
 */
export const EVENT_WATCH_STILL_ON: string = `(() => {
const K = ${LEAVING_KEY}, w = window[K], t = window[${KEY}];
if (w) { delete window[K]; w.off(); ${APPEARED_READ}; }
if (t) t.off();
return w !== undefined;
})()`

/** From the event watch's read: `stayed` when it saw the page stay (else the page it led to is read after it). */
export const stayedOf = (read: unknown): { readonly stayed?: true } =>
  read !== null && typeof read === "object" && Reflect.get(read, "stayed") === true ? { stayed: true } : {}
