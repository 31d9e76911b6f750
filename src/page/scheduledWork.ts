/**
 * What an action's handlers scheduled beyond short timers and requests (clickEffects.ts; actionWatches.ts watches
 * those), as the action's own: an idle callback (a render "when idle") is one of its timers; a view transition's
 * update runs as the action's (the requests it starts are the action's); an event stream it opened is one of its
 * requests until its first message, and an image it gave a new source one until it loaded, so what their handlers
 * write (an export's "ready", a map's caption) is read, or the request is said as still out. Pure: page statements.
 */

/**
 * Page JavaScript inside the effects watch, after `REQUESTS_WATCH` (it uses `fx`, `ownTimeout`, `requestStart`,
 * `requestLabel`); `fx.scheduledOff()` gives the page its functions back.
 */
export const SCHEDULED_WORK: string = `const ownIdle = window.requestIdleCallback, idles = new Map();
const ownCancelIdle = window.cancelIdleCallback;
const asOurs = (fn, done) => function (...b) {
  const was = fx.inClick; fx.inClick = true;
  try { return fn.apply(this, b); } finally { fx.inClick = was; fx.ranAt = performance.now(); done(); }
};
const idle = function (fn, opts) {
  if (!fx.ours() || typeof fn !== "function") return ownIdle.call(window, fn, opts);
  const key = {}; fx.timers.add(key);
  const id = ownIdle.call(window, asOurs(fn, () => fx.timers.delete(key)), opts);
  idles.set(id, key); return id;
};
const cancelIdle = function (id) { fx.timers.delete(idles.get(id)); return ownCancelIdle.call(window, id); };
if (typeof ownIdle === "function") { window.requestIdleCallback = idle; window.cancelIdleCallback = cancelIdle; }
const ownTransition = document.startViewTransition;
const transition = function (arg) {
  if (!fx.ours()) return ownTransition.call(document, arg);
  const f = typeof arg === "function" ? arg : arg && arg.update;
  const update = typeof f === "function" ? asOurs(f, () => {}) : f;
  return ownTransition.call(document, typeof arg === "function" ? update : { ...arg, update });
};
if (typeof ownTransition === "function") document.startViewTransition = transition;
// an event stream it opened is one of its requests until its first message (an export that says when it is ready)
const OwnStream = window.EventSource;
const stream = function (url, init) {
  const es = new OwnStream(url, init);
  if (fx.ours()) {
    const done = requestStart(requestLabel("GET", url) + " (event stream)");
    es.addEventListener("message", () => ownTimeout(done, 0), { once: true });
    es.addEventListener("error", done, { once: true });
  }
  return es;
};
if (typeof OwnStream === "function") {
  stream.prototype = OwnStream.prototype; Object.assign(stream, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
  window.EventSource = stream;
}
// an image it gave a new source is one of its requests until it loaded (a caption its load handler writes)
const imageSrc = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
const imageSet = function (v) {
  imageSrc.set.call(this, v);
  if (!fx.ours() || this.complete) return;
  const done = requestStart(requestLabel("GET", this.src));
  this.addEventListener("load", () => ownTimeout(done, 0), { once: true });
  this.addEventListener("error", done, { once: true });
};
if (imageSrc && imageSrc.set) Object.defineProperty(HTMLImageElement.prototype, "src", { ...imageSrc, set: imageSet });
// never over a wrap installed after this one (as the request wraps)
fx.scheduledOff = () => {
  if (window.requestIdleCallback === idle) window.requestIdleCallback = ownIdle;
  if (window.cancelIdleCallback === cancelIdle) window.cancelIdleCallback = ownCancelIdle;
  if (document.startViewTransition === transition) document.startViewTransition = ownTransition;
  if (window.EventSource === stream) window.EventSource = OwnStream;
  const now = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  if (imageSrc && now && now.set === imageSet) Object.defineProperty(HTMLImageElement.prototype, "src", imageSrc);
};`
