/**
 * The contract's metadata of a compacted snapshot (`snapshotCompaction` beside `data.compacted: true`): how the
 * preview was built, which refs and sections it shows, and counts of the raw tree. Pure.
 */
import type { SnapshotNode } from "./parseSnapshot.js"

/** The visible note that goes with `viewportOrdering`: a compact view's order is not the screen's. */
export const VIEWPORT_NOTE = "Not ordered by what is on screen."

/** Ref ids listed per preview; `shownRefCount` counts them all. */
export const PREVIEW_REF_IDS = 40

export interface PreviewSection {
  readonly title: string
  readonly role?: string
  readonly linesShown: number
  /** Lines of the section the view left out, where counted (absent: cut at the budget, the rest not counted). */
  readonly omittedLines?: number
}

export interface PreviewMeta {
  /** Compact snapshots are ordered by page structure and content signals, not by what is on screen. */
  readonly viewportOrdering: "dom-signal-prioritized"
  readonly previewMode: "structured" | "outline"
  readonly structuredPreviewUsed: boolean
  readonly previewRefIds: ReadonlyArray<string>
  readonly previewSections: ReadonlyArray<PreviewSection>
  readonly additionalSectionsOmitted: number
  readonly snapshotLineCount: number
  readonly roleCounts: Readonly<Record<string, number>>
  /** The refs of the `Omitted high-value controls` section (controls the preview would otherwise hide). */
  readonly highValueControlRefIds?: ReadonlyArray<string>
}

export const roleCounts = (nodes: ReadonlyArray<SnapshotNode>): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const n of nodes) counts[n.role] = (counts[n.role] ?? 0) + 1
  return counts
}

export const previewMeta = (
  raw: string,
  refNodes: ReadonlyArray<SnapshotNode>,
  shownIds: Iterable<string>,
  view: Pick<PreviewMeta, "previewMode" | "previewSections" | "additionalSectionsOmitted" | "highValueControlRefIds">
): PreviewMeta => ({
  viewportOrdering: "dom-signal-prioritized",
  previewMode: view.previewMode,
  structuredPreviewUsed: view.previewMode === "structured",
  previewRefIds: ((shown) =>
    refNodes
      .map((n) => n.ref ?? "")
      .filter((id) => id !== "" && shown.has(id))
      .slice(0, PREVIEW_REF_IDS))(new Set(shownIds)),
  previewSections: view.previewSections,
  additionalSectionsOmitted: view.additionalSectionsOmitted,
  snapshotLineCount: raw === "" ? 0 : raw.split("\n").length,
  roleCounts: roleCounts(refNodes),
  ...(view.highValueControlRefIds !== undefined && view.highValueControlRefIds.length > 0
    ? { highValueControlRefIds: view.highValueControlRefIds }
    : {})
})
