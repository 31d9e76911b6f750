/**
 * The short timers a fill's own events started (a field checked 300 ms after typing stops: "That name is taken"):
 * installed with the fill's appeared watch (before the fill), `setTimeout` is wrapped to note the timers of at most
 * `LATE_TIMER_MS` a handler of the fill's events (input, change, keys, focus) schedules; the read after the fill
 * waits until they ran (a cleared one is not waited for), at most `LATE_WAIT_CAP_MS`, polling, then reads what
 * appeared. A fill whose events scheduled no such timer pays no wait. The wrap undoes itself at the read, or after
 * `EXPIRE_MS` when no read came (a fill that failed); never over a wrap installed after it. `type` typed key by key
 * waits the same way (typedEffects.ts). Pure: page statements.
 */
import { LATE_TIMER_MS, LATE_WAIT_CAP_MS } from "./clickEffects.js"

const KEY = `Symbol.for("pi-agent-browser.fillTimers")`
/** A watch whose read never came (the fill failed) undoes itself after this long. */
const EXPIRE_MS = 10_000

/** Page JavaScript (a statement): installs the watch, replacing an earlier one. */
export const FILL_TIMERS_INSTALL: string = `(() => {
const K = ${KEY};
if (window[K]) window[K].off();
const ownTimeout = window.setTimeout, ownClear = window.clearTimeout, timers = new Set();
let inEvent = false;
const onEvent = () => { if (inEvent) return; inEvent = true; ownTimeout.call(window, () => { inEvent = false; }, 0); };
const kinds = ["beforeinput", "input", "change", "keydown", "keyup", "focusin", "focusout"];
const wrapped = function (fn, delay, ...a) {
  const mine = inEvent && typeof fn === "function" && !(Number(delay) > ${LATE_TIMER_MS});
  if (!mine) return ownTimeout.call(window, fn, delay, ...a);
  const run = function (...b) { try { return fn.apply(this, b); } finally { timers.delete(id); } };
  const id = ownTimeout.call(window, run, delay, ...a);
  timers.add(id);
  return id;
};
const clear = function (id) { timers.delete(id); return ownClear.call(window, id); };
const off = () => {
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
    if (timers.size === 0 || waited >= ${LATE_WAIT_CAP_MS}) return resolve(Math.round(waited));
    ownTimeout.call(window, check, 5);
  };
  check();
});
window[K] = { off, settle };
})()`

/** Page JavaScript (an expression, awaited inside an async read): waits for the timers, undoes the watch. */
export const FILL_TIMERS_SETTLE: string = `(async () => {
const w = window[${KEY}];
if (!w) return 0;
const waited = await w.settle();
w.off();
return waited;
})()`
