/**
 * What else an action did, watched in the page by the action's own effects watch (clickEffects.ts) in the same upstream
 * batch: the requests its handlers started, the JavaScript dialogs it opened, and what a key press moved without moving
 * the focus. Each part's page script and reader below. Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"
import type { JsDialog } from "../domain/JsDialog.js"

/**
 * Requests a click (or key press) started: `fetch` and `XMLHttpRequest` calls made by its own handlers, watched by the
 * click's effects watch (clickEffects.ts) in the same upstream process. The read waits for their answers (at most
 * `REQUEST_WAIT_CAP_MS`), plus a short grace for the page's handlers of the answer to run, so a counter a fetch updates
 * 50-300 ms after the click, or a "Saving…" button that turns "Saved", is read as the page ended, not half-way. A
 * request still unanswered when the page is read is said (method and path), not taken as done. A click that started
 * no request pays nothing. `navigator.sendBeacon` is fire-and-forget and not watched. Pure.
 */
/** The read waits at most this long (from the read's start) for the requests the click started. */
export const REQUEST_WAIT_CAP_MS = 1500
/** After the last request answered, this long for the page's own handlers of the answer (a body read, a render). */
export const REQUEST_GRACE_MS = 30

/**
 * Page JavaScript inside the effects watch (it has `fx`, `ownTimeout`): wraps `fetch` and `XMLHttpRequest` while the
 * watch is on; `fx.requests` holds the unanswered ones (id → "METHOD /path"), `fx.requestsAt` when one last answered,
 * `fx.requestsBusy()` whether the read should wait, `fx.ours()` whether what starts now is the action's (its events,
 * or a chain from its requests), `fx.requestsOff()` undoes the wraps.
 */
export const REQUESTS_WATCH: string = `fx.requests = new Map(); fx.requestsAt = -Infinity; let requestSeq = 0;
const requestLabel = (method, url) => {
  const m = String(method || "GET").toUpperCase();
  try {
    const u = new URL(String(url), location.href);
    return (m + " " + (u.origin === location.origin ? u.pathname : u.origin + u.pathname)).slice(0, 100);
  } catch { return m; }
};
const requestStart = (label) => {
  const id = ++requestSeq;
  fx.requests.set(id, label);
  return () => { if (fx.requests.delete(id)) fx.requestsAt = performance.now(); };
};
fx.requestsBusy = () => fx.requests.size > 0 || performance.now() - fx.requestsAt < ${REQUEST_GRACE_MS};
// what starts while one of its requests is out or just answered is the action's too (a chain: fetch, then the next
// fetch, or a timer that renders the answer); with the action's own events (fx.inClick), and never muted
fx.ours = () => !fx.mute && (fx.inClick || fx.requestsBusy());
const ownFetch = window.fetch, ownOpen = XMLHttpRequest.prototype.open, ownSend = XMLHttpRequest.prototype.send;
const REQ = Symbol("request");
const wrappedFetch = function (input, init) {
  const p = ownFetch.apply(this, arguments);
  if (fx.ours()) {
    const asked = input instanceof Request ? input : undefined;
    const done = requestStart(requestLabel((init && init.method) || (asked && asked.method),
      asked ? asked.url : input));
    p.then(done, done);
  }
  return p;
};
if (typeof ownFetch === "function") window.fetch = wrappedFetch;
const wrappedOpen = function (method, url) {
  try { this[REQ] = requestLabel(method, url); } catch {}
  return ownOpen.apply(this, arguments);
};
const wrappedSend = function () {
  if (fx.ours()) {
    const done = requestStart(this[REQ] || "GET");
    // loadend runs before the page's own load handlers finish: the answer counts once they ran
    this.addEventListener("loadend", () => ownTimeout(done, 0), { once: true });
  }
  return ownSend.apply(this, arguments);
};
XMLHttpRequest.prototype.open = wrappedOpen; XMLHttpRequest.prototype.send = wrappedSend;
// never over a wrap installed after this one (a fill's watch that expires after a click's began)
fx.requestsOff = () => {
  if (window.fetch === wrappedFetch) window.fetch = ownFetch;
  if (XMLHttpRequest.prototype.open === wrappedOpen) XMLHttpRequest.prototype.open = ownOpen;
  if (XMLHttpRequest.prototype.send === wrappedSend) XMLHttpRequest.prototype.send = ownSend;
};`

/** The settle's condition on requests: answered (and their grace over), or the cap reached. */
export const REQUESTS_SETTLED = `(!fx.requestsBusy() || performance.now() - start >= ${REQUEST_WAIT_CAP_MS})`

/** The read's `pending` field: the requests still unanswered when the page was read (count, first two). */
export const REQUESTS_TAKE = `(fx.requests.size > 0
  ? { count: fx.requests.size, first: [...fx.requests.values()].slice(0, 2) } : undefined)`

/** The decoded `pending` field, or undefined when every request the action started had answered. */
export const pendingRequestsOf = (value: unknown): Pick<ActionEffects, "pending"> => {
  if (value === null || typeof value !== "object") return {}
  const r = value as Record<string, unknown>
  const count = r["count"]
  const first = Array.isArray(r["first"]) ? r["first"].filter((x): x is string => typeof x === "string") : []
  return typeof count === "number" && count > 0 ? { pending: { count, first: first.slice(0, 2) } } : {}
}

/**
 * JavaScript dialogs (`alert`, `confirm`, `prompt`) an action opened, with their messages. Upstream accepts an alert
 * by itself and says only `dialogOpened: true` (one flag for any number of dialogs, no message); a confirm or prompt
 * stays open and upstream's warning names it. The click's recorder installs a log once per document: `alert`,
 * `confirm` and `prompt` still run as the page called them (the browser's dialog opens and upstream handles it), each
 * call noted with its type, message and answer. The click's read takes what the click opened; an alert that opened
 * later (a timer after the click) is taken by the next click's recorder and said as opened after the previous
 * action. Pure: the page statements and the decoding (the words: presenters/text/jsDialogWords.ts).
 */
const LOG_KEY = `Symbol.for("pi-agent-browser.js-dialogs")`

/** Messages kept per document between two reads (a page that loops on alerts is cut there). */
const MAX_LOGGED = 10

/** Installs the log in the current document, once (a statement for the click's recorder). */
export const JS_DIALOG_LOG_INSTALL: string = `if (!window[${LOG_KEY}]) {
  const log = []; window[${LOG_KEY}] = log;
  for (const type of ["alert", "confirm", "prompt"]) {
    const own = window[type];
    if (typeof own !== "function") continue;
    window[type] = function (...a) {
      const entry = { type, message: String(a[0] === undefined ? "" : a[0]).slice(0, 300) };
      if (log.length < ${MAX_LOGGED}) log.push(entry);
      const answer = own.apply(this, a);
      const no = answer === null || answer === false;
      entry.answer = type === "alert" ? "accepted" : no ? "dismissed" : "accepted";
      return answer;
    };
  }
}`

/** Takes (and empties) the current document's log: an array expression, empty when nothing was logged. */
export const JS_DIALOG_LOG_TAKE =
  `(() => { const log = window[${LOG_KEY}]; ` + "return log ? log.splice(0, log.length) : []; })()"

/**
 * What an action's read says of dialogs: those it `opened` and the alerts logged before it (`earlier`, taken when its
 * watch was installed: a confirm or prompt would have blocked the page); undefined when there are none.
 */
export const jsDialogsSaid = (
  opened: unknown,
  earlier: unknown
): { readonly opened: ReadonlyArray<JsDialog>; readonly earlier: ReadonlyArray<JsDialog> } | undefined => {
  const now = jsDialogsOf(opened)
  const before = jsDialogsOf(earlier).filter((d) => d.type === "alert")
  return now.length > 0 || before.length > 0 ? { opened: now, earlier: before } : undefined
}

/** The logged dialogs from a read's value (none when it answered no array). */
export const jsDialogsOf = (value: unknown): ReadonlyArray<JsDialog> =>
  Array.isArray(value)
    ? value.flatMap((v): ReadonlyArray<JsDialog> => {
        if (v === null || typeof v !== "object") return []
        const { type, message, answer } = v as Record<string, unknown>
        if ((type !== "alert" && type !== "confirm" && type !== "prompt") || typeof message !== "string") return []
        return [{ type, message, ...(answer === "accepted" || answer === "dismissed" ? { answer } : {}) }]
      })
    : []

/**
 * What a key press moved without moving the focus, read by the press watch (clickEffects.ts) in its own batch: the
 * focused widget's `aria-activedescendant` (a listbox, combobox, menu or grid that keeps the focus and marks its
 * active item), and the scroll position (End, Home, PageDown, Space on a long page) of the focused element's nearest
 * scrollable box, or else of the page. A scroll the browser animates starts a frame later: after a scrolling key
 * (End, Space, an arrow, …) outside a field the read waits two frames (about 35 ms; at most 400 ms when no frame
 * comes), then, only when something scrolled, until it stopped (at most `SCROLL_SETTLE_CAP_MS`). Other keys pay no
 * wait, and no key pays another upstream process. Pure: the page statements and the decoding of the read's answer.
 */
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
    // stopped: at an edge, or still for two reads in a row (a busy renderer updates the position in bursts); a pixel
    // short of the edge is not stopped (a smooth scroll's last frame may still come: read 5792, then 5793 of 5793)
    let last = at(), still = 0;
    while (still < 2 && at() !== 0 && at() < most() && performance.now() < end) {
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
