/**
 * The `details` object of every tool result. JSON only, because pi persists it in the session file; kept small:
 * large payloads live in spill files and only their paths are stored here.
 */
import type { FailureCategory, ResultCategory, SuccessCategory } from "./Categories.js"
import type { SessionMode } from "./ToolInput.js"
import type { LaunchDiagnostic, SessionRecoveryHint } from "./ToolError.js"
import type { ManifestEntry } from "./Artifacts.js"
import type { ArtifactVerification } from "./Artifacts.js"

export interface NextAction {
  readonly tool: "agent_browser"
  /** Stable id from the nextActions registry; agents may branch on it. */
  readonly id: string
  readonly reason: string
  readonly safety?: string
  readonly params:
    | { readonly args: ReadonlyArray<string>; readonly sessionMode?: SessionMode; readonly timeoutMs?: number }
    /** A follow-up in the electron input mode (status, probe, cleanup of a launch): no args. */
    | { readonly args?: undefined; readonly electron: Readonly<Record<string, unknown>> }
    /** A follow-up in another input mode (a failed request's source lookup): no args. */
    | { readonly args?: undefined; readonly networkSourceLookup: { readonly requestId: string; readonly session?: string } }
}

export interface ArtifactRow {
  readonly kind: string
  readonly path: string
  readonly exists: boolean
  readonly sizeBytes?: number
  readonly mediaType?: string
}

export interface BatchStepDetails {
  readonly index: number
  readonly command: ReadonlyArray<string>
  readonly resultCategory: ResultCategory
  readonly failureCategory?: FailureCategory
  readonly error?: string
}

export interface ToolDetails {
  readonly args: ReadonlyArray<string>
  readonly effectiveArgs: ReadonlyArray<string>
  readonly command?: string
  readonly subcommand?: string
  readonly sessionMode: SessionMode
  readonly sessionName?: string
  readonly usedImplicitSession?: boolean
  readonly resultCategory: ResultCategory
  readonly successCategory?: SuccessCategory
  readonly failureCategory?: FailureCategory
  readonly summary: string
  readonly data?: unknown
  readonly dataOmitted?: { readonly bytes: number; readonly reason: string }
  readonly error?: string
  readonly stderr?: string
  readonly exitCode?: number | null
  readonly warning?: string
  readonly code?: string
  readonly inspection?: true
  readonly stdout?: string
  readonly timeoutMs?: number
  readonly timedOut?: boolean
  readonly validationError?: string
  readonly sessionRecoveryHint?: SessionRecoveryHint
  /** The browser could not start or be reached: why, and the path or endpoint it tried. */
  readonly launchDiagnostic?: LaunchDiagnostic
  readonly fullOutputPath?: string
  /** How an oversized snapshot was condensed (counts only; the view is in the content, the raw tree in fullOutputPath). */
  readonly snapshotCompaction?: unknown
  readonly snapshotFilter?: unknown
  readonly snapshotDiff?: unknown
  readonly snapshotViewport?: unknown
  readonly imagePath?: string
  readonly artifacts?: ReadonlyArray<ArtifactRow>
  readonly navigationSummary?: { readonly title: string; readonly url: string }
  readonly batchSteps?: ReadonlyArray<BatchStepDetails>
  readonly nextActions?: ReadonlyArray<NextAction>
  /** Manifest rows this call added or changed (metadata only), with the window's retention counts. */
  readonly artifactManifest?: {
    readonly entries: ReadonlyArray<ManifestEntry>
    readonly window: number
    readonly counts: Readonly<Record<"live" | "ephemeral" | "missing" | "evicted", number>>
  }
  /** For step-by-step job/qa runs that timed out: completed steps and the first incomplete one. */
  readonly timeoutPartialProgress?: unknown
  /** After a snapshot: the session's ref map, saved to a file (path and counts only here). */
  readonly refSnapshot?: { readonly session: string; readonly url: string; readonly refCount: number; readonly path: string }
  /** Browser defaults configured in config files that this first launch did not use (guidance only). */
  readonly browserDefaults?: { readonly flags: ReadonlyArray<string>; readonly sources: ReadonlyArray<string> }
  /** After open: the tab re-selected because the active tab had drifted from the opened page. */
  readonly tabCorrection?: { readonly reselected: string; readonly from: string }
  /** After a locator miss: current refs that exactly match the intended target. */
  readonly visibleRefFallback?: { readonly action: string; readonly refs: ReadonlyArray<{ readonly ref: string; readonly role: string; readonly name: string }> }
  /** What a successful call changed (navigation, mutation, artifact) and which nextActions follow from it. */
  readonly pageChangeSummary?: unknown
  /** The first failed batch step, for branching without scanning batchSteps. */
  readonly batchFailure?: { readonly failedStep: { readonly index: number; readonly command: ReadonlyArray<string>; readonly failureCategory: FailureCategory; readonly error: string } }
  /** What semanticAction / job / qa compiled to (redacted). */
  readonly compiledSemanticAction?: unknown
  readonly compiledJob?: unknown
  readonly compiledQaPreset?: unknown
  /** sourceLookup / networkSourceLookup: what they compiled to, and their reports (candidates only). */
  readonly compiledSourceLookup?: unknown
  readonly sourceLookup?: unknown
  readonly compiledNetworkSourceLookup?: unknown
  readonly networkSourceLookup?: unknown
  /** After `network requests --current-page|--current-origin|--current-url`. */
  readonly networkRequestsPageFilter?: unknown
  /** The qa verdict: passed, failedChecks, warnings, summary. */
  readonly qaPreset?: { readonly passed: boolean; readonly failedChecks: ReadonlyArray<string>; readonly warnings: ReadonlyArray<string>; readonly summary: string }
  /** Failed or pending requests that match an active `network route` mock. */
  readonly networkRouteDiagnostics?: ReadonlyArray<{ readonly routePattern: string; readonly requestId: string; readonly requestUrl: string; readonly reason: "failed" | "pending" }>
  /** Every artifact the call produced, checked on disk. */
  readonly artifactVerification?: ArtifactVerification
  /** Direct saves (download, pdf, state save). */
  readonly savedFile?: { readonly path: string; readonly kind: string; readonly sizeBytes?: number; readonly mediaType?: string }
  readonly savedFilePath?: string
  /** Up-front warnings (e.g. ffmpeg missing for recordings). */
  readonly warnings?: ReadonlyArray<string>
  /** After close: saved files are not deleted by closing. */
  readonly artifactCleanup?: { readonly owner: "host-file-tools"; readonly note: string; readonly explicitArtifactPaths: ReadonlyArray<string> }
  /** A held action's human decision (pi UI); `asked: false` means there was no UI and it was declined. */
  readonly approval?: { readonly action: string; readonly confirmationId: string; readonly asked: boolean; readonly approved: boolean }
  /** The caller's outputPath result. */
  readonly outputFile?:
    | { readonly status: "saved"; readonly path: string; readonly absolutePath: string; readonly source: "data" | "text" | "snapshot"; readonly bytes: number }
    | { readonly status: "failed"; readonly absolutePath: string; readonly error: string }
  /** After a failed sessionMode "fresh" launch: whether the previous managed browser is still the current one. */
  readonly managedSessionOutcome?: { readonly outcome: "preserved" | "abandoned"; readonly attemptedSession: string; readonly currentSession?: string }
  /** The wrapper-managed session after this call, for rebuilding state on reload/resume. */
  readonly managedSession?: { readonly name: string; readonly active: boolean; readonly generation: number; readonly launchFlags: ReadonlyArray<string> }
  readonly binary?: { readonly version: string; readonly native: boolean }
  readonly durationMs?: number
  /** An `electron` call: the normalized action plan (redacted) and its action-specific data (launch records persist here). */
  readonly compiledElectron?: unknown
  readonly electron?: unknown
  /** A mutation in a wrapper-launched app's session left the app dead or blank (the call is `tab-drift`). */
  readonly electronPostCommandHealth?: unknown
}

export type ContentPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly data: string; readonly mimeType: string }

/** A finished call, independent of pi: what the model reads, what is persisted, and whether it failed. */
export interface ToolResult {
  readonly content: ReadonlyArray<ContentPart>
  readonly details: ToolDetails
  readonly isError: boolean
}
