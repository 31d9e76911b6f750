/**
 * The one-process click's page scripts (clickDispatch.ts judges what they read): the read-only recorder installed
 * just before a direct `click`, the read just after it in the same upstream batch, and the gate that lets the steps
 * after the read run only for a click that left its document. Pure.
 */
import type { StepRow } from "../domain/Outcome.js"
import type { ClickTarget } from "../schema/PageDiagnostics.js"
import { throwValueStatement } from "../upstream/wire.js"
import { ROLE_NAME_SNIPPET } from "./accessibleName.js"
import { CHALLENGE_FACTS_EXPRESSION } from "./challengeEvidence.js"
import { EFFECTS_INSTALL } from "./clickEffects.js"
import { CLOSE_AFTER_READ, CLOSE_HOLD_INSTALL, CLOSING_EXPRESSION } from "./closeHold.js"
import { compactScript } from "./compactScript.js"
import { enabledWaitStatements } from "./readiness.js"
import { FOCUS_MOVED } from "./focusMoved.js"
import { afterNextFrame } from "./nextFrame.js"
import { DIALOG_SUBMIT } from "./navigationStart.js"
import { COMBOBOX_FOCUS_EXPRESSION } from "./comboboxFocus.js"
import { dialogsOpenedExpression, VISIBLE_DIALOGS_EXPRESSION } from "./dialogsOpened.js"
import { JS_DIALOG_LOG_INSTALL, JS_DIALOG_LOG_TAKE } from "./actionWatches.js"
import { ACTION_QUIET_MS, quietSinceExpression, settleExpression, WATCH_INSTALL, WATCH_KEY } from "./pageSettle.js"

/** The recorder's key on `window`. */
const KEY = `Symbol.for("pi-agent-browser.click")`
/** Set by the click's read when it answered: whether the click stayed on its document (read by `CLICK_STAYED_GATE`). */
const STAYED_KEY = `Symbol.for("pi-agent-browser.click-stayed")`

/**
 * Page JavaScript of the recorder, after ROLE_NAME_SNIPPET with the target in `T`: `is` (whether an element is one
 * the click aimed at), and `resolved` and `el` (the target, found in the top document).
 */
const TARGET_RESOLVE = `const xpath = () => {
  const r = document.evaluate(T.selector, document, null, 7, null), s = new Set();
  for (let i = 0; i < r.snapshotLength; i++) s.add(r.snapshotItem(i));
  return s;
};
const named = (e) => T.name === undefined || (T.exact ? name(e) === norm(T.name) : name(e).includes(norm(T.name)));
const holds = (e) => {
  const t = norm(e.tagName === "INPUT" ? e.value : e.textContent), w = norm(T.text);
  return T.exact ? t === w : t.includes(w);
};
const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);
const texts = () => T.kind !== "text" ? new Set() : new Set([...document.body.querySelectorAll("*")]
  .filter((e) => !SKIP.has(e.tagName) && holds(e) && ![...e.children].some(holds)));
const S = texts();
const is = T.kind === "selector" ? (e) => e.matches(T.selector)
  : T.kind === "xpath" ? (e) => xpath().has(e)
  : T.kind === "accessible" ? (e) => role(e) === T.role && name(e) === norm(T.name)
  : T.kind === "role" ? (e) => role(e) === T.role && named(e)
  : T.kind === "text" ? (e) => S.has(e)
  : () => false;
let resolved = false, el = null;
try {
  if (T.kind === "none") resolved = false;
  else if (T.kind === "selector") { el = document.querySelector(T.selector); resolved = el !== null; }
  else if (T.kind === "xpath") resolved = xpath().size > 0;
  else if (T.kind === "text") { el = S.values().next().value || null; resolved = el !== null; }
  else if (T.kind === "role") {
    el = [...document.querySelectorAll("button,input,summary,option,a[href],[role]")].find(is) || null;
    resolved = el !== null;
  } else {
    const all = [...document.querySelectorAll("button,input,summary,option,a[href],[role]")].filter(is);
    el = all[T.duplicateIndex || 0] || null;
    resolved = el !== null;
  }
} catch { resolved = false; }`

/** A click that waits for its target while it is disabled (readiness.ts): that target, and the wait's bound. */
export interface EnableWait {
  readonly target: ClickTarget
  readonly waitMs: number
}

/** Recorder scripts built, by what they depend on (a few targets at once: the oldest is dropped for a new one). */
const built = new Map<string, string>()
const BUILT_KEPT = 16

/**
 * Installs the recorder (for `target`, when the click's target can be judged) and the JavaScript dialog log
 * (actionWatches.ts); answers whether the target resolved in the top document, and the dialogs logged since the last
 * read (opened after the previous action). With `enable`, a disabled target is waited for first (readiness.ts); a
 * target only waited for (`enable.target` without `target`) is found but not judged.
 */
export const clickRecorderScript = (target: ClickTarget | undefined, enable?: EnableWait): string => {
  // the script depends on these alone; the same string is handed out again, so the batch's printer finds its escaped
  // form at once (wire.ts) instead of reading ~22 KiB of a new one
  const key = `${target === undefined ? "-" : JSON.stringify(target)} ${
    enable === undefined ? "-" : `${JSON.stringify(enable.target)} ${enable.waitMs}`
  }`
  const known = built.get(key)
  if (known !== undefined) return known
  const script = compactScript(recorderScript(target, enable))
  if (built.size >= BUILT_KEPT) built.delete(built.keys().next().value as string)
  built.set(key, script)
  return script
}

const recorderScript = (target: ClickTarget | undefined, enable?: EnableWait): string => `(() => {
const T = ${JSON.stringify(target ?? enable?.target ?? { kind: "none" })}, K = ${KEY}, J = ${target !== undefined};
${ROLE_NAME_SNIPPET}
const install = () => {
if (window[K]) window[K].off();
const earlierDialogs = ${JS_DIALOG_LOG_TAKE};
${JS_DIALOG_LOG_INSTALL}
${TARGET_RESOLVE}
const nativeOption = el !== null && el.tagName === "OPTION";
const desc = (e) => e && e.tagName
  ? (e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + [...e.classList].slice(0, 2).map((c) => "." + c).join(""))
    .replace(/[^\\w#.-]/g, "").slice(0, 60)
  : undefined;
const rec = { resolved: J && resolved, nativeOption, events: 0, hits: 0, landedOn: undefined, nav: undefined,
  submit: undefined, dialogs: new Set(${VISIBLE_DIALOGS_EXPRESSION}) };
${WATCH_INSTALL}
const on = (e) => {
  if (!e.isTrusted) return;
  if (e.type === "click" && window[${WATCH_KEY}]) window[${WATCH_KEY}].clicked();
  rec.events++;
  let hit = false;
  try { hit = e.composedPath().some((x) => x instanceof Element && is(x)); } catch {}
  if (hit) rec.hits++;
  else if (rec.landedOn === undefined) rec.landedOn = desc(e.target);
};
const types = ["pointerdown", "mousedown", "pointerup", "mouseup", "click"];
const onSubmit = (e) => { rec.submit = e; };
// a same-document navigation (a hash router's link, a pushed path) counts as a change of the page, and so does its
// hashchange event (which the browser fires a task or more later): the read waits for that event and then a quiet
// window, for the render the router schedules on it
const touch = () => { const w = window[${WATCH_KEY}]; if (w) w.last = performance.now(); };
const onNavigate = (e) => {
  // moved: to another address (a link to the hash the page already has moves nothing, and fires no hashchange)
  const moved = !!(e.destination && e.destination.url !== location.href);
  rec.nav = { sameDocument: !!(e.destination && e.destination.sameDocument), moved,
    hash: moved && e.hashChange === true, at: performance.now() };
  if (rec.nav.sameDocument && moved) touch();
};
const onHash = () => { rec.hashed = true; touch(); };
window.addEventListener("hashchange", onHash);
types.forEach((t) => window.addEventListener(t, on, true));
window.addEventListener("submit", onSubmit);
if (window.navigation) window.navigation.addEventListener("navigate", onNavigate);
// the page opening a tab itself (window.open, a target=_blank link): upstream then follows that tab (tabRecovery.ts)
const open = window.open;
window.open = function (...a) { rec.openedTab = true; return open.apply(this, a); };
const onBlank = (e) => {
  try {
    if (e.isTrusted && e.target instanceof Element && e.target.closest("a[target=_blank i]")) rec.openedTab = true;
  } catch {}
};
window.addEventListener("click", onBlank, true);
rec.off = () => {
  window.open = open;
  window.removeEventListener("click", onBlank, true);
  types.forEach((t) => window.removeEventListener(t, on, true));
  window.removeEventListener("submit", onSubmit);
  window.removeEventListener("hashchange", onHash);
  if (window.navigation) window.navigation.removeEventListener("navigate", onNavigate);
};
// the page closing its own tab (window.close): held until the click's read has answered (closeHold.ts)
${CLOSE_HOLD_INSTALL}
${EFFECTS_INSTALL}
window[K] = rec;
return { resolved: J && resolved, earlierDialogs, el };
};
${
  enable !== undefined && enable.waitMs > 0
    ? enabledWaitStatements(enable.waitMs)
    : "const r = install();\nreturn { resolved: r.resolved, earlierDialogs: r.earlierDialogs };"
}
})()`

/**
 * The click's read waits at most this long after a hash link's navigation for its hashchange event (which came within
 * about 80 ms under load here).
 */
const HASHCHANGE_WAIT_MS = 300

/**
 * Read after the click: the page, its challenge facts, what the recorder saw (absent on a new document), the
 * focused element's combobox facts (comboboxFocus.ts), how many modal dialogs the click opened (dialogsOpened.ts) and
 * the JavaScript dialogs it opened (actionWatches.ts).
 * A click leaving its document (a link, a form's submission) is read at once, waiting for nothing: its next
 * document may replace this one at any moment, and a read still waiting then never answers. Otherwise it waits for a
 * quiet DOM (`settle`) only when a re-render the click scheduled is under way, when a combobox has
 * the focus with nothing to pick yet (a list that opens late), or when the click moved the page within its document
 * (a hash router's link: once its hashchange event fired, for the render the router schedules on it). When the click
 * stayed on its document and opened no tab, the read throws its value (upstream/wire.ts), so a batch that stops at its
 * first failed step ends there: the read ran in the clicked document, so no other tab had taken the focus, and nothing
 * after it is needed (about 1.5 ms less per click). Otherwise it answers, and the steps after it list the tabs and,
 * past `CLICK_STAYED_GATE`, read the page a navigation led to. A page that closed its own tab during the click
 * (`window.close`, held by the recorder) is read at once, with `click.closing`, and the read throws too: the tab closes
 * once it has answered, with the batch ended (the tabs are listed after it: tabRecovery.ts).
 */
export const CLICK_READ_EXPRESSION: string = compactScript(`(async () => {
const K = ${KEY}, rec = window[K], dialogsBefore = rec ? rec.dialogs : undefined;
const comboNow = () => ${COMBOBOX_FOCUS_EXPRESSION};
${FOCUS_MOVED}
let click, settle, effects, combo = comboNow();
let closing = false;
if (rec) {
  // a method="dialog" form only closes its dialog: it loads nothing (its close event is read after the frame)
  const submitted = rec.submit !== undefined && !rec.submit.defaultPrevented && !${DIALOG_SUBMIT}(rec.submit) &&
    !/^_blank$/i.test((rec.submit.target && rec.submit.target.target) || "");
  const blankSubmit = rec.submit !== undefined &&
    /^_blank$/i.test((rec.submit.target && rec.submit.target.target) || "");
  // a click that is leaving its document (a link, a form's submission) is read at once: the next document may
  // replace this one at any time, and a read still waiting then never answers (the batch would stop there)
  const leaving = (rec.nav !== undefined && !rec.nav.sameDocument) || submitted;
  // else the next frame and what the click scheduled in it (a dialog's close event, a render: nextFrame.ts)
  const since = performance.now();
  if (!leaving) ${afterNextFrame("rec.fx.timeout", "rec.fx.t0")}
  // short timers the click's handlers scheduled (a redirect 100 ms later) run, and the requests they started answer
  // (actionWatches.ts), before the click is judged; not on a page closing its tab, which is read at once
  const sameDocument = rec.nav !== undefined && rec.nav.sameDocument;
  const moved = sameDocument && rec.nav.moved;
  if (rec.closeHeld === undefined && !leaving && (rec.nav === undefined || sameDocument) && rec.fx.busy(since)) {
    await rec.fx.settle();
    // and the frame after those that ran since: what they scheduled in it (a render in an animation frame)
    ${afterNextFrame("rec.fx.timeout", "rec.fx.t0")}
  }
  // a hash router's link: its hashchange event has fired, so the router's render has started (a page that took the
  // navigation over or cancelled it fires none: at most HASHCHANGE_WAIT_MS after the navigation)
  if (moved && rec.nav.hash) await new Promise((resolve) => {
    const check = () =>
      rec.hashed || performance.now() - rec.nav.at >= ${HASHCHANGE_WAIT_MS} ? resolve() : setTimeout(check, 5);
    check();
  });
  click = { resolved: rec.resolved, nativeOption: rec.nativeOption, events: rec.events, hits: rec.hits,
    landedOn: rec.landedOn, navigating: leaving,
    openedTab: rec.openedTab === true || blankSubmit };
  if (!click.navigating && rec.closeHeld === undefined) {
    // a focused combobox with nothing to pick may open its list late: give it the quiet window before judging
    const closed = combo !== undefined && combo.expanded !== null && combo.listboxes === 0 && combo.options === 0;
    // a re-render the click scheduled (a sort, a filter) is under way, or the click moved the page within its
    // document (its router renders after the event): read the page once it went quiet, the watch still on (the text
    // the re-render showed or hid is said)
    settle = closed
      ? await ${settleExpression(ACTION_QUIET_MS)}
      : moved
        ? await ${quietSinceExpression({ end: false, onlyIfLate: false })}
        : await ${quietSinceExpression({ end: false, onlyIfLate: true })};
    if (settle !== undefined) combo = comboNow();
  }
  rec.off(); delete window[K];
  closing = rec.closeHeld !== undefined;
  if (closing) click.closing = ${CLOSING_EXPRESSION};
  effects = rec.fx.take();
  // a field to type into the click gave the focus (an inline editor it opened: focusMoved.ts)
  const focus = focusMoved(rec.fx.focusFrom, rec.fx.el);
  if (focus !== undefined) effects.focus = focus;
}
const read = { title: document.title, url: location.href, challenge: ${CHALLENGE_FACTS_EXPRESSION},
  click, combo, settle, effects, dialogsOpened: ${dialogsOpenedExpression("dialogsBefore")},
  jsDialogs: ${JS_DIALOG_LOG_TAKE} };
${CLOSE_AFTER_READ}
if (click !== undefined && (closing || (!click.navigating && !click.openedTab))) ${throwValueStatement("read")};
window[${STAYED_KEY}] = click !== undefined && !click.navigating;
return read;
})()`)

/**
 * After the click's read (when it answered) and the tab list, in a batch that stops at its first failed step: fails
 * when the read found the click stayed on its document (it opened a tab), so the steps after it (reading the page a
 * navigation led to) run only for a click that navigated, or whose read ran in another document. Clears the mark.
 */
export const CLICK_STAYED_GATE =
  `(() => { const K = ${STAYED_KEY}, stayed = window[K] === true; delete window[K]; ` +
  'if (stayed) throw new Error("the click stayed on its page"); return true })()'

/**
 * The read's value from its step: returned (the click navigated or opened a tab, or the read ran in another document:
 * the steps after it ran) or thrown because the click stayed (`stayed`: nothing after it ran). Undefined when the read
 * failed.
 */
export const clickReadOf = (
  row: StepRow | undefined
): { readonly value: Record<string, unknown>; readonly stayed: boolean } | undefined => {
  const asRecord = (v: unknown) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : undefined)
  const value =
    row === undefined ? undefined : row.success ? asRecord(asRecord(row.result)?.["result"]) : asRecord(row.thrown)
  return value === undefined || row === undefined ? undefined : { value, stayed: !row.success }
}
