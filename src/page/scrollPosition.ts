/**
 * The scroll-position probe of a `scroll`: a script run just before and just after the command (in the same
 * upstream batch), where it left the page or the named container, and the comparison that says nothing moved.
 * Containers are the ten largest elements that can scroll, described by sample index, tag and role only. Pure.
 */
import type {
  ScrollContainer,
  ScrollContainerSample,
  ScrollNoop,
  ScrollPage,
  ScrollPosition
} from "../schema/PageDiagnostics.js"

/** A page scroll that reached the bottom waits this long for more to load (an infinite list). */
const BOTTOM_GROWTH_WAIT_MS = 600
/** Elements inspected for scrollable containers; a huge DOM is sampled, not walked whole. */
const ELEMENT_LIMIT = 5_000
const CONTAINER_LIMIT = 10

/**
 * Reads window offsets, sizes, the largest scrollable containers' offsets, and (given the selector of a
 * container scroll) that element's offsets. An expression for `eval`. `after` (the read after a page scroll): when the
 * scroll moved the page to its bottom, up to `BOTTOM_GROWTH_WAIT_MS` for it to grow taller (`grewBy`: an infinite list
 * loaded more); the read before keeps the page's offset for it (the one thing either read writes).
 */
export const scrollProbeScript = (selector?: string, after = false): string => `(async () => {
const Y = Symbol.for("pi-agent-browser.scrollY"), startY = window[Y];
window[Y] = ${after ? "undefined" : "scrollY"};
let target;
try {
  const t = ${selector !== undefined ? `document.querySelector(${JSON.stringify(selector)})` : "null"};
  if (t) target = { scrollLeft: Math.round(t.scrollLeft), scrollTop: Math.round(t.scrollTop) };
} catch (e) {}
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
// a page scroll that reached the bottom: an infinite list may load more; wait a little for the page to grow
let grewBy;
if (${after} && !target && startY !== scrollY && scrollY + innerHeight >= se.scrollHeight - 2) {
  const h0 = se.scrollHeight, end = Date.now() + ${BOTTOM_GROWTH_WAIT_MS};
  while (Date.now() < end && se.scrollHeight <= h0) await new Promise((r) => setTimeout(r, 50));
  if (se.scrollHeight > h0) grewBy = se.scrollHeight - h0;
}
return { target, scrollX: Math.round(scrollX), scrollY: Math.round(scrollY), innerWidth, innerHeight,
  scrollWidth: se.scrollWidth, scrollHeight: se.scrollHeight, containerCount: found.length, grewBy,
  containers: found.slice(0, ${CONTAINER_LIMIT}).map((el, index) => ({
    index, tagName: el.tagName.toLowerCase(), role: el.getAttribute("role") || undefined,
    scrollLeft: Math.round(el.scrollLeft), scrollTop: Math.round(el.scrollTop)
  })) };
})()`

/** The container a `scroll … --selector <css>` (or `-s`) names. */
export const scrollSelectorOf = (positionals: ReadonlyArray<string>): string | undefined => {
  const at = positionals.findIndex((t) => t === "--selector" || t === "-s")
  return at >= 0
    ? positionals[at + 1]
    : positionals.find((t) => t.startsWith("--selector="))?.slice("--selector=".length)
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

const containerOf = (v: unknown): ScrollContainerSample | undefined => {
  if (v === null || typeof v !== "object") return undefined
  const r = v as Record<string, unknown>
  const index = num(r["index"]),
    left = num(r["scrollLeft"]),
    top = num(r["scrollTop"])
  if (index === undefined || left === undefined || top === undefined || typeof r["tagName"] !== "string")
    return undefined
  return {
    index,
    tagName: r["tagName"],
    ...(typeof r["role"] === "string" && r["role"] !== "" ? { role: r["role"] } : {}),
    scrollLeft: left,
    scrollTop: top
  }
}

/** The probe's eval result as a position, or undefined when it is not one. */
export const readScrollPosition = (result: unknown): ScrollPosition | undefined => {
  if (result === null || typeof result !== "object") return undefined
  const r = result as Record<string, unknown>
  const fields = [
    "scrollX",
    "scrollY",
    "innerWidth",
    "innerHeight",
    "scrollWidth",
    "scrollHeight",
    "containerCount"
  ] as const
  const values = fields.map((k) => num(r[k]))
  if (values.some((v) => v === undefined) || !Array.isArray(r["containers"])) return undefined
  const containers = r["containers"].map(containerOf)
  if (containers.some((c) => c === undefined)) return undefined
  const [scrollX, scrollY, innerWidth, innerHeight, scrollWidth, scrollHeight, containerCount] =
    values as ReadonlyArray<number>
  const t =
    r["target"] !== null && typeof r["target"] === "object" ? (r["target"] as Record<string, unknown>) : undefined
  const target =
    t !== undefined && num(t["scrollLeft"]) !== undefined && num(t["scrollTop"]) !== undefined
      ? { scrollLeft: num(t["scrollLeft"])!, scrollTop: num(t["scrollTop"])! }
      : undefined
  const grewBy = num(r["grewBy"])
  return {
    ...(grewBy !== undefined && grewBy > 0 ? { grewBy } : {}),
    scrollX: scrollX!,
    scrollY: scrollY!,
    innerWidth: innerWidth!,
    innerHeight: innerHeight!,
    scrollWidth: scrollWidth!,
    scrollHeight: scrollHeight!,
    containerCount: containerCount!,
    containers: containers as ReadonlyArray<ScrollContainerSample>,
    ...(target !== undefined ? { target } : {})
  }
}

/**
 * Where a scroll left what it scrolled: the container its `--selector` names (`scrollContainer`, when found before and
 * after), else the page (`scrollPage`).
 */
export const scrollMovementOf = (
  selector: string | undefined,
  before: ScrollPosition,
  after: ScrollPosition
): { readonly scrollPage?: ScrollPage; readonly scrollContainer?: ScrollContainer } => {
  if (selector !== undefined) {
    const [b, a] = [before.target, after.target]
    return b === undefined || a === undefined
      ? {}
      : {
          scrollContainer: {
            selector,
            before: b,
            after: a,
            moved: b.scrollLeft !== a.scrollLeft || b.scrollTop !== a.scrollTop
          }
        }
  }
  const [b, a] = [
    { scrollX: before.scrollX, scrollY: before.scrollY },
    { scrollX: after.scrollX, scrollY: after.scrollY }
  ]
  const moved = b.scrollX !== a.scrollX || b.scrollY !== a.scrollY
  const grew = after.grewBy !== undefined && moved ? { grewBy: after.grewBy } : {}
  return { scrollPage: { before: b, after: a, moved, ...grew } }
}

/** The same containers in the same order (else the page changed shape and the comparison says nothing). */
const sameContainers = (a: ScrollPosition, b: ScrollPosition): boolean =>
  a.containers.length === b.containers.length &&
  a.containers.every((c, i) => c.tagName === b.containers[i]?.tagName && c.role === b.containers[i]?.role)

/** Nothing moved: the window, and the scrolled container when one was named, else every sampled container. */
const unmoved = (a: ScrollPosition, b: ScrollPosition): boolean =>
  a.scrollX === b.scrollX &&
  a.scrollY === b.scrollY &&
  (a.target !== undefined && b.target !== undefined
    ? a.target.scrollLeft === b.target.scrollLeft && a.target.scrollTop === b.target.scrollTop
    : sameContainers(a, b) &&
      a.containers.every(
        (c, i) => c.scrollLeft === b.containers[i]?.scrollLeft && c.scrollTop === b.containers[i]?.scrollTop
      ))

type ScrollEdge = NonNullable<ScrollNoop["edge"]>

/**
 * The edge of the page a page scroll toward `direction` (up, down, left, right) could not pass: the page stands at it,
 * or does not scroll that way at all (`fits`). Undefined for a container scroll or a page that could still move.
 */
export const scrollEdgeOf = (direction: string | undefined, after: ScrollPosition): ScrollEdge | undefined => {
  if (after.target !== undefined) return undefined
  const down = direction === "down"
  const vertical = down || direction === "up"
  if (!vertical && direction !== "left" && direction !== "right") return undefined
  const [offset, view, size] = vertical
    ? [after.scrollY, after.innerHeight, after.scrollHeight]
    : [after.scrollX, after.innerWidth, after.scrollWidth]
  if (size <= view + 1) return "fits"
  if (down || direction === "right") return offset + view >= size - 1 ? (down ? "bottom" : "right") : undefined
  return offset <= 0 ? (vertical ? "top" : "left") : undefined
}

/** Upstream's data of a scroll that moved nothing, marked so (its `scrolled: true` is upstream's, not the page's). */
export const noMovementData = (data: unknown) => ({
  ...(data !== null && typeof data === "object" ? data : {}),
  scrolled: false,
  noMovement: true
})

/** The direction a `scroll` goes: its first up/down/left/right word, `to top` up and `to end` down (else down). */
export const scrollDirectionOf = (positionals: ReadonlyArray<string>): string => {
  const word = positionals.slice(1).find((t) => /^(up|down|left|right|top|end|bottom)$/.test(t))
  return word === "top" ? "up" : word === undefined || word === "end" || word === "bottom" ? "down" : word
}

/**
 * `scrollNoop` when neither the window nor any sampled container moved; undefined when something moved or changed.
 * `direction`: the scroll's (its edge, when the page stood at it, is said).
 */
export const scrollNoopOf = (
  before: ScrollPosition,
  after: ScrollPosition,
  direction?: string
): ScrollNoop | undefined => {
  if (!unmoved(before, after)) return undefined
  const edge = scrollEdgeOf(direction, after)
  return {
    reason: "no-observed-scroll-position-change",
    message:
      after.target !== undefined
        ? "Neither the page nor the container the selector names moved."
        : after.containerCount > 0
          ? `The page did not move and neither did any of ${after.containerCount} scrollable container(s).`
          : "The page did not move and has no scrollable container.",
    ...(edge !== undefined ? { edge } : {}),
    before,
    after,
    recommendations: [
      "Scroll the region that scrolls: scroll <dir> <px> --selector <css>",
      "Bring the target into view: scrollintoview <@ref>",
      "Check with snapshot -i or a screenshot"
    ]
  }
}
