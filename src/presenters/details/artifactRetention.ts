/**
 * The contract's `artifactRetentionSummary`: one line counting the session manifest's live, evicted, ephemeral and
 * missing files. Details carry it whenever a call touched the manifest (and `artifactCleanup.summary` after close);
 * the text shows it only when files were evicted, since that changes what can still be read. Pure.
 */
import type { ManifestEntry } from "../../schema/Artifacts.js"

export interface RetentionCounts {
  readonly live: number
  readonly ephemeral: number
  readonly missing: number
  readonly evicted: number
}

export const retentionCounts = (entries: ReadonlyArray<Pick<ManifestEntry, "retentionState">>): RetentionCounts => {
  const counts = { live: 0, ephemeral: 0, missing: 0, evicted: 0 }
  for (const e of entries) counts[e.retentionState]++
  return counts
}

export const retentionSummary = (c: RetentionCounts): string =>
  `${c.live} live, ${c.evicted} evicted, ${c.ephemeral} ephemeral, ${c.missing} missing artifact(s) in the ` +
  "session manifest"
