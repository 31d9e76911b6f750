/**
 * ElectronHost: discovers Electron desktop apps, launches them with a wrapper-owned temporary profile and an
 * OS-chosen CDP port, and tracks each launch (service state: one record per launch id) for status, probe and
 * cleanup. It never reuses an app's signed-in profile, never attaches to an app it did not start, and never
 * signals a process it cannot prove is its own (restored records that fail that proof are `stale`).
 *
 * Attaching an agent-browser session (upstream `connect`) is the program's job: `launch` returns the port, the
 * browser WebSocket URL and `connect.argument` for it, and `attachSession` records the session name afterwards.
 *
 * Raises: InvalidInput (unknown/ambiguous target or launch id, non-Electron target), PolicyBlocked (allow/deny),
 * TimedOut (CDP not ready within the launch window), UpstreamFailed (spawn failed, app exited, CDP unusable),
 * CleanupFailed (cleanup left a process, port or profile behind; carries the whole report).
 * Scope: closing the layer's scope cleans every launch this instance owns, except those handed on by `release`.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { ElectronTargetType, LaunchRequest, LaunchSelector } from "../schema/ElectronInput.js"
import type {
  ElectronCleanupReport,
  ElectronLaunchRecord,
  ElectronLaunchResult,
  ElectronLaunchStatus,
  ElectronListResult
} from "../schema/ElectronRecord.js"
import type { CleanupFailed, InvalidInput, PolicyBlocked, TimedOut, UpstreamFailed } from "../schema/ToolError.js"

export interface ElectronStatusReport {
  readonly launches: ReadonlyArray<ElectronLaunchRecord>
  readonly statuses: ReadonlyArray<ElectronLaunchStatus>
}

export interface ElectronRestoreReport {
  /** Records whose process group still runs with the recorded profile: tracked and cleanable again. */
  readonly restored: ReadonlyArray<string>
  /** Records that are not provably ours (process gone or pid reused): reported, never signalled. */
  readonly stale: ReadonlyArray<{ readonly launchId: string; readonly pidAlive: boolean }>
  /** Entries that did not decode as launch records, or were already cleaned. */
  readonly ignored: number
}

export interface ElectronHostShape {
  readonly list: (query: string | undefined, maxResults: number) => Effect.Effect<ElectronListResult>
  readonly launch: (
    request: LaunchRequest
  ) => Effect.Effect<ElectronLaunchResult, InvalidInput | PolicyBlocked | TimedOut | UpstreamFailed>
  /** Liveness of the selected launches (`default`: the single active one; none active gives an empty report). */
  readonly status: (selector: LaunchSelector) => Effect.Effect<ElectronStatusReport, InvalidInput>
  /** One launch's health: pid alive, port answering, targets of `targetType` (default: the launch's own). */
  readonly probe: (
    launchId: string,
    targetType?: ElectronTargetType
  ) => Effect.Effect<ElectronLaunchStatus, InvalidInput>
  /** Stops the tracked process group, checks the port closed, removes the profile. Partial → CleanupFailed. */
  readonly cleanup: (
    selector: LaunchSelector,
    timeoutMs: number
  ) => Effect.Effect<ElectronCleanupReport, InvalidInput | CleanupFailed>
  /** Records which agent-browser session attached to a launch (after upstream `connect`). */
  readonly attachSession: (launchId: string, sessionName: string) => Effect.Effect<ElectronLaunchRecord, InvalidInput>
  /** Every tracked record, newest first: what the program persists in details for branch restore. */
  readonly records: Effect.Effect<ReadonlyArray<ElectronLaunchRecord>>
  /** Adopts records from a restored branch (reload/resume/tree move); idempotent, never signals anything. */
  readonly restore: (records: ReadonlyArray<unknown>) => Effect.Effect<ElectronRestoreReport>
  /** Stops tracking launches without touching them (reload keeps them running for the next instance). */
  readonly release: (launchIds: ReadonlyArray<string>) => Effect.Effect<void>
  /** Cleans every launch this instance owns (quit); never fails, the report says what remained. */
  readonly cleanupAll: (timeoutMs: number) => Effect.Effect<ElectronCleanupReport>
}

export class ElectronHost extends Context.Tag("pi-agent-browser-effect/ElectronHost")<
  ElectronHost,
  ElectronHostShape
>() {}
