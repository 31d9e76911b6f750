/**
 * ArtifactStore: private files the wrapper writes (spilled oversized output) and facts about files upstream wrote
 * (existence, size, media type sniffed from content). State: one process-private directory (mode 0700), removed
 * when the layer's scope closes. Raises nothing: a file that cannot be read is reported as missing.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

export interface FileFacts {
  readonly path: string
  readonly exists: boolean
  readonly sizeBytes?: number
  /** Sniffed from the first bytes, not taken from the extension. */
  readonly mediaType?: string
}

export interface ArtifactStoreShape {
  /** The private directory for this process. */
  readonly root: string
  /** Writes `content` in full to a new private file and returns its absolute path. */
  readonly spill: (label: string, content: string) => Effect.Effect<string>
  readonly inspect: (path: string) => Effect.Effect<FileFacts>
  /** Creates the parent directory of a file upstream is about to write (upstream does not). */
  readonly ensureParentDir: (path: string) => Effect.Effect<void>
  /** The file's bytes as base64 when it exists and is at most `maxBytes`. */
  readonly readBase64: (path: string, maxBytes: number) => Effect.Effect<string | undefined>
}

export class ArtifactStore extends Context.Tag("agent-browser/ArtifactStore")<ArtifactStore, ArtifactStoreShape>() {}
