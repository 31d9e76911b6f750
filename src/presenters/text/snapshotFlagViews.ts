/**
 * The wrapper's own snapshot flags around the base presentation: `--search`/`--filter` (the matching lines with
 * their ancestors), `--diff` (the ref map against the session's previous snapshot) and `--viewport` (where the view
 * is). Each takes the view so far and returns it with its part added. Pure.
 */
import type { ViewportFacts } from "../../domain/PageFacts.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { SnapshotOptions } from "../../domain/SnapshotOptions.js"
import { readPayload, SnapshotRefs } from "../../schema/UpstreamPayloads.js"
import { VERBATIM_SNAPSHOT_BYTES } from "../../snapshot/compactSnapshot.js"
import { filterSnapshot, parseSearch, searchLabel } from "../../snapshot/filterSnapshot.js"
import { page, type Parts } from "./contentBoundary.js"
import type { SnapshotDiff, SnapshotPresentation } from "./snapshotPresentation.js"

/** The view so far: its result and the parts of its text. */
export interface SnapshotView {
  readonly result: SnapshotPresentation
  readonly parts: Parts
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
  const summary =
    `By ref id: ${addedRefs.length} added, ${removedRefs.length} removed, ${changedRefs.length} changed, ` +
    `${unchangedRefs.length} unchanged; by role and name: ${added.length} added, ${removed.length} removed.`
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

/** `--search`/`--filter`: the lines of `tree` that match, with their ancestors (and the raw tree spilled if big). */
export const filteredView = (
  args: ReadonlyArray<string>,
  options: SnapshotOptions,
  view: SnapshotView,
  tree: string,
  raw: string | undefined
): SnapshotView => {
  const base = view.result
  const pattern = options.search !== undefined ? parseSearch(options.search) : undefined
  const search = typeof pattern === "string" ? undefined : pattern
  const filtered = filterSnapshot(tree, search, options.role, options.context ?? 0)
  const byRole = options.role !== undefined ? `role ${options.role}` : ""
  const what = [search !== undefined ? searchLabel(search) : "", byRole].filter((x) => x !== "").join(" and ")
  const around = options.context !== undefined && options.context > 0 ? `, ${options.context} line(s) of context` : ""
  const parts = [
    `Snapshot of ${base.data.origin || "the page"} filtered by ${what}: ${filtered.matchedLines} matching line(s), ` +
      `${filtered.matchedRefs} with refs ` +
      `(${filtered.visibleLines} lines shown with their ancestors${around}, of ${filtered.totalLines}):\n`,
    filtered.text !== "" ? page(filtered.text) : "(no match)"
  ]
  const result = {
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
  return { result, parts }
}

/** `--diff`: what changed in the ref map since the session's previous snapshot, or that there is none to compare. */
export const diffView = (
  view: SnapshotView,
  data: Record<string, unknown>,
  previousRefs: RefSnapshot | undefined
): SnapshotView => {
  const refs = readPayload(SnapshotRefs, data, (d) => d.refs) ?? {}
  if (previousRefs === undefined)
    return { ...view, parts: [...view.parts, "\n\nDiff: no earlier snapshot of this session to compare with."] }
  const d = diffOf(previousRefs, refs)
  // the refs' roles and names are the page's; the counts and headings the tool's
  const list = (xs: ReadonlyArray<string>): Parts => [
    page(xs.slice(0, DIFF_LIST_MAX).join("\n")),
    xs.length > DIFF_LIST_MAX ? `\n… ${xs.length - DIFF_LIST_MAX} more` : ""
  ]
  const parts = [
    ...view.parts,
    `\n\nChanges since the previous snapshot: ${d.added.length} added, ${d.removed.length} removed, ` +
      `${d.unchanged} unchanged (by role and name).`,
    ...(d.added.length > 0 ? ["\nAdded:\n", ...list(d.added)] : []),
    ...(d.removed.length > 0 ? ["\nRemoved:\n", ...list(d.removed)] : [])
  ]
  return { result: { ...view.result, snapshotDiff: d }, parts }
}

/** `--viewport`: the viewport's size and scroll in the page, and its first scrollable containers. */
export const viewportView = (view: SnapshotView, v: ViewportFacts): SnapshotView => {
  const panes = (v.containers ?? [])
    .slice(0, 3)
    .map((c) => `${c.tagName}${c.role !== undefined ? `[role=${c.role}]` : ""} at ${c.scrollLeft},${c.scrollTop}`)
  const inner =
    v.containerCount !== undefined && v.containerCount > 0
      ? ` ${v.containerCount} scrollable container(s): ${panes.join(", ")}` +
        `${v.containerCount > panes.length ? ", …" : ""}.`
      : ""
  const parts = [
    ...view.parts,
    `\n\nViewport: ${v.width}×${v.height} at scroll ${v.scrollX},${v.scrollY} of a ${v.pageWidth}×` +
      `${v.pageHeight} page (snapshot order is page order, not what is on screen).${inner}`
  ]
  return { result: { ...view.result, snapshotViewport: v }, parts }
}
