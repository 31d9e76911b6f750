/**
 * Requests a click (or key press) started: `fetch` and `XMLHttpRequest` calls made by its own handlers, watched by the
 * click's effects watch (clickEffects.ts) in the same upstream process. The read waits for their answers (at most
 * `REQUEST_WAIT_CAP_MS`), plus a short grace for the page's handlers of the answer to run, so a counter a fetch updates
 * 50-300 ms after the click, or a "Saving…" button that turns "Saved", is read as the page ended, not half-way. A
 * request still unanswered when the page is read is said (method and path), not taken as done. A click that started
 * no request pays nothing. `navigator.sendBeacon` is fire-and-forget and not watched. Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** The read waits at most this long (from the read's start) for the requests the click started. */
export const REQUEST_WAIT_CAP_MS = 1500
/** After the last request answered, this long for the page's own handlers of the answer (a body read, a render). */
export const REQUEST_GRACE_MS = 30

/**
 * Page JavaScript inside the effects watch (it has `fx`, `ownTimeout`): wraps `fetch` and `XMLHttpRequest` while the
 * watch is on; `fx.requests` holds the unanswered ones (id → "METHOD /path"), `fx.requestsAt` when one last answered,
 * `fx.requestsBusy()` whether the read should wait, `fx.requestsOff()` undoes the wraps.
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
const ownFetch = window.fetch, ownOpen = XMLHttpRequest.prototype.open, ownSend = XMLHttpRequest.prototype.send;
const REQ = Symbol("request");
if (typeof ownFetch === "function") window.fetch = function (input, init) {
  const p = ownFetch.apply(this, arguments);
  if (fx.inClick && !fx.mute) {
    const asked = input instanceof Request ? input : undefined;
    const done = requestStart(requestLabel((init && init.method) || (asked && asked.method),
      asked ? asked.url : input));
    p.then(done, done);
  }
  return p;
};
XMLHttpRequest.prototype.open = function (method, url) {
  try { this[REQ] = requestLabel(method, url); } catch {}
  return ownOpen.apply(this, arguments);
};
XMLHttpRequest.prototype.send = function () {
  if (fx.inClick && !fx.mute) {
    const done = requestStart(this[REQ] || "GET");
    // loadend runs before the page's own load handlers finish: the answer counts once they ran
    this.addEventListener("loadend", () => ownTimeout(done, 0), { once: true });
  }
  return ownSend.apply(this, arguments);
};
fx.requestsOff = () => {
  if (typeof ownFetch === "function") window.fetch = ownFetch;
  XMLHttpRequest.prototype.open = ownOpen; XMLHttpRequest.prototype.send = ownSend;
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
