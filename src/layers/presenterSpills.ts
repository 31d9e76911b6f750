/**
 * PresenterLive's file work: a snapshot too big to show spilled, oversized text spilled and cut, the manifest rows a
 * call changed, and what a close leaves on disk. The services the presenter holds come in as `Deps`.
 */
import * as Effect from "effect/Effect"
import { retentionCounts, retentionSummary } from "../presenters/details/artifactRetention.js"
import { byteLength, headBytes, INLINE_TEXT_BYTES, PREVIEW_TEXT_BYTES } from "../presenters/details/details.js"
import { type Boundary, closeCut, wrap } from "../presenters/text/contentBoundary.js"
import type { SpillOwner, SpillResult } from "../schema/Artifacts.js"
import type { ArtifactStore } from "../services/ArtifactStore.js"
import type { Redactor } from "../services/Redactor.js"
import type { SessionRegistry } from "../services/SessionRegistry.js"

export interface Deps {
  readonly redactor: Redactor["Type"]
  readonly artifacts: ArtifactStore["Type"]
  readonly registry: SessionRegistry["Type"]
}

/** A call that spilled and saved nothing changed no manifest row. */
const NO_DELTA = { manifest: undefined, summary: undefined, note: "" } as const

/**
 * A snapshot too big to show whole, spilled in full (scrubbed first, inside its page markers), and the line that
 * points to it.
 */
export const spillSnapshot = (d: Deps, tree: string, boundary: Boundary | undefined, owner: SpillOwner) =>
  Effect.gen(function* () {
    const scrubbed = yield* d.redactor.scrubText(tree)
    const spilled = yield* d.artifacts.spill(
      "snapshot",
      boundary !== undefined ? wrap(scrubbed, boundary) : scrubbed,
      owner,
      "snapshot"
    )
    return { spilled, line: `\n\nFull snapshot (${byteLength(tree)} bytes): ${spilled.path}` }
  })

/**
 * Oversized text is spilled in full (already scrubbed) and replaced by its head (markers closed) plus the path;
 * `lead` (a failed step's line) then comes first, so it is never in the spilled tail only.
 */
export const budgetText = (
  d: Deps,
  text: string,
  label: string,
  owner: SpillOwner,
  boundary: Boundary | undefined,
  inline = INLINE_TEXT_BYTES,
  lead = ""
) =>
  Effect.gen(function* () {
    const bytes = byteLength(text)
    if (bytes <= inline) return { text, spilled: undefined as SpillResult | undefined }
    const spilled = yield* d.artifacts.spill(label, text, owner, label)
    const head = closeCut(headBytes(text, PREVIEW_TEXT_BYTES), boundary)
    return {
      text:
        `${lead}${head}\n… [${bytes - byteLength(head)} more bytes not shown; ` +
        `full output (${bytes} bytes): ${spilled.path}]`,
      spilled
    }
  })

/** After close: closing does not delete saved files; which explicit files still exist. */
export const artifactCleanup = (d: Deps) =>
  Effect.flatMap(d.artifacts.manifest, (entries) => {
    const explicit = [...new Set(entries.filter((e) => e.storageScope === "explicit-path").map((e) => e.path))]
    return Effect.map(
      Effect.forEach(explicit, (path) => d.artifacts.inspect(path)),
      (facts) =>
        entries.length === 0
          ? undefined
          : {
              owner: "host-file-tools" as const,
              summary: retentionSummary(retentionCounts(entries)),
              note:
                "Closing the browser does not delete saved screenshots, downloads, PDFs, traces or recordings; " +
                "remove them with file tools if needed.",
              explicitArtifactPaths: facts
                .filter((f) => f.exists)
                .map((f) => f.path)
                .slice(0, 10)
            }
    )
  })

/** Manifest rows this call added or changed, plus the retention line the model needs when files were evicted. */
export const manifestDelta = (d: Deps, spills: ReadonlyArray<SpillResult>, explicit: ReadonlyArray<string>) =>
  spills.length === 0 && explicit.length === 0
    ? Effect.succeed(NO_DELTA)
    : Effect.map(d.artifacts.manifest, (entries) => {
        const touched = new Set([...spills.flatMap((s) => [s.path, ...s.evicted]), ...explicit])
        const changed = entries.filter((e) => touched.has(e.path))
        const evicted = spills.flatMap((s) => s.evicted).length
        const counts = retentionCounts(entries)
        return {
          manifest: changed.length > 0 ? { entries: changed, window: entries.length, counts } : undefined,
          summary: changed.length > 0 ? retentionSummary(counts) : undefined,
          note:
            evicted > 0
              ? `\nArtifacts: ${evicted} older spill file(s) evicted to keep this session within its budget; ` +
                `${counts.live} live.`
              : ""
        }
      })
