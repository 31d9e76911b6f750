/** The shape of what `snapshot` shows the model (presentSnapshot.ts) and what the call passes in besides the reply. */
import type { ViewportFacts } from "../../domain/PageFacts.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { ShownTree } from "../../domain/ShownTree.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import type { SnapshotOptions } from "../../domain/SnapshotOptions.js"
import type { SnapshotCompaction } from "../../snapshot/compactSnapshot.js"
import type { PreviewMeta } from "../../snapshot/previewMeta.js"
import type { Parts } from "./contentBoundary.js"

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
