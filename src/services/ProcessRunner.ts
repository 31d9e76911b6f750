/**
 * ProcessRunner: runs one agent-browser process per request, without a shell, in its own process group.
 * A watchdog ends the whole group (SIGTERM, then SIGKILL after a grace period) on timeout, and interruption (pi's
 * abort signal) does the same. Holds no state between calls. Raises TimedOut, and MissingBinary when the
 * executable vanished or cannot be started.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { MissingBinary, TimedOut } from "../schema/ToolError.js"
import type { RunResult } from "../schema/Outcome.js"

export interface RunRequest {
  readonly binary: string
  readonly args: ReadonlyArray<string>
  readonly stdin?: string
  /** Added to the configured base environment. */
  readonly env: Readonly<Record<string, string>>
  readonly timeoutMs: number
  readonly cwd?: string
}

export interface ProcessRunnerShape {
  readonly run: (request: RunRequest) => Effect.Effect<RunResult, TimedOut | MissingBinary>
}

export class ProcessRunner extends Context.Tag("agent-browser/ProcessRunner")<ProcessRunner, ProcessRunnerShape>() {}
