/**
 * ArtifactStore: files the wrapper writes (oversized output spilled in full) and facts about files upstream wrote
 * (existence, size, media type sniffed from content), plus the session's artifact manifest.
 * State: a process-private directory (mode 0700, removed when the layer's scope closes) for calls of unpersisted pi
 * sessions; per-session directories under the persistent root for persisted ones, kept within a byte budget by
 * evicting the oldest spill files; a bounded, metadata-only manifest (never contents, args or headers); and the
 * screenshot paths the current prompt asks for (the close guard's requirements).
 * A file that cannot be read is reported as missing; a spill that cannot be written (unusable folder, full disk)
 * fails with ArtifactMissing naming the folder and the fix.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { FileFacts, ManifestEntry, SpillOwner, SpillResult } from "../schema/Artifacts.js"
import type { ArtifactMissing } from "../schema/ToolError.js"

export interface ArtifactStoreShape {
  /** The process-private directory (made on first use). */
  readonly root: string
  /** Writes `content` in full to a new private file, enforces the session budget, records both in the manifest. */
  readonly spill: (
    label: string,
    content: string,
    owner: SpillOwner,
    command?: string
  ) => Effect.Effect<SpillResult, ArtifactMissing>
  readonly inspect: (path: string) => Effect.Effect<FileFacts>
  /** Creates the parent directory of a file upstream is about to write (upstream does not). */
  readonly ensureParentDir: (path: string) => Effect.Effect<void>
  /** The file's bytes as base64 when it exists and is at most `maxBytes`. */
  readonly readBase64: (path: string, maxBytes: number) => Effect.Effect<string | undefined>
  /** Writes a caller-requested output file (parent created); fails naming the folder's problem and the fix. */
  readonly writeOutput: (path: string, content: string) => Effect.Effect<number, ArtifactMissing>
  /**
   * Saves a session's ref map (content-addressed, so every branch's snapshot keeps its own file) where the owner's
   * spill files go, and returns the path; `loadRefs` reads one back (undefined when it is gone).
   */
  readonly saveRefs: (owner: SpillOwner, json: string) => Effect.Effect<string>
  readonly loadRefs: (path: string) => Effect.Effect<string | undefined>
  /** Records an explicit artifact (screenshot, pdf, download) in the manifest. */
  readonly record: (entry: ManifestEntry) => Effect.Effect<void>
  /** The most recent entries (bounded window), newest last. */
  readonly manifest: Effect.Effect<ReadonlyArray<ManifestEntry>>
  /**
   * The screenshot paths the current user prompt asks for (absolute; each prompt replaces the last). Paths that
   * already exist are not requirements: the prompt refers to them, it does not ask to make them.
   */
  readonly requireArtifacts: (paths: ReadonlyArray<string>) => Effect.Effect<void>
  /** Required paths with no non-empty file on disk yet (checked now, not from memory). */
  readonly unmetArtifacts: Effect.Effect<ReadonlyArray<string>>
  /** Replaces the manifest (restore from a pi branch); entries whose files are gone become `missing`. */
  readonly restoreManifest: (entries: ReadonlyArray<ManifestEntry>) => Effect.Effect<void>
}

export class ArtifactStore extends Context.Tag("pi-agent-browser-effect/ArtifactStore")<
  ArtifactStore,
  ArtifactStoreShape
>() {}
