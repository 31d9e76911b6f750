/** Files the tool writes or checks: facts read from disk, manifest rows, spill results and artifact verification. */
import type {
  ArtifactVerification,
  ManifestEntry,
  RetentionState,
  StorageScope,
  VerificationRow,
  VerificationState
} from "./ArtifactDetails.js"

/** Defined once as Schemas (`details` persists them); the types are re-exported for the rest of the code. */
export type { ArtifactVerification, ManifestEntry, RetentionState, StorageScope, VerificationRow, VerificationState }

export interface FileFacts {
  readonly path: string
  readonly exists: boolean
  readonly sizeBytes?: number
  /** Sniffed from the first bytes, not taken from the extension. */
  readonly mediaType?: string
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

/** What the browser did to a screenshot's file before it was verified (program/artifacts/screenshotImage.ts). */
export interface ScreenshotConversion {
  readonly from: string
  readonly to: string
  /** `--scale css`: scaled down by the page's devicePixelRatio. */
  readonly css: boolean
  readonly devicePixelRatio: number
  readonly sourceWidth: number
  readonly sourceHeight: number
  readonly width: number
  readonly height: number
}

/** A screenshot file's size in pixels, and the size it was shown inline at when scaled for the model. */
export interface ImageFacts {
  readonly width: number
  readonly height: number
  readonly shown?: { readonly width: number; readonly height: number }
  readonly converted?: ScreenshotConversion
}

export interface VerifiedArtifacts {
  readonly rows: ReadonlyArray<VerificationRow>
  readonly image?: { readonly data: string; readonly mimeType: string; readonly path: string } & Partial<ImageFacts>
  /** A screenshot not attached inline (too big even scaled, or the scaling failed): its sizes and why. */
  readonly inlineImage?: ImageFacts & { readonly path: string; readonly notShown: string }
  /** Every verified screenshot of a job/qa/batch (the last one is `image`). */
  readonly imagePaths?: ReadonlyArray<string>
  readonly savedFile?: {
    readonly path: string
    readonly kind: string
    readonly sizeBytes?: number
    readonly mediaType?: string
  }
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
