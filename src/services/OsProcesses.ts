/**
 * OsProcesses: the machine's process table, the one place that knows how to read a process's facts (parent, group,
 * start time, command line) and how to signal one, a group or a tree. A process's identity is its pid plus its start
 * time everywhere, so a pid the system has handed to another process is never taken for one the tool started.
 * Layers per platform family (`layers/OsProcessesLive.ts`): Linux `/proc`, POSIX `ps` (macOS, the BSDs; procps on
 * Linux), Windows (PowerShell/CIM, `taskkill /T`), and an in-memory test table (`layers/test/FakeOsProcesses.ts`).
 * Stateless. A table that cannot be read fails with `ProcessTableUnavailable`, so a caller says what it could not
 * check instead of guessing; what a table can never tell is in `facts`.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ProcessInfo, ProcessTableFacts, SignalName, SignalResult, SignalTarget } from "../domain/Processes.js"

export type {
  ProcessIdentity,
  ProcessInfo,
  ProcessTableFacts,
  ProcessTableKind,
  SignalName,
  SignalResult,
  SignalTarget
} from "../domain/Processes.js"

/** The table could not be read (its command is missing, failed or timed out): nothing was checked. */
export class ProcessTableUnavailable extends Schema.TaggedError<ProcessTableUnavailable>()("ProcessTableUnavailable", {
  table: Schema.Literal("proc", "ps", "windows", "test"),
  reason: Schema.Literal("missing", "failed", "timed-out", "unparsable"),
  detail: Schema.String
}) {
  override get message(): string {
    return `the process table (${this.table}) could not be read (${this.reason}): ${this.detail}`
  }
}

export interface OsProcessesShape {
  readonly facts: ProcessTableFacts
  /** One process's facts; undefined when no process has that pid. */
  readonly stat: (pid: number) => Effect.Effect<ProcessInfo | undefined, ProcessTableUnavailable>
  /** Every process this user can see. */
  readonly list: Effect.Effect<ReadonlyArray<ProcessInfo>, ProcessTableUnavailable>
  /** Running (not a zombie) and, when `startTime` is given, the same process that had it. */
  readonly isAlive: (process: {
    readonly pid: number
    readonly startTime?: string | undefined
  }) => Effect.Effect<boolean, ProcessTableUnavailable>
  /** Live (non-zombie) members of a process group; where there are no groups, the leader's live process tree. */
  readonly groupMembers: (pgid: number) => Effect.Effect<ReadonlyArray<ProcessInfo>, ProcessTableUnavailable>
  /** Live descendants of a process (children, their children, …), not the process itself. */
  readonly descendants: (pid: number) => Effect.Effect<ReadonlyArray<ProcessInfo>, ProcessTableUnavailable>
  /** Sends a signal; a `Pid`/`Tree` target with a start time is checked right before it is signalled. */
  readonly signal: (target: SignalTarget, signal: SignalName) => Effect.Effect<SignalResult, ProcessTableUnavailable>
}

export class OsProcesses extends Context.Tag("pi-agent-browser-effect/OsProcesses")<OsProcesses, OsProcessesShape>() {}
