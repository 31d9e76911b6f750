/**
 * The scroll-position probe of a page-level `scroll`: a read-only script run just before and just after the command
 * (in the same upstream batch), and the comparison that says nothing moved. Containers are the ten largest elements
 * that can scroll, described by sample index, tag and role only. Pure.
 */
import type { ScrollContainerSample, ScrollNoop, ScrollPosition } from "../schema/PageDiagnostics.js"

/** Elements inspected for scrollable containers; a huge DOM is sampled, not walked whole. */
const ELEMENT_LIMIT = 5_000
const CONTAINER_LIMIT = 10

/** Read-only: window offsets, sizes, and the largest scrollable containers' offsets. An expression for `eval`. */
export const SCROLL_PROBE_SCRIPT = `(() => {
const se = document.scrollingElement || document.documentElement;
const all = document.body ? document.body.getElementsByTagName("*") : [];
const found = [];
for (let i = 0; i < all.length && i < ${ELEMENT_LIMIT}; i++) {
  const el = all[i];
  if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) continue;
  const s = getComputedStyle(el);
  if (/(auto|scroll|overlay)/.test(s.overflowY + " " + s.overflowX)) found.push(el);
}
found.sort((a, b) => b.clientWidth * b.clientHeight - a.clientWidth * a.clientHeight);
return { scrollX: Math.round(scrollX), scrollY: Math.round(scrollY), innerWidth, innerHeight, scrollWidth: se.scrollWidth, scrollHeight: se.scrollHeight, containerCount: found.length,
  containers: found.slice(0, ${CONTAINER_LIMIT}).map((el, index) => ({ index, tagName: el.tagName.toLowerCase(), role: el.getAttribute("role") || undefined, scrollLeft: Math.round(el.scrollLeft), scrollTop: Math.round(el.scrollTop) })) };
})()`

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

const containerOf = (v: unknown): ScrollContainerSample | undefined => {
  if (v === null || typeof v !== "object") return undefined
  const r = v as Record<string, unknown>
  const index = num(r["index"]), left = num(r["scrollLeft"]), top = num(r["scrollTop"])
  if (index === undefined || left === undefined || top === undefined || typeof r["tagName"] !== "string") return undefined
  return { index, tagName: r["tagName"], ...(typeof r["role"] === "string" && r["role"] !== "" ? { role: r["role"] } : {}), scrollLeft: left, scrollTop: top }
}

/** The probe's eval result as a position, or undefined when it is not one. */
export const readScrollPosition = (result: unknown): ScrollPosition | undefined => {
  if (result === null || typeof result !== "object") return undefined
  const r = result as Record<string, unknown>
  const fields = ["scrollX", "scrollY", "innerWidth", "innerHeight", "scrollWidth", "scrollHeight", "containerCount"] as const
  const values = fields.map((k) => num(r[k]))
  if (values.some((v) => v === undefined) || !Array.isArray(r["containers"])) return undefined
  const containers = r["containers"].map(containerOf)
  if (containers.some((c) => c === undefined)) return undefined
  const [scrollX, scrollY, innerWidth, innerHeight, scrollWidth, scrollHeight, containerCount] = values as ReadonlyArray<number>
  return { scrollX: scrollX!, scrollY: scrollY!, innerWidth: innerWidth!, innerHeight: innerHeight!, scrollWidth: scrollWidth!, scrollHeight: scrollHeight!, containerCount: containerCount!, containers: containers as ReadonlyArray<ScrollContainerSample> }
}

/** The same containers in the same order (else the page changed shape and the comparison says nothing). */
const sameContainers = (a: ScrollPosition, b: ScrollPosition): boolean =>
  a.containers.length === b.containers.length && a.containers.every((c, i) => c.tagName === b.containers[i]?.tagName && c.role === b.containers[i]?.role)

const unmoved = (a: ScrollPosition, b: ScrollPosition): boolean =>
  a.scrollX === b.scrollX && a.scrollY === b.scrollY && sameContainers(a, b) &&
  a.containers.every((c, i) => c.scrollLeft === b.containers[i]?.scrollLeft && c.scrollTop === b.containers[i]?.scrollTop)

/** `scrollNoop` when neither the window nor any sampled container moved; undefined when something moved or changed. */
export const scrollNoopOf = (before: ScrollPosition, after: ScrollPosition): ScrollNoop | undefined =>
  !unmoved(before, after)
    ? undefined
    : {
      reason: "no-observed-scroll-position-change",
      message: after.containerCount > 0
        ? `The page did not move and neither did any of ${after.containerCount} scrollable container(s).`
        : "The page did not move and has no scrollable container.",
      before,
      after,
      recommendations: [
        "Scroll the region that scrolls: scroll <dir> <px> --selector <css>",
        "Bring the target into view: scrollintoview <@ref>",
        "Check with snapshot -i or a screenshot"
      ]
    }
