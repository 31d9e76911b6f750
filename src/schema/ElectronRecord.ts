/**
 * Electron host data: discovered apps, the launch record (a Schema, because pi persists it in details and the
 * branch restore decodes it back), CDP targets, per-launch status and cleanup results. JSON only.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

export type SensitivityCategory = "notes" | "chat" | "mail" | "developer-workspace" | "passwords-auth"

export interface ElectronSensitivity {
  readonly level: "likely-sensitive"
  readonly categories: ReadonlyArray<SensitivityCategory>
}

/** How the app was found and why it counts as Electron. */
export type ElectronEvidence = "app.asar" | "app-folder" | "electron-framework"

export interface ElectronApp {
  readonly platform: "linux" | "darwin"
  readonly name: string
  readonly executablePath: string
  readonly appPath: string
  readonly evidence: ElectronEvidence
  readonly desktopId?: string
  readonly bundleId?: string
  readonly icon?: string
  /** `desktop-file`, `opt` (a folder scan of /opt) or `applications` (a macOS bundle). */
  readonly packageSource: "desktop-file" | "opt" | "applications" | "path"
  /** Extra Exec arguments kept from a desktop file whose program is the Electron executable itself. */
  readonly execArgs?: ReadonlyArray<string>
  readonly sensitivity?: ElectronSensitivity
}

export interface ElectronListResult {
  readonly platform: "linux" | "darwin" | "unsupported"
  readonly apps: ReadonlyArray<ElectronApp>
  readonly query?: string
  readonly maxResults: number
  /** Candidates looked at that showed no Electron evidence (or could not be read). */
  readonly skippedCount: number
  /** Matching apps left out by maxResults. */
  readonly omittedCount?: number
  readonly sensitiveAppCount?: number
}

export const CleanupState = Schema.Literal("active", "cleaned", "dead", "failed", "partial")
export type CleanupState = typeof CleanupState.Type

/** One wrapper-owned launch. `version` lets a later shape be told apart when a branch restores an old record. */
export const ElectronLaunchRecord = Schema.Struct({
  version: Schema.Literal(1),
  launchId: Schema.String.pipe(Schema.pattern(/^electron-[a-z0-9-]+$/)),
  launchedByWrapper: Schema.Literal(true),
  appName: Schema.String,
  bundleId: optional(Schema.String),
  desktopId: optional(Schema.String),
  appPath: optional(Schema.String),
  executablePath: Schema.String,
  userDataDir: Schema.String,
  port: Schema.Number,
  pid: Schema.Number,
  pgid: Schema.Number,
  webSocketDebuggerUrl: Schema.String,
  targetType: Schema.Literal("page", "webview", "any"),
  sessionName: optional(Schema.String),
  createdAtMs: Schema.Number,
  cleanupState: CleanupState
})
export type ElectronLaunchRecord = typeof ElectronLaunchRecord.Type

/** A CDP target from `/json/list`, bounded to what an agent needs. */
export interface CdpTarget {
  readonly id: string
  readonly type: string
  readonly title: string
  readonly url: string
  readonly webSocketDebuggerUrl?: string
}

/** What launch hands to the program: the record, the app's targets, and what upstream `connect` should attach to. */
export interface ElectronLaunchResult {
  readonly launch: ElectronLaunchRecord
  readonly targets: ReadonlyArray<CdpTarget>
  /** The CDP `Browser` string from `/json/version` (e.g. `Chrome/120.0…` or an Electron build's). */
  readonly browserVersion?: string
  /**
   * The upstream `connect` argument: the matching target's WebSocket URL when one exposes it, else the port.
   * `via` says which, so the program can say so.
   */
  readonly connect: { readonly argument: string; readonly via: "target" | "port"; readonly targetId?: string }
  readonly elapsedMs: number
}

/** Why a launch is (not) under the wrapper's control. `stale`: a restored record whose process is not ours. */
export type LaunchOwnership = "owned" | "restored" | "stale" | "released"

export interface ElectronLaunchStatus {
  readonly launchId: string
  readonly appName: string
  readonly cleanupState: CleanupState
  readonly ownership: LaunchOwnership
  readonly pid: number
  readonly pidAlive: boolean
  /** The process table could not be read: `pidAlive` is false because nothing was checked (this says why). */
  readonly pidUnchecked?: string
  readonly port: number
  /** `/json/version` answered within the probe budget. */
  readonly portAlive: boolean
  readonly targets: ReadonlyArray<CdpTarget>
  /** Targets `/json/list` reported beyond the bound. */
  readonly omittedTargets?: number
  readonly sessionName?: string
}

export const CleanupStepName = Schema.Literal("process", "debug-port", "user-data-dir")
export type CleanupStepName = typeof CleanupStepName.Type

export const CleanupStep = Schema.Struct({
  step: CleanupStepName,
  status: Schema.Literal("ok", "skipped", "failed"),
  reason: optional(Schema.String)
})
export type CleanupStep = typeof CleanupStep.Type

export const ElectronCleanupResult = Schema.Struct({
  launchId: Schema.String,
  status: Schema.Literal("cleaned", "partial"),
  steps: Schema.Array(CleanupStep)
})
export type ElectronCleanupResult = typeof ElectronCleanupResult.Type

export const ElectronCleanupReport = Schema.Struct({
  partial: Schema.Boolean,
  records: Schema.Array(ElectronLaunchRecord),
  results: Schema.Array(ElectronCleanupResult)
})
export type ElectronCleanupReport = typeof ElectronCleanupReport.Type

/** What a failed launch knew when it gave up (details.electron.failure.diagnostics). */
export const ElectronLaunchDiagnostics = Schema.Struct({
  executablePath: Schema.String,
  pid: optional(Schema.Number),
  pidAlive: optional(Schema.Boolean),
  exitCode: optional(Schema.NullOr(Schema.Number)),
  userDataDir: optional(Schema.String),
  elapsedMs: Schema.Number,
  timeoutMs: Schema.Number,
  devToolsActivePort: Schema.Literal("missing", "unreadable", "present"),
  port: optional(Schema.Number),
  versionReached: Schema.Boolean,
  /** The wrapper's own cleanup of the failed attempt. */
  cleanedUp: Schema.Boolean
})
export type ElectronLaunchDiagnostics = typeof ElectronLaunchDiagnostics.Type
