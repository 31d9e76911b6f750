/**
 * The artifact shapes of `details`: saved-file rows, their verification, the session manifest, direct saves and the
 * caller's `outputPath` result. Split from ToolDetails.ts, which composes them.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

/**
 * A saved file as the contract's `artifacts[]` row: the reported `path`, its `absolutePath`, `kind` (also as
 * `artifactType`), `status` (saved / missing / pending / unverified), the `requestedPath` the caller asked for, `cwd`,
 * `session`, and `tempPath` where upstream first wrote it. A pending recording has no `exists` yet, but
 * `recordingState` and `willExistOnStop`.
 */
export const ArtifactRow = Schema.Struct({
  kind: Schema.String,
  artifactType: optional(Schema.String),
  path: Schema.String,
  absolutePath: optional(Schema.String),
  extension: optional(Schema.String),
  requestedPath: optional(Schema.String),
  status: optional(Schema.String),
  exists: optional(Schema.Boolean),
  sizeBytes: optional(Schema.Number),
  mediaType: optional(Schema.String),
  cwd: optional(Schema.String),
  session: optional(Schema.String),
  tempPath: optional(Schema.String),
  recordingState: optional(Schema.Literal("openRecording")),
  willExistOnStop: optional(Schema.Literal(true))
})
export type ArtifactRow = typeof ArtifactRow.Type

export const StorageScope = Schema.Literal("persistent-session", "process-temp", "explicit-path")
export type StorageScope = typeof StorageScope.Type
export const RetentionState = Schema.Literal("live", "ephemeral", "missing", "evicted")
export type RetentionState = typeof RetentionState.Type

export const ManifestEntry = Schema.Struct({
  path: Schema.String,
  kind: Schema.String,
  command: optional(Schema.String),
  storageScope: StorageScope,
  retentionState: RetentionState,
  sizeBytes: optional(Schema.Number),
  mediaType: optional(Schema.String),
  recordedAt: Schema.String
})
export type ManifestEntry = typeof ManifestEntry.Type

export const VerificationState = Schema.Literal("verified", "missing", "pending", "unverified")
export type VerificationState = typeof VerificationState.Type

/**
 * One checked file. The program records facts (`exists` always); details add `absolutePath` and `status` and leave
 * `exists` out of a pending recording's row. Spill files are rows too (`kind: "spill"`, with `storageScope` and
 * `retentionState` from the manifest).
 */
export const VerificationRow = Schema.Struct({
  path: Schema.String,
  absolutePath: optional(Schema.String),
  kind: Schema.String,
  state: VerificationState,
  status: optional(Schema.String),
  exists: optional(Schema.Boolean),
  requestedPath: optional(Schema.String),
  /** Where upstream first wrote the file, when the tool then put it at the requested path. */
  tempPath: optional(Schema.String),
  storageScope: optional(StorageScope),
  retentionState: optional(RetentionState),
  sizeBytes: optional(Schema.Number),
  mediaType: optional(Schema.String),
  limitation: optional(Schema.String)
})
export type VerificationRow = typeof VerificationRow.Type

export const ArtifactVerification = Schema.Struct({
  verified: Schema.Boolean,
  verifiedCount: Schema.Number,
  missingCount: Schema.Number,
  pendingCount: Schema.Number,
  unverifiedCount: Schema.Number,
  artifacts: Schema.Array(VerificationRow)
})
export type ArtifactVerification = typeof ArtifactVerification.Type

export const ArtifactManifestDetails = Schema.Struct({
  entries: Schema.Array(ManifestEntry),
  window: Schema.Number,
  counts: Schema.Struct({
    live: Schema.Number,
    ephemeral: Schema.Number,
    missing: Schema.Number,
    evicted: Schema.Number
  })
})

export const SavedFile = Schema.Struct({
  path: Schema.String,
  kind: Schema.String,
  sizeBytes: optional(Schema.Number),
  mediaType: optional(Schema.String)
})

export const OutputFile = Schema.Union(
  Schema.Struct({
    status: Schema.Literal("saved"),
    path: Schema.String,
    absolutePath: Schema.String,
    source: Schema.Literal("data", "text", "snapshot"),
    bytes: Schema.Number
  }),
  Schema.Struct({ status: Schema.Literal("failed"), absolutePath: Schema.String, error: Schema.String })
)
