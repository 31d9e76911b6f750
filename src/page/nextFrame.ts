/**
 * What an action's read waits for before it judges the action (clickRecorder.ts, clickEffects.ts, fillTimers.ts), from
 * the page's side: the browser's next frame, and the tasks queued in and before it, so the effects a page schedules
 * just after the event are read as the action's own. A `<dialog>`'s `close` and a `<details>`' `toggle` event (fired in
 * a task after the element closed or opened), a render in the next animation frame or from a `MessageChannel` message
 * (React's scheduler), a `ResizeObserver` callback (in that frame) and an `IntersectionObserver` callback (a task
 * queued by that frame) all ran before the read; then the CSS transitions and animations the action started (a panel
 * that opens, a row that fades before it is removed) when they end within `ANIMATION_WAIT_MS`, with their end events'
 * handlers. A page that draws no frame (hidden) is waited for at most `NO_FRAME_MS`. Costs an action about 8 ms: after
 * a click, even one `setTimeout(0)` waits for the frame the browser draws first (9.7 ms against 2.1 ms for a read that
 * awaits nothing, on the daemon). Pure.
 */

/** A page that draws no frame is waited for this long. */
const NO_FRAME_MS = 50
/** Transitions and animations the action started are waited for when they end within this long. */
export const ANIMATION_WAIT_MS = 400

/**
 * Statements (in an async read) that wait for the next frame and the tasks queued in it, then for the animations
 * started since `since` (a `performance.now()` reading before the action) that end within `ANIMATION_WAIT_MS`. `timer`
 * is the page's own `setTimeout`, bound to `window` (the recorder wraps the page's).
 */
export const afterNextFrame = (timer: string, since: string): string => `{
const turn = () => new Promise((resolve) => {
  let done = false;
  const end = () => { if (!done) { done = true; resolve(); } };
  ${timer}(end, ${NO_FRAME_MS});
  // the frame's callbacks, then a task after those it queued (an IntersectionObserver's)
  requestAnimationFrame(() => ${timer}(() => ${timer}(end, 0), 0));
});
await turn();
const ending = (a) => {
  const t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : undefined;
  // one the action started may still be pending its first frame (no start time yet)
  return a.playState === "running" && (a.startTime === null || a.startTime >= ${since}) && t !== undefined &&
    Number.isFinite(t.endTime) && t.endTime - (t.localTime || 0) <= ${ANIMATION_WAIT_MS};
};
const started = typeof document.getAnimations === "function" ? document.getAnimations().filter(ending) : [];
if (started.length > 0) {
  await Promise.race([Promise.all(started.map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => ${timer}(resolve, ${ANIMATION_WAIT_MS}))]);
  // their transitionend and animationend handlers
  await turn();
}
}`
