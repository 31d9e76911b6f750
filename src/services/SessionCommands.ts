/**
 * SessionCommands: "run this argv in this session". Every upstream process of a call (the planned command, job and
 * qa steps, probes, tab recovery, approval answers, closes) goes through here: same launch flags, environment and
 * cwd as the planned call, the binary resolved once per process, and the reply classified once, as a typed error
 * that every input mode keeps. Holds no state.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { StepRow, UpstreamOutcome } from "../domain/Outcome.js"
import type { SessionTarget } from "../domain/SessionTarget.js"
import type { MissingBinary, UpstreamReplyError } from "../schema/ToolError.js"

export interface CommandOptions {
  readonly stdin?: string
  readonly timeoutMs: number
  /** The command does nothing until its stdin ends: its next run may use a process started ahead (ProcessRunner). */
  readonly startsAhead?: true
}

export type CommandError = UpstreamReplyError | MissingBinary

export interface SessionCommandsShape {
  /** One command (without global flags) in the target session; the reply classified once. */
  readonly run: (
    target: SessionTarget,
    argv: ReadonlyArray<string>,
    options: CommandOptions
  ) => Effect.Effect<UpstreamOutcome, CommandError>
  /** Steps as one upstream `batch` process (`--bail` when failFast); each row keeps its typed error. */
  readonly batch: (
    target: SessionTarget,
    steps: ReadonlyArray<ReadonlyArray<string>>,
    options: { readonly timeoutMs: number; readonly failFast: boolean }
  ) => Effect.Effect<ReadonlyArray<StepRow>, CommandError>
}

export class SessionCommands extends Context.Tag("pi-agent-browser-effect/SessionCommands")<
  SessionCommands,
  SessionCommandsShape
>() {}
