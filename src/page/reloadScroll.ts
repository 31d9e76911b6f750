/**
 * Where a `reload` left the page: Chromium keeps a reloaded page's scroll position (its history entry's), so a page
 * read after the reload is not at its top, and a model that assumes it is misreads what is in view. Read in the same
 * upstream batch as the reload, right after it (the position is restored by the time the reload answers); said only
 * when the page is scrolled down. Pure: the page statement and the decoding of its answer.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** `reload` (it takes no target). */
export const isReloadCommand = (positionals: ReadonlyArray<string>): boolean => positionals[0] === "reload"

/** The page's vertical scroll and the most it can scroll (CSS pixels). */
export const KEPT_SCROLL_READ =
  "(() => { const se = document.scrollingElement || document.documentElement; " +
  "return { y: Math.round(scrollY), max: Math.max(0, Math.round(se.scrollHeight - innerHeight)) }; })()"

/** The read's answer as the reload's effects: where the page is scrolled, when it is not at its top; else none. */
export const keptScrollOf = (value: unknown): { readonly effects?: Pick<ActionEffects, "keptScroll"> } => {
  const r = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined
  const y = r?.["y"]
  const max = r?.["max"]
  return typeof y === "number" && typeof max === "number" && Number.isFinite(y) && Number.isFinite(max) && y > 0
    ? { effects: { keptScroll: { y, max } } }
    : {}
}
