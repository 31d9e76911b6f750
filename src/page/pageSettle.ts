/**
 * After `open`, a page whose app is still building its UI (a widget rendered after load, a list still streaming in)
 * would be read too early. The probe that already reads the page after `open` waits, in the same eval, until the DOM
 * has been quiet for a short window (a MutationObserver), at most a cap: a quiet page pays only the quiet window.
 * It answers whether the page settled, how long it waited, and how many visible interactive elements and characters
 * of visible text it has then.
 * Pure: the expression and the decoding of its answer.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { PageSettle } from "../schema/PageDiagnostics.js"

/** The DOM counts as settled after this long without a mutation. */
export const QUIET_WINDOW_MS = 150
/** The read never waits longer than this for the page to go quiet. */
export const SETTLE_CAP_MS = 1_500

/** Visible elements a user can act on: what `snapshot -i` would give refs to. */
const INTERACTIVE =
  "a[href], button, input:not([type=hidden]), select, textarea, summary, [contenteditable=''], " +
  "[contenteditable=true], [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], " +
  "[role=textbox], [role=searchbox], [role=combobox], [role=menuitem], [role=menuitemcheckbox], " +
  "[role=menuitemradio], [role=option], [role=slider], [role=spinbutton], [role=treeitem], [role=columnheader], " +
  "[role=rowheader], [role=gridcell], [tabindex]:not([tabindex='-1'])"

/** A Promise expression: resolves once the DOM was quiet for the window (settled) or the cap passed (not settled). */
export const settleExpression = (
  quietMs = QUIET_WINDOW_MS,
  capMs = SETTLE_CAP_MS
): string => `new Promise((resolve) => {
  const start = performance.now();
  let last = start;
  const observer = new MutationObserver(() => { last = performance.now() });
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  const visible = (e) => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 1 && r.height > 1 && s.visibility !== "hidden" && s.display !== "none"
  };
  const finish = (settled) => {
    observer.disconnect();
    const interactiveCount = [...document.querySelectorAll(${JSON.stringify(INTERACTIVE)})]
      .filter((e) => !e.disabled && visible(e)).length;
    const textChars = document.body ? document.body.innerText.replace(/\\s+/g, "").length : 0;
    resolve({ settled, waitedMs: Math.round(performance.now() - start), interactiveCount, textChars });
  };
  const check = () => {
    const now = performance.now();
    if (now - last >= ${quietMs} && document.readyState !== "loading") return finish(true);
    if (now - start >= ${capMs}) return finish(false);
    setTimeout(check, Math.max(10, Math.min(${quietMs} - (now - last), ${capMs} - (now - start))));
  };
  setTimeout(check, ${quietMs});
})`

/**
 * A page not loaded yet (its load event not fired): its `readyState` and up to five resources not loaded yet (images
 * not complete; scripts, style sheets and frames with no finished resource entry); undefined once it has loaded.
 */
export const LOADING_EXPRESSION: string = `(() => {
  if (document.readyState === "complete") return undefined;
  const done = new Set(performance.getEntriesByType("resource").map((e) => e.name));
  const late = [...document.querySelectorAll("img[src], script[src], link[rel=stylesheet][href], iframe[src]")]
    .filter((e) => (e instanceof HTMLImageElement ? !e.complete : !done.has(e.src || e.href)))
    .map((e) => e.currentSrc || e.src || e.href);
  return { readyState: document.readyState, pending: [...new Set(late)].slice(0, 5) };
})()`

/** The opened document's HTTP status when it was not a success (upstream's open reports none); else undefined. */
export const HTTP_ERROR_STATUS_EXPRESSION: string = `(() => {
  const status = (performance.getEntriesByType("navigation")[0] || {}).responseStatus || 0;
  return status >= 400 || (status > 0 && status < 200) ? status : undefined;
})()`

/** The page was shown and usable (its DOM ready) while a resource had not loaded yet. */
export const isStillLoading = (settle: PageSettle | undefined): boolean => settle?.loading?.readyState === "interactive"

/**
 * After a click that stayed on its page: a MutationObserver the click's recorder leaves on the page (one per page,
 * a later click replaces it, it stops by itself after WATCH_MS). It notes when the DOM last changed and whether it
 * changed after the click's own handlers ran (a re-render scheduled by the click: a sort, a list opening). The
 * click's read waits only when that is under way; the next snapshot reads the page once it went quiet since. Quiet is
 * counted from the click at the earliest: a snapshot right after a click whose re-render has not started yet (its
 * first timer still pending) waits the quiet window rather than reading the page before the change.
 */
export const WATCH_KEY: string = `Symbol.for("pi-agent-browser.settle")`
/** A page is quiet once nothing changed for this long since the last mutation. */
export const ACTION_QUIET_MS = 120
/** How long the watch stays on the page after a click (a snapshot later than this reads the page as it is). */
const WATCH_MS = 10_000

/** Statements (inside the recorder) that install the watch; `clicked()` marks the click's handlers as done. */
export const WATCH_INSTALL: string = `{
  const old = window[${WATCH_KEY}];
  if (old) old.off();
  const w = { last: performance.now(), after: undefined, late: 0 };
  const mo = new MutationObserver(() => { w.last = performance.now(); if (w.after !== undefined) w.late++; });
  mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  const timer = setTimeout(() => w.off(), ${WATCH_MS});
  w.clicked = () => { if (w.after === undefined) setTimeout(() => { w.after = performance.now(); }, 0); };
  w.off = () => { clearTimeout(timer); mo.disconnect(); if (window[${WATCH_KEY}] === w) delete window[${WATCH_KEY}]; };
  window[${WATCH_KEY}] = w;
}`

/**
 * A Promise expression: with a watch on the page, resolves once nothing changed for the quiet window since the last
 * mutation (settled) or the cap passed (not settled), and ends the watch when asked (`end`); undefined without a
 * watch (no click left one, or it is a new document). With `onlyIfLate` it waits only when the page changed after
 * the click's own handlers ran and is still changing (a re-render in progress), else it answers at once.
 */
export const quietSinceExpression = (options: {
  readonly end: boolean
  readonly onlyIfLate: boolean
  readonly capMs?: number
}): string => `new Promise((resolve) => {
  const w = window[${WATCH_KEY}];
  if (!w || (${options.onlyIfLate} && !(w.late > 0 && performance.now() - w.last < ${ACTION_QUIET_MS})))
    return resolve(undefined);
  const start = performance.now(), cap = ${options.capMs ?? SETTLE_CAP_MS};
  const visible = (e) => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 1 && r.height > 1 && s.visibility !== "hidden" && s.display !== "none"
  };
  const finish = (settled) => {
    if (${options.end}) w.off();
    const interactiveCount = [...document.querySelectorAll(${JSON.stringify(INTERACTIVE)})]
      .filter((e) => !e.disabled && visible(e)).length;
    resolve({ settled, waitedMs: Math.round(performance.now() - start), interactiveCount });
  };
  const check = () => {
    const now = performance.now();
    if (now - w.last >= ${ACTION_QUIET_MS}) return finish(true);
    if (now - start >= cap) return finish(false);
    setTimeout(check, Math.max(5, Math.min(${ACTION_QUIET_MS} - (now - w.last), cap - (now - start))));
  };
  check();
})`

/** The settle answer from the probe's result, or undefined when the page did not answer in this shape. */
export const pageSettleOf = (value: unknown): PageSettle | undefined =>
  Option.getOrUndefined(Schema.decodeUnknownOption(PageSettle)(value))

/**
 * A page with no controls and less visible text than this (spaces not counted) shows almost nothing: an app still
 * building ("Loading…"), or a blank page. With more text it is a page that loaded and simply has no controls.
 */
export const NEAR_EMPTY_TEXT_CHARS = 40

/** No controls and almost no text (an unknown amount counts as none). */
export const isNearEmpty = (interactive: number, textChars: number | undefined): boolean =>
  interactive === 0 && (textChars ?? 0) < NEAR_EMPTY_TEXT_CHARS

/**
 * Whether the result should say so: the page was still changing, or it shows almost nothing yet. A loaded page that
 * simply has no controls gets no note (it is not "loading").
 */
/** A page that finished loading and has no script: what it shows is all it will show. */
export const isStaticLoaded = (settle: PageSettle): boolean => settle.scripted === false && settle.loading === undefined

export const needsSettleNote = (settle: PageSettle): boolean =>
  !settle.settled || isNearEmpty(settle.interactiveCount, settle.textChars) || isStillLoading(settle)
