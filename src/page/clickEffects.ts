/**
 * What a click did beyond its own answer, watched by the click's recorder (clickRecorder.ts) in the same upstream
 * process: console errors and uncaught page errors logged during the click (`console.error` wrapped, `error` and
 * `unhandledrejection` events) and its other console messages (`log`, `info`, `warn`), the page's main heading and the
 * clicked control's value and expanded/pressed/checked state (a label's: its box's; compared by the read), the headers
 * it sorted (sortHeaders.ts), text it made appear (appearedText.ts), and short timers the click's own handlers
 * scheduled (at most `LATE_TIMER_MS`): the read waits for those to run (at most `LATE_WAIT_CAP_MS`), so a page that
 * goes to another URL 100 ms after the click is read as a click that navigated. A click that scheduled no such timer
 * pays no wait. `press|key` is watched the same way, in its own batch, on the focused element, and its read says where
 * the key moved the focus (Tab). The fields the browser's own form validation refused (`invalid` events: a submit it
 * blocked) are read too. Pure: the page statements and the decoding of the read's answer.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"
import { APPEARED_WATCH, shownEffectsOf } from "./appearedText.js"
import { REQUESTS_SETTLED, REQUESTS_TAKE, REQUESTS_WATCH, pendingRequestsOf } from "./actionWatches.js"
import { CLOSE_AFTER_READ, CLOSE_HOLD_INSTALL, CLOSING_EXPRESSION } from "./closeHold.js"
import { compactScript } from "./compactScript.js"
import { CONSOLE_TEXT } from "./consoleText.js"
import { FOCUS_MOVED } from "./focusMoved.js"
import { JS_DIALOG_LOG_INSTALL, JS_DIALOG_LOG_TAKE } from "./actionWatches.js"
import { NAVIGATION_START_WATCH } from "./navigationStart.js"
import { SCHEDULED_WORK } from "./scheduledWork.js"
import { PRESS_MOVES_INSTALL, PRESS_MOVES_READ, pressMovesOf } from "./actionWatches.js"
import { afterNextFrame } from "./nextFrame.js"
import { WATCH_KEY } from "./pageSettle.js"
import { SORT_STATES, sortedOf, sortedSince } from "./sortHeaders.js"
import { throwValueStatement } from "../upstream/wire.js"

/** Timers longer than this are not the click's immediate effect: not waited for. */
export const LATE_TIMER_MS = 300
/** The read waits at most this long for the click's short timers to run. */
export const LATE_WAIT_CAP_MS = 400

/**
 * Installs the watch on `rec` (the recorder, with its `el` target or null), chaining `rec.off` to undo it; the read
 * calls `rec.fx.settle()` (a Promise: the click's short timers ran) before `rec.off()`, then `rec.fx.take()`.
 */
export const EFFECTS_INSTALL: string = `{
${APPEARED_WATCH}
${CONSOLE_TEXT}
const heading = () => {
  const h = document.querySelector("h1, [role=heading][aria-level='1']");
  return h ? norm1(h.textContent).slice(0, 120) : undefined;
};
// a label (or its text) stands for its box: a click on "I agree" ticks it, said as the box's state
const boxOf = (e) => {
  const l = e && e.closest ? e.closest("label") : null, c = l ? l.control : null;
  return c && (c.type === "checkbox" || c.type === "radio") ? c : e;
};
const state = (e0) => { const e = boxOf(e0); return !e || !e.isConnected ? undefined : {
  value: e.tagName !== "BUTTON" && typeof e.value === "string" ? e.value.slice(0, 120) : undefined,
  expanded: e.getAttribute("aria-expanded"), pressed: e.getAttribute("aria-pressed"),
  checked: e.type === "checkbox" || e.type === "radio" ? e.checked : undefined }; };
const fx = { errors: [], count: 0, heading: heading(), state: state(el), timers: new Set(), inClick: false };
fx.ranAt = -Infinity;
// the target and the element that had the focus before the action: where the focus moved (focusMoved.ts)
fx.el = el; fx.focusFrom = document.activeElement;
// a target the page marks disabled without the attribute the browser honours: a click still reaches it
fx.ariaDisabled = !!(el && el.closest && el.closest("[aria-disabled=true]"));
// the URL and title it had: a page that moved its hash or title on the click did not ignore it
fx.url = location.href; fx.title = document.title;
// when the action started: the animations it started are waited for (nextFrame.ts)
fx.t0 = performance.now();
fx.mute = false;
// the sortable headers' states (aria-sort), by name: a header the action sorted is said with its new order
${SORT_STATES}
fx.sorts = sortStates();
const note = (m) => { fx.count++; if (fx.errors.length < 2) fx.errors.push(norm1(m).slice(0, 200)); };
const ownError = console.error;
console.error = function (...a) { try { note(a.map(text).join(" ")); } catch {} return ownError.apply(this, a); };
// what else it logged (console.log, info, warn): counted, the first two kept
fx.logs = []; fx.logCount = 0;
const LOGS = ["log", "info", "warn"], ownLogs = LOGS.map((k) => console[k]);
LOGS.forEach((k, i) => { console[k] = function (...a) {
  try { fx.logCount++; if (fx.logs.length < 2) fx.logs.push(norm1(a.map(text).join(" ")).slice(0, 120)); } catch {}
  return ownLogs[i].apply(this, a);
}; });
const onError = (e) => note(e.message || (e.error ? text(e.error) : "Uncaught error"));
const onRejection = (e) => note("Uncaught (in promise) " + text(e.reason));
const ownTimeout = window.setTimeout, ownClear = window.clearTimeout;
fx.timeout = (f, ms) => ownTimeout.call(window, f, ms);
// a short timer the click's handlers scheduled, until it ran or was cleared
window.setTimeout = function (fn, delay, ...a) {
  const mine = fx.ours() && typeof fn === "function" && !(Number(delay) > ${LATE_TIMER_MS});
  if (!mine) return ownTimeout.call(window, fn, delay, ...a);
  // what it does in turn (a request, another short timer: a router's effect) is the click's too
  const run = function (...b) {
    const was = fx.inClick; fx.inClick = true;
    try { return fn.apply(this, b); } finally { fx.inClick = was; fx.ranAt = performance.now(); fx.timers.delete(id); }
  };
  const id = ownTimeout.call(window, run, delay, ...a);
  fx.timers.add(id);
  return id;
};
window.clearTimeout = function (id) { fx.timers.delete(id); return ownClear.call(window, id); };
// requests the click's handlers started (actionWatches.ts): the read waits for their answers
${REQUESTS_WATCH}
${SCHEDULED_WORK}
// the settle watch's own timer (pageSettle.ts), started by the recorder during the click, is not the page's
const watch = window[${WATCH_KEY}];
if (watch && watch.clicked) {
  const clicked = watch.clicked;
  watch.clicked = () => { fx.mute = true; try { clicked(); } finally { fx.mute = false; } };
}
const onInput = (e) => {
  if (!e.isTrusted || fx.inClick) return;
  fx.inClick = true; ownTimeout(() => { fx.inClick = false; }, 0);
};
const kinds = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "keydown", "keyup"];
kinds.forEach((t) => window.addEventListener(t, onInput, true));
window.addEventListener("error", onError);
window.addEventListener("unhandledrejection", onRejection);
// fields the browser's own form validation refused (a submit it blocked): each field's label and the browser's message
fx.invalid = []; fx.invalidCount = 0;
const onInvalid = (e) => {
  const t = e.target; fx.invalidCount++;
  if (fx.invalid.length >= 2 || !t || !t.getAttribute) return;
  const label = (t.labels && t.labels.length ? t.labels[0].textContent : "") || t.getAttribute("aria-label") ||
    t.getAttribute("placeholder") || t.name || t.id || t.tagName.toLowerCase();
  fx.invalid.push({ field: norm1(label).slice(0, 60), message: norm1(t.validationMessage || "").slice(0, 160) });
};
document.addEventListener("invalid", onInvalid, true);
// the page asking for its print dialog (none shows in an automated browser; the call returns at once)
const ownPrint = window.print;
window.print = function (...a) { fx.printed = true; return ownPrint.apply(this, a); };
fx.settle = () => new Promise((resolve) => {
  const start = performance.now();
  const check = () => {
    const timers = fx.timers.size === 0 || performance.now() - start >= ${LATE_WAIT_CAP_MS};
    if (timers && ${REQUESTS_SETTLED}) return ownTimeout(resolve, 0);
    ownTimeout(check, 5);
  };
  check();
});
// busy: timers or requests out, or (since: a reading) a timer of the click's that ran after it
fx.busy = (since) => fx.timers.size > 0 || fx.requestsBusy() || (since !== undefined && fx.ranAt > since);
fx.take = () => {
  const h = heading(), s = state(el), b = fx.state, control = {};
  if (s !== undefined && b !== undefined) {
    if (s.value !== b.value && s.value !== undefined) control.value = s.value;
    if (s.expanded !== b.expanded && s.expanded !== null) control.expanded = s.expanded === "true";
    if (s.pressed !== b.pressed && s.pressed !== null) control.pressed = s.pressed === "true";
    if (s.checked !== b.checked && s.checked !== undefined) control.checked = s.checked;
  }
  const changed = h !== fx.heading && fx.heading !== undefined ? (h || "") : undefined;
  const shown = appeared.take(h);
  return { count: fx.count, errors: fx.errors, heading: changed, control, logCount: fx.logCount, logs: fx.logs,
    appeared: shown, invalid: fx.invalid, invalidCount: fx.invalidCount, pending: ${REQUESTS_TAKE},
    printed: fx.printed === true, sorted: ${sortedSince("fx.sorts")},
    ariaDisabled: fx.ariaDisabled && location.href === fx.url && document.title === fx.title };
};
const offBefore = rec.off;
rec.off = () => {
  offBefore(); console.error = ownError; window.setTimeout = ownTimeout; window.clearTimeout = ownClear;
  fx.requestsOff(); fx.scheduledOff();
  LOGS.forEach((k, i) => { console[k] = ownLogs[i]; });
  appeared.off();
  kinds.forEach((t) => window.removeEventListener(t, onInput, true));
  window.removeEventListener("error", onError); window.removeEventListener("unhandledrejection", onRejection);
  document.removeEventListener("invalid", onInvalid, true); window.print = ownPrint;
};
rec.fx = fx;
}`

const PRESS_KEY = `Symbol.for("pi-agent-browser.press")`

/** `press|key <key>` (one key or chord): its effects are watched like a click's, on the focused element. */
export const isPressCommand = (positionals: ReadonlyArray<string>): boolean =>
  (positionals[0] === "press" || positionals[0] === "key") && positionals.length === 2

/** Installs the watch for a key press, on the element that has the focus (the step before the press). */
export const PRESS_WATCH_INSTALL: string = compactScript(`(() => {
const K = ${PRESS_KEY};
if (window[K]) window[K].off();
const el = document.activeElement, rec = { off: () => {}, keys: [], el, leaving: ${NAVIGATION_START_WATCH} };
${PRESS_MOVES_INSTALL}
// the JavaScript dialogs the key opens (actionWatches.ts), after taking those logged before it
rec.earlierDialogs = ${JS_DIALOG_LOG_TAKE};
${JS_DIALOG_LOG_INSTALL}
// the page closing its own tab (window.close: a popup's "Done" activated by the key), held for the read (closeHold.ts)
${CLOSE_HOLD_INSTALL}
${EFFECTS_INSTALL}
// the keys the page's keydown events carry (a name the browser does not know arrives as an empty key)
const onKey = (e) => { if (rec.keys.length < 8) rec.keys.push(String(e.key)); };
document.addEventListener("keydown", onKey, true);
const offEffects = rec.off;
rec.off = () => { document.removeEventListener("keydown", onKey, true); rec.leaving.off(); offEffects(); };
window[K] = rec;
return true;
})()`)

/**
 * Reads (and removes) a key press's watch once the short timers it scheduled ran: the effects, as a click's read. A
 * page that closed its own tab (held by the watch) is read at once, with `closing`, and the read throws its value
 * (upstream/wire.ts): a failed step ends the batch at once, so upstream reads nothing more of the tab (its page's
 * origin) as it closes, once the read has answered; the tabs are listed after it (tabRecovery.ts).
 */
export const PRESS_WATCH_READ: string = compactScript(`(async () => {
const K = ${PRESS_KEY}, rec = window[K];
if (!rec) return undefined;
// the next frame and what the key scheduled in it (a dialog's close event, a render: nextFrame.ts)
const since = performance.now();
${afterNextFrame("rec.fx.timeout", "rec.fx.t0")}
if (rec.closeHeld === undefined && rec.fx.busy(since)) {
  await rec.fx.settle();
  // and the frame after those that ran since: what they scheduled in it (a render in an animation frame)
  ${afterNextFrame("rec.fx.timeout", "rec.fx.t0")}
}
// nothing started to leave the page (no navigation, submission or new tab): no page it led to needs reading
const stayed = !rec.leaving.started();
rec.off(); delete window[K];
const closing = rec.closeHeld !== undefined;
// the element the key moved the focus to (Tab): its tag and id, and its label (focusMoved.ts)
${FOCUS_MOVED}
const now = document.activeElement, focus = focusMoved(rec.el);
// the focused widget's active item and the page's scroll, when the key moved them (actionWatches.ts)
${PRESS_MOVES_READ}
const jsDialogs = ${JS_DIALOG_LOG_TAKE};
const read = { ...rec.fx.take(), keys: rec.keys, focus, moves, jsDialogs, earlierDialogs: rec.earlierDialogs, stayed,
  closing: closing ? ${CLOSING_EXPRESSION} : undefined };
${CLOSE_AFTER_READ}
if (closing) ${throwValueStatement("read")};
return read;
})()`)

const asRecord = (v: unknown) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : undefined)

/** The fields the browser's form validation refused during the action, or undefined when none. */
const invalidOf = (r: Record<string, unknown> | undefined): ActionEffects["invalid"] => {
  const count = typeof r?.["invalidCount"] === "number" ? r["invalidCount"] : 0
  const listed = Array.isArray(r?.["invalid"]) ? r["invalid"].map(asRecord) : []
  const first = listed.flatMap((f) =>
    typeof f?.["field"] === "string" && typeof f["message"] === "string"
      ? [{ field: f["field"], message: f["message"] }]
      : []
  )
  return count > 0 ? { count, first } : undefined
}

/** The read's `effects` field, or undefined when nothing changed. */
export const clickEffectsOf = (value: unknown): ActionEffects | undefined => {
  const r = asRecord(value)
  const count = typeof r?.["count"] === "number" ? r["count"] : 0
  const first = Array.isArray(r?.["errors"]) ? r["errors"].filter((e): e is string => typeof e === "string") : []
  const logCount = typeof r?.["logCount"] === "number" ? r["logCount"] : 0
  const logs = Array.isArray(r?.["logs"]) ? r["logs"].filter((e): e is string => typeof e === "string") : []
  const heading = typeof r?.["heading"] === "string" ? r["heading"] : undefined
  const c = asRecord(r?.["control"])
  const control = {
    ...(typeof c?.["value"] === "string" ? { value: c["value"] } : {}),
    ...(typeof c?.["expanded"] === "boolean" ? { expanded: c["expanded"] } : {}),
    ...(typeof c?.["pressed"] === "boolean" ? { pressed: c["pressed"] } : {}),
    ...(typeof c?.["checked"] === "boolean" ? { checked: c["checked"] } : {})
  }
  // a key press whose every keydown carried no key: the browser did not know the name (upstream sends an empty key)
  const keys = Array.isArray(r?.["keys"]) ? r["keys"] : undefined
  const unknownKey = keys !== undefined && keys.length > 0 && keys.every((k) => k === "")
  const f = asRecord(r?.["focus"])
  const focus =
    typeof f?.["element"] === "string" && f["element"] !== ""
      ? { element: f["element"], ...(typeof f["label"] === "string" && f["label"] !== "" ? { label: f["label"] } : {}) }
      : undefined
  const invalid = invalidOf(r)
  const sorted = sortedOf(r?.["sorted"])
  const effects: ActionEffects = {
    ...(unknownKey ? { unknownKey: true } : {}),
    ...(r?.["printed"] === true ? { printed: true } : {}),
    ...(invalid !== undefined ? { invalid } : {}),
    ...(focus !== undefined ? { focus } : {}),
    ...(count > 0 ? { consoleErrors: { count, first: first.slice(0, 2) } } : {}),
    ...(logCount > 0 ? { consoleLogs: { count: logCount, first: logs.slice(0, 2) } } : {}),
    ...pressMovesOf(r?.["moves"]),
    ...shownEffectsOf(r?.["appeared"]),
    ...pendingRequestsOf(r?.["pending"]),
    ...(heading !== undefined ? { heading } : {}),
    ...(sorted !== undefined ? { sorted } : {}),
    ...(Object.keys(control).length > 0 ? { control } : {})
  }
  // the target was marked aria-disabled, and nothing at all changed: the page ignored the click
  if (Object.keys(effects).length === 0 && r?.["ariaDisabled"] === true) return { ignoredDisabled: true }
  return Object.keys(effects).length > 0 ? effects : undefined
}
