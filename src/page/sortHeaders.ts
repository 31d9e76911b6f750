/**
 * The sort state a click or key press gave the page's sortable headers (`aria-sort`: a table's column header the page
 * marks ascending, descending, or sorted some other way). Read by header name before the action and after it, so a
 * table the page drew again (new header elements) still compares with what it showed: a header whose state is now
 * `ascending`, `descending` or `other` and was not before is said (`"Price" now sorted descending`); one that went
 * back to `none` is said only when no header took a sort (a third click that unsorts: `"Price" no longer sorted`), not
 * beside the header the page sorts by now. Inside the click's watch (clickEffects.ts; `norm1` from consoleText.ts).
 * Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/** At most this many headers are read, and this many said; a header's name is cut to `NAME_MAX` characters. */
const READ_MAX = 50
const SAID_MAX = 2
const NAME_MAX = 60

/** Page JavaScript: `sortStates()`, each `[aria-sort]` element as `[name, state]`. */
export const SORT_STATES: string = `const sortStates = () =>
  [...document.querySelectorAll("[aria-sort]")].slice(0, ${READ_MAX})
  .map((e) => [norm1(e.getAttribute("aria-label") || e.textContent || "").slice(0, ${NAME_MAX}),
    e.getAttribute("aria-sort")]);`

/**
 * Page JavaScript (an expression): the headers sorted by the action, else those it unsorted, from `before` (a
 * `sortStates()` taken then).
 */
export const sortedSince = (before: string): string => `(() => {
  const was = new Map(${before}), now = sortStates().filter(([n]) => n !== "");
  const sorts = ["ascending", "descending", "other"];
  const sorted = now.filter(([n, s]) => sorts.includes(s) && was.get(n) !== s);
  return (sorted.length > 0 ? sorted : now.filter(([n, s]) => s === "none" && sorts.includes(was.get(n))))
    .slice(0, ${SAID_MAX});
})()`

const ORDERS: ReadonlyArray<unknown> = ["ascending", "descending", "other", "none"]

/** The read's `sorted` field as the effect, or undefined when no header changed its sort. */
export const sortedOf = (value: unknown): ActionEffects["sorted"] => {
  const pairs = Array.isArray(value) ? value : []
  const sorted = pairs.flatMap((p: unknown) =>
    Array.isArray(p) && typeof p[0] === "string" && ORDERS.includes(p[1])
      ? [{ header: p[0], order: p[1] as SortOrder }]
      : []
  )
  return sorted.length > 0 ? sorted.slice(0, SAID_MAX) : undefined
}

type SortOrder = NonNullable<ActionEffects["sorted"]>[number]["order"]
