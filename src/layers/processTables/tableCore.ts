/**
 * What every process table derives from its two reads (one pid, the whole table): liveness by identity, group and
 * tree members, and POSIX signals by pid, group (`kill(-pgid)`) or tree (the root, then each descendant found
 * before signalling). The Windows table replaces `signal`.
 */
import * as Effect from "effect/Effect"
import type { ProcessInfo, ProcessTableFacts, SignalName, SignalResult, SignalTarget } from "../../domain/Processes.js"
import { descendantsIn, groupIn, isSameProcess } from "../../os/processFacts.js"
import type { OsProcessesShape, ProcessTableUnavailable } from "../../services/OsProcesses.js"

/** What liveness needs of a process: no command line (reading one costs the most on `/proc`). */
export type ProcessIdentityRead = Pick<ProcessInfo, "pid" | "startTime" | "zombie">

export interface TableReads {
  readonly facts: ProcessTableFacts
  readonly stat: (pid: number) => Effect.Effect<ProcessInfo | undefined, ProcessTableUnavailable>
  /** A cheaper read for liveness, where the table has one (else `stat`). */
  readonly identity?: (pid: number) => Effect.Effect<ProcessIdentityRead | undefined, ProcessTableUnavailable>
  readonly list: Effect.Effect<ReadonlyArray<ProcessInfo>, ProcessTableUnavailable>
}

/** `process.kill` as a result: ESRCH is gone, EPERM is not ours. */
export const killResult = (pid: number, signal: SignalName): SignalResult => {
  try {
    process.kill(pid, signal)
    return "sent"
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? "denied" : "gone"
  }
}

/** The first "sent" wins, then "denied", else "gone". */
export const combine = (results: ReadonlyArray<SignalResult>): SignalResult =>
  results.includes("sent") ? "sent" : results.includes("denied") ? "denied" : "gone"

export const deriveTable = (
  reads: TableReads,
  signalWith?: (target: SignalTarget, signal: SignalName) => Effect.Effect<SignalResult, ProcessTableUnavailable>
): OsProcessesShape => {
  const isAlive: OsProcessesShape["isAlive"] = (process) =>
    Effect.map((reads.identity ?? reads.stat)(process.pid), (info) => isSameProcess(info, process))
  const descendants: OsProcessesShape["descendants"] = (pid) =>
    Effect.map(reads.list, (table) => descendantsIn(table, pid))
  const groupMembers: OsProcessesShape["groupMembers"] = (pgid) =>
    Effect.map(reads.list, (table) => {
      if (reads.facts.groups) return groupIn(table, pgid)
      const leader = table.find((p) => p.pid === pgid && !p.zombie)
      return [...(leader !== undefined ? [leader] : []), ...descendantsIn(table, pgid)]
    })
  const posixSignal = (target: SignalTarget, signal: SignalName) =>
    Effect.gen(function* () {
      switch (target._tag) {
        case "Group":
          return killResult(-target.pgid, signal)
        case "Pid":
          if (target.startTime !== undefined && !(yield* isAlive(target))) return "gone" as const
          return killResult(target.pid, signal)
        case "Tree": {
          const table = yield* reads.list
          if (
            target.startTime !== undefined &&
            !isSameProcess(
              table.find((p) => p.pid === target.pid),
              target
            )
          )
            return "gone" as const
          const below = descendantsIn(table, target.pid)
          return combine([killResult(target.pid, signal), ...below.map((p) => killResult(p.pid, signal))])
        }
      }
    })
  return {
    facts: reads.facts,
    stat: reads.stat,
    list: reads.list,
    isAlive,
    descendants,
    groupMembers,
    signal: signalWith ?? posixSignal
  }
}
