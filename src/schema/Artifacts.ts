/** Files the tool writes or checks: facts read from disk, manifest rows, spill results and artifact verification. */
export interface FileFacts {
  readonly path: string
  readonly exists: boolean
  readonly sizeBytes?: number
  /** Sniffed from the first bytes, not taken from the extension. */
  readonly mediaType?: string
}

export type StorageScope = "persistent-session" | "process-temp" | "explicit-path"

export type RetentionState = "live" | "ephemeral" | "missing" | "evicted"

export interface ManifestEntry {
  readonly path: string
  readonly kind: string
  readonly command?: string
  readonly storageScope: StorageScope
  readonly retentionState: RetentionState
  readonly sizeBytes?: number
  readonly mediaType?: string
  readonly recordedAt: string
}

/** Where a spill goes: the persisted pi session's directory, or the process-private one. */
export interface SpillOwner {
  readonly persistKey?: string
}

export interface SpillResult {
  readonly path: string
  readonly storageScope: StorageScope
  readonly sizeBytes: number
  /** Older spill files removed to keep the session within its byte budget. */
  readonly evicted: ReadonlyArray<string>
}

export type VerificationState = "verified" | "missing" | "pending" | "unverified"

export interface VerificationRow {
  readonly path: string
  readonly kind: string
  readonly state: VerificationState
  readonly exists: boolean
  readonly requestedPath?: string
  readonly sizeBytes?: number
  readonly mediaType?: string
  readonly limitation?: string
}

export interface ArtifactVerification {
  readonly verified: boolean
  readonly verifiedCount: number
  readonly missingCount: number
  readonly pendingCount: number
  readonly unverifiedCount: number
  readonly artifacts: ReadonlyArray<VerificationRow>
}

export interface VerifiedArtifacts {
  readonly rows: ReadonlyArray<VerificationRow>
  readonly image?: { readonly data: string; readonly mimeType: string; readonly path: string }
  readonly savedFile?: { readonly path: string; readonly kind: string; readonly sizeBytes?: number; readonly mediaType?: string }
  readonly warnings: ReadonlyArray<string>
  /** The contract's `recordingDependencyWarning`: `record start|restart` without ffmpeg on PATH. */
  readonly recordingDependencyWarning?: RecordingDependencyWarning
}

export interface RecordingDependencyWarning {
  readonly reason: "ffmpeg-missing-for-recording"
  readonly dependency: "ffmpeg"
  readonly command: string
  readonly message: string
  readonly recommendations: ReadonlyArray<string>
}
