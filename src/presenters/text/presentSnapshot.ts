/**
 * What the model reads after `snapshot`: small trees verbatim; oversized ones as a compact main-content-first view
 * (or, for `-i`, controls and content links first) with the raw tree spilled to a file. Persisted details keep only
 * counts and origin: the tree is in the content, the full raw text in the spill file. Pure.
 */
import { compactInteractive } from "../../snapshot/compactInteractive.js"
import { annotateTree } from "../../snapshot/controlContext.js"
import { depthNote, depthView } from "../../snapshot/depthView.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import { compactSnapshot, VERBATIM_SNAPSHOT_BYTES } from "../../snapshot/compactSnapshot.js"
import { sameRoleRuns } from "../../snapshot/sameRoleRuns.js"
import { shownTree, snapshotDelta, viewTree, withDepth } from "../../snapshot/snapshotDelta.js"
import type { ShownTree } from "../../domain/ShownTree.js"
import {
  kib,
  parsePlace,
  type Place,
  placeText,
  READ_RESULT_BYTES,
  readFrom,
  readHead,
  readingDocOfTree
} from "../../snapshot/readingText.js"
import { page, type Parts, plain } from "./contentBoundary.js"
import { diffView, filteredView, type SnapshotView, viewportView } from "./snapshotFlagViews.js"
import type { SnapshotExtras, SnapshotPresentation } from "./snapshotPresentation.js"

/** Applies --search/--filter, --diff and --viewport around the base presentation. */
export const presentSnapshotWith = (
  args: ReadonlyArray<string>,
  data: Record<string, unknown>,
  extras: SnapshotExtras
): SnapshotPresentation => {
  const options = extras.options
  const place = options?.read !== undefined ? parsePlace(options.read) : undefined
  if (place !== undefined && typeof data["snapshot"] === "string") return presentReading(data, data["snapshot"], place)
  // a delta only for the plain tree: a filter, a ref diff, a read or --full each ask for something else
  const plainTree =
    options === undefined ||
    (options.search === undefined && options.role === undefined && !options.diff && options.full !== true)
  const before = plainTree ? extras.shownBefore : undefined
  const base = presentSnapshot(args, data, extras.knownUrl, extras.naming, before, options?.depth)
  const raw = typeof data["snapshot"] === "string" ? data["snapshot"] : undefined
  const whole = raw !== undefined ? viewTree(args, raw, extras.naming) : undefined
  const tree = whole !== undefined && options?.depth !== undefined ? depthView(whole, options.depth).tree : whole
  let view: SnapshotView = { result: base, parts: base.parts }
  if (options !== undefined && tree !== undefined && (options.search !== undefined || options.role !== undefined))
    view = filteredView(args, options, view, tree, raw)
  if (options?.diff === true) view = diffView(view, data, extras.previousRefs)
  if (options?.viewport === true && extras.viewport !== undefined) view = viewportView(view, extras.viewport)
  return { ...view.result, text: plain(view.parts), parts: view.parts }
}

/** `snapshot --read <place>`: the main content as text from a section on, and where to read on (readingText.ts). */
const presentReading = (data: Record<string, unknown>, raw: string, place: Place): SnapshotPresentation => {
  const origin = typeof data["origin"] === "string" ? data["origin"] : ""
  const refCount =
    data["refs"] !== null && typeof data["refs"] === "object" ? Object.keys(data["refs"] as object).length : 0
  const head = readHead(origin)
  const read = readFrom(readingDocOfTree(raw), place, READ_RESULT_BYTES - Buffer.byteLength(head, "utf8"))
  return {
    text: `${head}${read.text}`,
    parts: [head, page(read.text)],
    summary: `Read ${kib(read.shownBytes)} of the main content of ${origin} from §${placeText(place)}`,
    data: { origin, refCount, snapshotBytes: Buffer.byteLength(raw, "utf8") },
    ...(read.next !== undefined ? { readOn: placeText(read.next) } : {}),
    inlineBytes: READ_RESULT_BYTES
  }
}

/** A compact view: its first line is the tool's header, the rest is the page's (with the view's own section names). */
const compactParts = (text: string): Parts => {
  const head = /^[^\n]*\n+/.exec(text)?.[0]
  return head === undefined ? [text] : [head, page(text.slice(head.length))]
}

/**
 * After `-C`: that it found nothing to give refs to, or how many it left out (the cap) and how to reach them; after a
 * plain `-i`, only how many draggable elements and drop targets the cap left out.
 */
const targetsNote = (naming: SnapshotNaming | undefined): string => {
  const targets = naming?.targets
  if (targets === undefined) return ""
  if (targets.names.length === 0 && targets.dragOnly !== true)
    return "\n(-C: no list items or labels without refs here.)"
  const what = targets.dragOnly === true ? "draggable elements and drop targets" : "list items and labels"
  return targets.more > 0
    ? `\n(${targets.dragOnly === true ? "G" : "-C g"}ave refs to the first ${targets.names.length} ${what}; ` +
        `${targets.more} more: narrow with -s <css>.)`
    : ""
}

const isInteractive = (args: ReadonlyArray<string>): boolean => args.includes("-i") || args.includes("--interactive")

export const presentSnapshot = (
  args: ReadonlyArray<string>,
  data: Record<string, unknown>,
  knownUrl?: string,
  naming?: SnapshotNaming,
  shownBefore?: ShownTree,
  depth?: number
): SnapshotPresentation => {
  const origin = typeof data["origin"] === "string" ? data["origin"] : ""
  const refCount =
    data["refs"] !== null && typeof data["refs"] === "object" ? Object.keys(data["refs"] as object).length : 0
  const isText = typeof data["snapshot"] === "string"
  const raw = isText ? (data["snapshot"] as string) : JSON.stringify(data["snapshot"] ?? "", null, 2)
  const bytes = Buffer.byteLength(raw, "utf8")
  // the tree in upstream's line format without the lines that say nothing (condenseTree.ts); a --delta object as is
  const whole = isText ? viewTree(args, raw, naming) : raw
  const cut = isText && depth !== undefined ? depthView(whole, depth) : undefined
  const tree = cut?.tree ?? whole
  const note = `${targetsNote(naming)}${cut !== undefined && depth !== undefined ? depthNote(cut, depth) : ""}`
  const base = { origin, refCount, snapshotBytes: bytes }
  const summary = `Snapshot: ${refCount} refs on ${origin}`
  const shown = isText ? shownTree(withDepth(args, depth), origin, tree) : undefined
  const delta = shown !== undefined ? snapshotDelta(shownBefore, shown) : undefined
  if (delta !== undefined) {
    // the counts and the "as before" lines are the tool's words; the lines shown are the page's
    const [head = "", ...lines] = delta.text.split("\n")
    const shownLines = sameRoleRuns(lines.join("\n"))
    return {
      text: `${head}${lines.length > 0 ? `\n${shownLines}` : ""}${note}`,
      parts: [head, ...(lines.length > 0 ? ["\n", page(shownLines)] : []), note],
      summary: `${summary} (${delta.added + delta.changed} new or changed, ${delta.unchanged} as before)`,
      data: base
    }
  }
  if (Buffer.byteLength(tree, "utf8") <= VERBATIM_SNAPSHOT_BYTES || !isText) {
    const header =
      origin !== "" && origin === knownUrl ? "" : `Snapshot of ${origin || "the page"} (${refCount} refs):\n`
    const shownLines = sameRoleRuns(tree)
    return { text: `${header}${shownLines}${note}`, parts: [header, page(shownLines), note], summary, data: base }
  }
  if (isInteractive(args)) {
    // the tool's own click handlers' lines as the page's words (draggable, drop target), as in the verbatim view
    const targets = naming?.targets
    const marked = targets !== undefined ? annotateTree(raw, {}, targets.names, targets.kinds) : raw
    const view = compactInteractive(marked, origin, naming?.contexts)
    return {
      text: `${view.text}${note}`,
      parts: [...compactParts(view.text), note],
      summary: `${summary} (compact: ${view.shownRefs} shown)`,
      data: { ...base, compacted: true },
      compaction: {
        mode: "interactive",
        shownRefCount: view.shownRefs,
        refCount,
        omitted: view.omitted,
        rawBytes: bytes,
        ...view.meta
      },
      spill: raw
    }
  }
  const view = compactSnapshot(raw, origin)
  return {
    text: view.text,
    parts: compactParts(view.text),
    summary: `${summary} (compact, ${view.compaction.mode})`,
    data: { ...base, compacted: true },
    compaction: view.compaction,
    spill: raw,
    ...(view.compaction.readOn !== undefined ? { readOn: view.compaction.readOn } : {})
  }
}
