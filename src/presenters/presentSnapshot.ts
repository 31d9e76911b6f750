/**
 * What the model reads after `snapshot`: small trees verbatim; oversized ones as a compact main-content-first view
 * (or, for `-i`, controls and content links first) with the raw tree spilled to a file. Persisted details keep only
 * counts and origin: the tree is in the content, the full raw text in the spill file. Pure.
 */
import { compactInteractive } from "../snapshot/compactInteractive.js"
import { compactSnapshot, type SnapshotCompaction, VERBATIM_SNAPSHOT_BYTES } from "../snapshot/compactSnapshot.js"

export interface SnapshotPresentation {
  readonly text: string
  readonly summary: string
  readonly data: { readonly origin: string; readonly refCount: number; readonly snapshotBytes: number }
  readonly compaction?: SnapshotCompaction | { readonly mode: "interactive"; readonly shownRefCount: number; readonly refCount: number; readonly omitted: Readonly<Record<string, number>>; readonly rawBytes: number }
  /** The raw tree, to be written to a spill file whose path is appended to the text. */
  readonly spill?: string
}

export const presentSnapshot = (args: ReadonlyArray<string>, data: Record<string, unknown>): SnapshotPresentation => {
  const origin = typeof data["origin"] === "string" ? data["origin"] : ""
  const refCount = data["refs"] !== null && typeof data["refs"] === "object" ? Object.keys(data["refs"] as object).length : 0
  const tree = typeof data["snapshot"] === "string" ? data["snapshot"] : JSON.stringify(data["snapshot"] ?? "", null, 2)
  const bytes = Buffer.byteLength(tree, "utf8")
  const base = { origin, refCount, snapshotBytes: bytes }
  const summary = `Snapshot: ${refCount} refs on ${origin}`
  if (bytes <= VERBATIM_SNAPSHOT_BYTES || typeof data["snapshot"] !== "string") {
    return { text: `Snapshot of ${origin || "the page"} (${refCount} refs):\n${tree}`, summary, data: base }
  }
  if (args.includes("-i") || args.includes("--interactive")) {
    const view = compactInteractive(tree, origin)
    return {
      text: view.text,
      summary: `${summary} (compact: ${view.shownRefs} shown)`,
      data: base,
      compaction: { mode: "interactive", shownRefCount: view.shownRefs, refCount, omitted: view.omitted, rawBytes: bytes },
      spill: tree
    }
  }
  const view = compactSnapshot(tree, origin)
  return { text: view.text, summary: `${summary} (compact, ${view.compaction.mode})`, data: base, compaction: view.compaction, spill: tree }
}
