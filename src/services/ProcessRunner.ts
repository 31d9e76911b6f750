/**
 * ProcessRunner: runs one agent-browser process per request, without a shell, in its own process group.
 * A watchdog ends the whole group (SIGTERM, then SIGKILL after a grace period) on timeout, and interruption (pi's
 * abort signal) does the same. Holds no state between calls. Raises TimedOut, MissingBinary when the executable
 * vanished or cannot be started, ParseFailure when output passed the capture cap (the process is ended), and
 * UpstreamFailed (code `killed_by_signal`) when something else killed the process.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { MissingBinary, ParseFailure, TimedOut, UpstreamFailed } from "../schema/ToolError.js"
import type { RunResult } from "../domain/Outcome.js"

export interface RunRequest {
  readonly binary: string
  readonly args: ReadonlyArray<string>
  readonly stdin?: string
  /** Added to the configured base environment. */
  readonly env: Readonly<Record<string, string>>
  readonly timeoutMs: number
  readonly cwd?: string
  /** Capture cap per stream (default 64 MiB); passing it ends the process group. */
  readonly maxCaptureBytes?: number
}

export type RunError = TimedOut | MissingBinary | ParseFailure | UpstreamFailed

export interface ProcessRunnerShape {
  readonly run: (request: RunRequest) => Effect.Effect<RunResult, RunError>
}

export class ProcessRunner extends Context.Tag("pi-agent-browser-effect/ProcessRunner")<ProcessRunner, ProcessRunnerShape>() {}
