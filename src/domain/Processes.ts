/**
 * Process facts as every process table gives them (see `services/OsProcesses.ts`): plain types, shared by the pure
 * helpers in `os/` and the layers.
 */

export type ProcessTableKind = "proc" | "ps" | "windows" | "test"

export interface ProcessInfo {
  readonly pid: number
  readonly ppid: number
  /** Process group; undefined where the platform has none (Windows). */
  readonly pgid: number | undefined
  /**
   * When the process started, as the table reads it (`/proc`: clock ticks since boot; `ps`: UTC to the second;
   * Windows: UTC to 100 ns). With the pid, the process's identity; compare tokens of one table kind only.
   */
  readonly startTime: string
  /** The exact argv where the platform gives it (`/proc`); other tables give only `commandLine`. */
  readonly argv?: ReadonlyArray<string>
  /** The command line as one text ("" when unreadable: a kernel thread, another user's process on Windows). */
  readonly commandLine: string
  /** Exited but not yet reaped by its parent: it answers `kill(pid, 0)` yet is gone for every guarantee. */
  readonly zombie: boolean
}

/** Who a process is: a pid is reused, a pid with its start time is not. */
export interface ProcessIdentity {
  readonly pid: number
  readonly startTime: string
}

/** One process (only while it still has `startTime`, when given), a process group, or a process and its descendants. */
export type SignalTarget =
  | { readonly _tag: "Pid"; readonly pid: number; readonly startTime?: string }
  | { readonly _tag: "Group"; readonly pgid: number }
  | { readonly _tag: "Tree"; readonly pid: number; readonly startTime?: string }

export type SignalName = "SIGTERM" | "SIGKILL"

/** `gone`: nothing (left) to signal, or the pid now belongs to another process; `denied`: not ours to signal. */
export type SignalResult = "sent" | "gone" | "denied"

/** What a table can and cannot tell, for callers' reports and the doctor. */
export interface ProcessTableFacts {
  readonly kind: ProcessTableKind
  readonly platform: string
  /** How the table is read (e.g. "/proc/<pid>/stat and cmdline", "ps -A -o pid,ppid,pgid,lstart,stat,args"). */
  readonly source: string
  /** Whether the platform has process groups; without them a group is read as its leader's process tree. */
  readonly groups: boolean
  /** Whether argv is exact (else it is split from one command-line text). */
  readonly exactArgv: boolean
  /** Resolution of the start time: a pid reused within one such step would pass for the same process. */
  readonly startTimeResolution: "clock-tick" | "second" | "100ns"
  /** Facts this table cannot check, said once (empty where every guarantee is checked). */
  readonly unchecked: ReadonlyArray<string>
}
