/**
 * What the model reads after `snapshot`: small trees verbatim; oversized ones as a compact main-content-first view
 * (or, for `-i`, controls and content links first) with the raw tree spilled to a file. Persisted details keep only
 * counts and origin: the tree is in the content, the full raw text in the spill file. Pure.
 */
import type { ViewportFacts } from "../../domain/PageFacts.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { readPayload, SnapshotRefs } from "../../schema/UpstreamPayloads.js"
import { compactInteractive } from "../../snapshot/compactInteractive.js"
import { filterSnapshot, parseSearch, searchLabel } from "../../snapshot/filterSnapshot.js"
import { depthNote, depthView } from "../../snapshot/depthView.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import type { SnapshotOptions } from "../../domain/SnapshotOptions.js"
import { compactSnapshot, type SnapshotCompaction, VERBATIM_SNAPSHOT_BYTES } from "../../snapshot/compactSnapshot.js"
import type { PreviewMeta } from "../../snapshot/previewMeta.js"
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

export interface SnapshotPresentation {
  readonly text: string
  /** The text as the tool's words and page content (contentBoundary.ts). */
  readonly parts: Parts
  readonly summary: string
  /** `compacted: true` when the view is a compaction (its metadata in `compaction`). */
  readonly data: {
    readonly origin: string
    readonly refCount: number
    readonly snapshotBytes: number
    readonly compacted?: true
  }
  readonly compaction?:
    | SnapshotCompaction
    | (PreviewMeta & {
        readonly mode: "interactive"
        readonly shownRefCount: number
        readonly refCount: number
        readonly omitted: Readonly<Record<string, number>>
        readonly rawBytes: number
      })
  /** The raw tree, to be written to a spill file whose path is appended to the text. */
  readonly spill?: string
  readonly snapshotFilter?: {
    readonly cleanArgs: ReadonlyArray<string>
    readonly search?: string
    readonly role?: string
    readonly matchedRefs: number
    readonly matchedLines: number
    readonly totalRefs: number
    readonly visibleLines: number
    readonly totalLines: number
  }
  readonly snapshotDiff?: SnapshotDiff
  readonly snapshotViewport?: ViewportFacts
  /** Where a long page's main content goes on after this view or read (`snapshot --read <place>`), if it does. */
  readonly readOn?: string
  /** `--read`: the text is a long page's main content read on as text, allowed up to this many bytes inline. */
  readonly inlineBytes?: number
}

export interface SnapshotExtras {
  readonly options?: SnapshotOptions | undefined
  readonly previousRefs?: RefSnapshot | undefined
  readonly viewport?: ViewportFacts | undefined
  /** The page the session was known to be on: a small tree of that page needs no "Snapshot of" header. */
  readonly knownUrl?: string | undefined
  /** `snapshot -i`: unnamed controls' contexts and `-C`'s ref targets (controlContext.ts, refTargets.ts). */
  readonly naming?: SnapshotNaming | undefined
  /** What the session's last verbatim snapshot showed: a repeat of the same page is shown as its delta. */
  readonly shownBefore?: ShownTree | undefined
}

/**
 * The contract's ref-map delta by ref id (`addedRefs`, `removedRefs`, `changedRefs`: same id, another role or name;
 * `unchangedRefs`, `summary`), plus ours by role and name (`added`/`removed` labels, `unchanged`, `previousUrl`):
 * upstream renumbers refs, so the same button can keep its role and name under a new id.
 */
export interface SnapshotDiff {
  readonly addedRefs: ReadonlyArray<string>
  readonly removedRefs: ReadonlyArray<string>
  readonly changedRefs: ReadonlyArray<string>
  readonly unchangedRefs: ReadonlyArray<string>
  readonly summary: string
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
  readonly unchanged: number
  readonly previousUrl: string
}

/** Refs listed per diff side in the text; the counts are always complete. */
const DIFF_LIST_MAX = 15

const diffOf = (previous: RefSnapshot, refs: Record<string, { role?: unknown; name?: unknown }>): SnapshotDiff => {
  const label = (id: string, r: { role?: unknown; name?: unknown } | undefined) =>
    `@${id} ${String(r?.role ?? "")} ${JSON.stringify(String(r?.name ?? ""))}`
  const key = (r: { role?: unknown; name?: unknown } | undefined) => `${String(r?.role ?? "")}|${String(r?.name ?? "")}`
  const before = new Map([...previous.refs.entries()].map(([id, r]) => [key(r), id]))
  const now = new Map(Object.entries(refs).map(([id, r]) => [key(r), id]))
  const added = Object.entries(refs)
    .filter(([, r]) => !before.has(key(r)))
    .map(([id, r]) => label(id, r))
  const removed = [...previous.refs.entries()].filter(([, r]) => !now.has(key(r))).map(([id, r]) => label(id, r))
  const ids = Object.keys(refs)
  const addedRefs = ids.filter((id) => !previous.refs.has(id))
  const removedRefs = [...previous.refs.keys()].filter((id) => refs[id] === undefined)
  const kept = ids.filter((id) => previous.refs.has(id))
  const changedRefs = kept.filter((id) => key(previous.refs.get(id)) !== key(refs[id]))
  const unchangedRefs = kept.filter((id) => key(previous.refs.get(id)) === key(refs[id]))
  const summary = `By ref id: ${addedRefs.length} added, ${removedRefs.length} removed, ${changedRefs.length} changed, ${unchangedRefs.length} unchanged; by role and name: ${added.length} added, ${removed.length} removed.`
  return {
    addedRefs,
    removedRefs,
    changedRefs,
    unchangedRefs,
    summary,
    added,
    removed,
    unchanged: now.size - added.length,
    previousUrl: previous.url
  }
}

const WITH_VALUE = ["--search", "--filter", "--context"]
const WRAPPER_ONLY = [...WITH_VALUE, "--viewport", "--diff"]

/** The snapshot argv upstream ran: the wrapper's own flags (and their values) removed. */
const withoutWrapperFlags = (args: ReadonlyArray<string>): ReadonlyArray<string> =>
  args.filter((t, i) => !WRAPPER_ONLY.includes(t) && !WITH_VALUE.includes(args[i - 1] ?? ""))

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
  let parts: Parts = base.parts
  let result: SnapshotPresentation = base
  const raw = typeof data["snapshot"] === "string" ? data["snapshot"] : undefined
  const whole = raw !== undefined ? viewTree(args, raw, extras.naming) : undefined
  const tree = whole !== undefined && options?.depth !== undefined ? depthView(whole, options.depth).tree : whole
  if (options !== undefined && tree !== undefined && (options.search !== undefined || options.role !== undefined)) {
    const pattern = options.search !== undefined ? parseSearch(options.search) : undefined
    const search = typeof pattern === "string" ? undefined : pattern
    const filtered = filterSnapshot(tree, search, options.role, options.context ?? 0)
    const byRole = options.role !== undefined ? `role ${options.role}` : ""
    const what = [search !== undefined ? searchLabel(search) : "", byRole].filter((x) => x !== "").join(" and ")
    const around = options.context !== undefined && options.context > 0 ? `, ${options.context} line(s) of context` : ""
    parts = [
      `Snapshot of ${base.data.origin || "the page"} filtered by ${what}: ${filtered.matchedLines} matching line(s), ` +
        `${filtered.matchedRefs} with refs ` +
        `(${filtered.visibleLines} lines shown with their ancestors${around}, of ${filtered.totalLines}):\n`,
      filtered.text !== "" ? page(filtered.text) : "(no match)"
    ]
    result = {
      ...base,
      snapshotFilter: {
        cleanArgs: withoutWrapperFlags(args),
        ...(options.search !== undefined ? { search: options.search } : {}),
        ...(options.role !== undefined ? { role: options.role } : {}),
        matchedRefs: filtered.matchedRefs,
        matchedLines: filtered.matchedLines,
        totalRefs: base.data.refCount,
        visibleLines: filtered.visibleLines,
        totalLines: filtered.totalLines
      },
      ...(base.spill === undefined && raw !== undefined && Buffer.byteLength(raw, "utf8") > VERBATIM_SNAPSHOT_BYTES
        ? { spill: raw }
        : {})
    }
  }
  if (options?.diff === true) {
    const refs = readPayload(SnapshotRefs, data, (d) => d.refs) ?? {}
    if (extras.previousRefs === undefined)
      parts = [...parts, "\n\nDiff: no earlier snapshot of this session to compare with."]
    else {
      const d = diffOf(extras.previousRefs, refs)
      // the refs' roles and names are the page's; the counts and headings the tool's
      const list = (xs: ReadonlyArray<string>): Parts => [
        page(xs.slice(0, DIFF_LIST_MAX).join("\n")),
        xs.length > DIFF_LIST_MAX ? `\n… ${xs.length - DIFF_LIST_MAX} more` : ""
      ]
      parts = [
        ...parts,
        `\n\nChanges since the previous snapshot: ${d.added.length} added, ${d.removed.length} removed, ${d.unchanged} unchanged (by role and name).`,
        ...(d.added.length > 0 ? ["\nAdded:\n", ...list(d.added)] : []),
        ...(d.removed.length > 0 ? ["\nRemoved:\n", ...list(d.removed)] : [])
      ]
      result = { ...result, snapshotDiff: d }
    }
  }
  if (options?.viewport === true && extras.viewport !== undefined) {
    const v = extras.viewport
    const panes = (v.containers ?? [])
      .slice(0, 3)
      .map((c) => `${c.tagName}${c.role !== undefined ? `[role=${c.role}]` : ""} at ${c.scrollLeft},${c.scrollTop}`)
    const inner =
      v.containerCount !== undefined && v.containerCount > 0
        ? ` ${v.containerCount} scrollable container(s): ${panes.join(", ")}${v.containerCount > panes.length ? ", …" : ""}.`
        : ""
    parts = [
      ...parts,
      `\n\nViewport: ${v.width}×${v.height} at scroll ${v.scrollX},${v.scrollY} of a ${v.pageWidth}×${v.pageHeight} page (snapshot order is page order, not what is on screen).${inner}`
    ]
    result = { ...result, snapshotViewport: v }
  }
  return { ...result, text: plain(parts), parts }
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

/** After `-C`: that it found nothing to give refs to, or how many it left out (the cap) and how to reach them. */
const targetsNote = (naming: SnapshotNaming | undefined): string => {
  const targets = naming?.targets
  if (targets === undefined) return ""
  if (targets.names.length === 0) return "\n(-C: no list items or labels without refs here.)"
  return targets.more > 0
    ? `\n(-C gave refs to the first ${targets.names.length} list items and labels; ${targets.more} more: narrow with -s <css>.)`
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
    return {
      text: `${delta.text}${note}`,
      parts: [head, ...(lines.length > 0 ? ["\n", page(lines.join("\n"))] : []), note],
      summary: `${summary} (${delta.added + delta.changed} new or changed, ${delta.unchanged} as before)`,
      data: base
    }
  }
  if (Buffer.byteLength(tree, "utf8") <= VERBATIM_SNAPSHOT_BYTES || !isText) {
    const header =
      origin !== "" && origin === knownUrl ? "" : `Snapshot of ${origin || "the page"} (${refCount} refs):\n`
    return { text: `${header}${tree}${note}`, parts: [header, page(tree), note], summary, data: base }
  }
  if (isInteractive(args)) {
    const view = compactInteractive(raw, origin, naming?.contexts)
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
