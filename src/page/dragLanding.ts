/**
 * Where a `drag <src> <dst>` put the element it moved, against where it was aimed, read in the drag's own batch
 * (dragWatch.ts installs the watch before it and reads it after). At the trusted press the page is read as it was
 * before the drag: each element's box (the aim is the deepest element under the point the drag released at, as it
 * stood then), and the press target's ancestors with their siblings. After the drag, the moved element is the nearest
 * ancestor-or-self of the press target whose place (parent, index among its shown siblings) changed. Within one list
 * (the aim is one of its items): its index now against the aimed item's index before (a sortable list gives the
 * dragged item the place of the item dropped on). Into another container: whether it is now inside the aimed element
 * or beside it. An element that did not move, a page that scrolled meanwhile, or one that replaced the element is not
 * judged. Upstream's mouse drag on a SortableJS list sometimes leaves the item one place short under CPU load (seen in
 * bench:cases drag.sortable-by-refs and with the raw binary); the text says so instead of "to <dst>". Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

/** The events the landing watch listens to (trusted only): the press, and every point the pointer or drag passed. */
export const LANDING_EVENTS: ReadonlyArray<string> = [
  "pointerdown",
  "mousedown",
  "pointermove",
  "mousemove",
  "pointerup",
  "mouseup",
  "dragover",
  "drop"
]

/** Elements whose boxes are kept at the press (a page's first ones in document order). */
const MAX_BOXES = 5000

/** The page-script helpers both fragments use: an element's shown children, its text, and its container's words. */
const HELPERS = `const items = (p) => [...p.children].filter((c) => c.getClientRects().length > 0);
const textOf = (el) => el ? (el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 60) : undefined;`

/**
 * A page-script fragment for the watch (before the drag): `land(w, e)` keeps, on `w`, the first press with the page's
 * layout then (`w.before`), and the last point a pointer or drag event was at (`w.point`).
 */
export const LANDING_WATCH = `${HELPERS}
const land = (w, e) => {
  if (e.type === "pointerdown" || e.type === "mousedown") {
    if (w.before) return;
    const chain = [];
    for (let el = e.target; el instanceof Element && el.parentElement && el !== document.body; el = el.parentElement)
      chain.push([el, el.parentElement, items(el.parentElement)]);
    const boxes = [], all = document.body ? document.body.getElementsByTagName("*") : [];
    for (let i = 0; i < all.length && i < ${MAX_BOXES}; i++) {
      const r = all[i].getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push([all[i], r]);
    }
    w.before = { chain, boxes, scroll: [scrollX, scrollY] };
    return;
  }
  if (w.before && (e.clientX !== 0 || e.clientY !== 0)) w.point = [e.clientX, e.clientY];
};`

/** A page-script fragment for the read (after the drag): `landed(w)`, the landing's facts, or undefined. */
export const LANDING_READ = `${HELPERS}
const landed = (w) => {
  const b = w && w.before, p = w && w.point;
  if (!b || !p || scrollX !== b.scroll[0] || scrollY !== b.scroll[1]) return undefined;
  const moved = b.chain.find(([el, parent, kids]) => el.isConnected &&
    (el.parentElement !== parent || items(parent).indexOf(el) !== kids.indexOf(el)));
  if (!moved || !moved[0].parentElement) return undefined;
  const [d, list, kids] = moved, now = d.parentElement;
  let aim = null;
  for (const [el, r] of b.boxes)
    if (!d.contains(el) && p[0] >= r.left && p[0] <= r.right && p[1] >= r.top && p[1] <= r.bottom) aim = el;
  if (!aim || aim.contains(list)) return undefined;
  const tag = now.tagName.toLowerCase(), id = now.id ? "#" + now.id : now.classList[0] ? "." + now.classList[0] : "";
  const label = now.getAttribute("aria-label") || textOf(now.querySelector("h1,h2,h3,h4,h5,h6,[role=heading],legend"));
  const where = { element: tag + id, ...(label ? { label } : {}) };
  if (!list.contains(aim))
    return { reached: aim.contains(d) || now === aim.parentElement || (now !== document.body && now.contains(aim)),
      where };
  let a = aim;
  while (a.parentElement !== list) a = a.parentElement;
  const shown = items(now), at = now === list ? shown.indexOf(d) : -1;
  if (kids.indexOf(a) < 0) return undefined;
  return { aim: kids.indexOf(a), at, count: items(list).length, target: textOf(a), where,
    prev: textOf(shown[shown.indexOf(d) - 1]), next: textOf(shown[shown.indexOf(d) + 1]) };
};`

/** What the read saw: within the aimed list (`aim`, `at`: indexes; -1 when it left it), or `reached` for another. */
export const DragLanding = Schema.Struct({
  aim: Schema.optional(Schema.Number),
  at: Schema.optional(Schema.Number),
  count: Schema.optional(Schema.Number),
  target: Schema.optional(Schema.String),
  prev: Schema.optional(Schema.String),
  next: Schema.optional(Schema.String),
  reached: Schema.optional(Schema.Boolean),
  where: Schema.optional(Schema.Struct({ element: Schema.String, label: Schema.optional(Schema.String) }))
})
export type DragLanding = typeof DragLanding.Type

/** Where the element landed when that is not where it was aimed (places in the list are 1-based, as said). */
export const DragMiss = Schema.Union(
  Schema.Struct({
    kind: Schema.Literal("list"),
    at: Schema.Number,
    aim: Schema.Number,
    count: Schema.Number,
    /** The neighbour on the aimed side: it sits before `next`, or after `prev`. */
    side: Schema.Literal("before", "after"),
    neighbour: Schema.optional(Schema.String),
    target: Schema.optional(Schema.String)
  }),
  Schema.Struct({ kind: Schema.Literal("elsewhere"), element: Schema.String, label: Schema.optional(Schema.String) })
)
export type DragMiss = typeof DragMiss.Type

const elsewhere = (where: NonNullable<DragLanding["where"]>): DragMiss => ({
  kind: "elsewhere",
  element: where.element,
  ...(where.label !== undefined ? { label: where.label } : {})
})

/** The miss the read's facts show; undefined when the element landed where aimed (or nothing was judged). */
export const dragMissOf = (landing: DragLanding): DragMiss | undefined => {
  const where = landing.where
  if (landing.aim === undefined) {
    if (landing.reached !== false || where === undefined) return undefined
    return elsewhere(where)
  }
  const { aim, at, count } = landing
  if (at === undefined || count === undefined || at === aim) return undefined
  if (at < 0) return where === undefined ? undefined : elsewhere(where)
  const side = at < aim ? "before" : "after"
  const neighbour = side === "before" ? landing.next : landing.prev
  return {
    kind: "list",
    at: at + 1,
    aim: aim + 1,
    count,
    side,
    ...(neighbour !== undefined ? { neighbour } : {}),
    ...(landing.target !== undefined ? { target: landing.target } : {})
  }
}

/** The landing's facts from the drag read's answer (`landing`), or undefined. */
export const dragLandingOf = (read: unknown): DragLanding | undefined => {
  const landing = read !== null && typeof read === "object" ? (read as Record<string, unknown>)["landing"] : undefined
  return Option.getOrUndefined(Schema.decodeUnknownOption(DragLanding)(landing))
}

/** A drag's reply data with its miss (`missed`), when it landed elsewhere than aimed; as it was otherwise. */
export const withDragMiss = (data: unknown, read: unknown): unknown => {
  const landing = dragLandingOf(read)
  const missed = landing !== undefined ? dragMissOf(landing) : undefined
  if (missed === undefined) return data
  return { ...(data !== null && typeof data === "object" ? data : {}), missed }
}
