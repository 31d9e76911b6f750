/**
 * ProcessRunner: runs one agent-browser process per request, without a shell, in its own process group.
 * A watchdog ends the whole group (SIGTERM, then SIGKILL after a grace period) on timeout, and interruption (pi's
 * abort signal) does the same. A request marked `startsAhead` (a process that does nothing until its stdin ends) may
 * be served by a process the runner started for it ahead of time, after the previous identical request; those idle
 * processes are the only state it holds, and it ends them when its layer ends. Raises TimedOut, MissingBinary when
 * the executable vanished or cannot be started, ParseFailure when output passed the capture cap (the process is
 * ended), and UpstreamFailed (code `killed_by_signal`) when something else killed the process.
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
  /**
   * The process reads all of its stdin before it does anything (agent-browser's stdin-form `batch` connects to its
   * daemon only after stdin ends), so a process for the next identical request (binary, args, env, cwd) may be
   * started ahead, off the call's path: the spawn and the binary's start-up then cost the next call nothing. The
   * files it reads when it starts: one changed since (or created, or removed) means the process started ahead is not
   * used.
   */
  readonly startsAhead?: { readonly startupFiles: ReadonlyArray<string> }
  /**
   * The same command as the one step of a stdin-form batch (its global flags then `batch …`, and the step): the runner
   * runs it that way, so a process started ahead can, and answers with the command's own envelope
   * (upstream/oneStepBatch.ts). Only for commands whose answer is the same either way (checked on the real binary).
   */
  readonly asBatchStep?: { readonly args: ReadonlyArray<string>; readonly step: ReadonlyArray<string> }
}

export type RunError = TimedOut | MissingBinary | ParseFailure | UpstreamFailed

export interface ProcessRunnerShape {
  readonly run: (request: RunRequest) => Effect.Effect<RunResult, RunError>
}

export class ProcessRunner extends Context.Tag("pi-agent-browser-effect/ProcessRunner")<
  ProcessRunner,
  ProcessRunnerShape
>() {}
