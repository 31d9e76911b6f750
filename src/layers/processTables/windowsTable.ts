/**
 * The Windows table: `Get-CimInstance Win32_Process` through PowerShell (pid, parent, creation time, command line),
 * no process groups (a group is read as its leader's process tree), and termination with `taskkill /T` (the tree;
 * `/F` for SIGKILL) or `process.kill` (one pid, which Windows always ends at once).
 */
import * as Effect from "effect/Effect"
import type { ProcessTableFacts, SignalName, SignalResult, SignalTarget } from "../../domain/Processes.js"
import { isSameProcess } from "../../os/processFacts.js"
import { parseWindowsTable, windowsQuery } from "../../os/windowsOutput.js"
import { ProcessTableUnavailable } from "../../services/OsProcesses.js"
import { runTableCommand } from "./runTableCommand.js"
import { killResult, type TableReads } from "./tableCore.js"

export const windowsFacts = (shell: string): ProcessTableFacts => ({
  kind: "windows",
  platform: process.platform,
  source: `${shell} Get-CimInstance Win32_Process (ProcessId, ParentProcessId, CreationDate, CommandLine); taskkill /T`,
  groups: false,
  exactArgv: false,
  startTimeResolution: "100ns",
  unchecked: [
    "no process groups: a browser's helpers are found as its process tree and by its profile folder, " +
      "so a helper whose parent already exited is found only by the folder",
    "another user's command lines are not readable"
  ]
})

export const windowsTable = (
  shell = "powershell.exe",
  taskkill = "taskkill.exe"
): {
  readonly reads: TableReads
  readonly signal: (target: SignalTarget, signal: SignalName) => Effect.Effect<SignalResult, ProcessTableUnavailable>
} => {
  const query = (filter?: string) =>
    Effect.flatMap(
      runTableCommand("windows", shell, ["-NoProfile", "-NonInteractive", "-Command", windowsQuery(filter)]),
      (out) => {
        const rows = out.code === 0 ? parseWindowsTable(out.stdout) : undefined
        return rows !== undefined
          ? Effect.succeed(rows)
          : Effect.fail(
              new ProcessTableUnavailable({
                table: "windows",
                reason: out.code === 0 ? "unparsable" : "failed",
                detail: `${shell} exited ${out.code}: ${(out.stderr || out.stdout).trim().slice(0, 200)}`
              })
            )
      }
    )
  const reads: TableReads = {
    facts: windowsFacts(shell),
    stat: (pid) =>
      Number.isInteger(pid) && pid > 0
        ? Effect.map(query(`ProcessId=${pid}`), (rows) => rows.find((p) => p.pid === pid))
        : Effect.succeed(undefined),
    list: query()
  }
  // taskkill: 0 ended, 128 no such process; anything else (access denied, a process that will not close)
  // is not ours to end
  const endTree = (pid: number, signal: SignalName) =>
    Effect.map(
      runTableCommand("windows", taskkill, ["/PID", String(pid), "/T", ...(signal === "SIGKILL" ? ["/F"] : [])]),
      (out): SignalResult => (out.code === 0 ? "sent" : out.code === 128 ? "gone" : "denied")
    )
  const signal = (target: SignalTarget, sig: SignalName) =>
    Effect.gen(function* () {
      const pid = target._tag === "Group" ? target.pgid : target.pid
      if (target._tag !== "Group" && target.startTime !== undefined && !isSameProcess(yield* reads.stat(pid), target))
        return "gone" as const
      return target._tag === "Pid" ? killResult(pid, sig) : yield* endTree(pid, sig)
    })
  return { reads, signal }
}
