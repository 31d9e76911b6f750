/**
 * A click aimed at a target a fixed or sticky element covers at its middle: upstream 0.41.2 refuses it at once
 * (`Element '#b' is covered by <div#sp> at its click point, so the input would land on that element instead`), seen
 * on the raw binary for a loading overlay that goes 500 ms later and for a button the page's sticky header sits over
 * while the button is in view (upstream scrolls only a target out of view). A user waits for the overlay, or scrolls.
 * So the click's recorder step (enabledWait.ts) first scrolls such a target to the middle of the view, once; when it
 * is still covered, it polls, at most `COVER_WAIT_MS`, until nothing covers it, then lets upstream click. A cover that
 * stays (a cookie banner, a backdrop left behind) is left to upstream's own refusal, which names it. Only a cover that
 * is fixed or sticky (or in such an element) is waited for: a label's own text, the target's children and an element
 * the target is in are not covers. A target no cover hides costs one `elementFromPoint`. Pure.
 */
import type { Uncovered } from "../domain/Outcome.js"

/** The most a click waits for a fixed or sticky element over its target to go. */
export const COVER_WAIT_MS = 2_000

/**
 * Page JavaScript: `coverOf(e)` is the fixed or sticky element over the middle of `e` (in the view), else null;
 * `coverName(e)` names it as `tag#id.class`.
 */
export const COVER_OF: string = `const coverOf = (e) => { try {
  if (!e || !e.isConnected) return null;
  const b = e.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
  if (b.width === 0 || b.height === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit === e || e.contains(hit) || hit.contains(e)) return null;
  if (e.labels && [...e.labels].some((l) => l.contains(hit))) return null;
  for (let p = hit; p && p !== document.body; p = p.parentElement) {
    const at = getComputedStyle(p).position;
    if (at === "fixed" || at === "sticky") return p;
  }
  return null;
} catch { return null; } };
const coverName = (e) => (e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
  [...e.classList].slice(0, 2).map((c) => "." + c).join("")).replace(/[^\\w#.-]/g, "").slice(0, 60);`

/** The recorder step's `uncovered` field, when the target was covered and no longer is. */
export const uncoveredOf = (answer: Record<string, unknown> | undefined): Uncovered | undefined => {
  const u = answer?.["uncovered"]
  if (u === null || typeof u !== "object") return undefined
  const { by, ms, scrolled, waited } = u as Record<string, unknown>
  return typeof by === "string" && by !== "" && typeof ms === "number" && ms >= 0
    ? { by, ms, scrolled: scrolled === true, waited: waited === true }
    : undefined
}

/**
 * Said on the click's own line: ` (header#hd covered it; scrolled it to the middle of the view first)`, or
 * ` (div#sp covered it; waited 0.4 s until it was gone)`, with the scroll when it moved the target before the wait.
 */
export const uncoveredWords = (u: Uncovered): string => {
  const scroll = "scrolled it to the middle of the view"
  const wait = `waited ${(u.ms / 1000).toFixed(1)} s until it was gone`
  if (!u.waited) return ` (${u.by} covered it; ${scroll} first)`
  return ` (${u.by} covered it; ${u.scrolled ? `${scroll}, then ${wait}` : wait})`
}
