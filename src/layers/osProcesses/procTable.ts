/** The Linux `/proc` table: `/proc/<pid>/stat` (state, parent, group, start ticks) and `cmdline` (exact argv). */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import * as Effect from "effect/Effect"
import type { ProcessInfo, ProcessTableFacts } from "../../domain/Processes.js"
import { parseCmdline, parseStat } from "../../os/procStat.js"
import { ProcessTableUnavailable } from "../../services/OsProcesses.js"
import type { TableReads } from "./tableCore.js"

export const procFacts = (root: string): ProcessTableFacts => ({
  kind: "proc",
  platform: process.platform,
  source: `${root}/<pid>/stat and ${root}/<pid>/cmdline`,
  groups: true,
  exactArgv: true,
  startTimeResolution: "clock-tick",
  unchecked: []
})

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

/** One process; undefined when it is gone (or exits between the two reads: its cmdline is then unreadable). */
export const readProc = (root: string, pid: number): ProcessInfo | undefined => {
  const stat = parseStat(read(`${root}/${pid}/stat`) ?? "")
  if (stat === undefined) return undefined
  const cmdline = read(`${root}/${pid}/cmdline`)
  if (cmdline === undefined) return undefined
  const argv = parseCmdline(cmdline)
  return { pid, ppid: stat.ppid, pgid: stat.pgid, startTime: stat.start, argv, commandLine: argv.join(" "), zombie: stat.state === "Z" || stat.state === "X" }
}

export const procTable = (root = "/proc"): TableReads => {
  const unavailable = () => new ProcessTableUnavailable({ table: "proc", reason: "missing", detail: `${root} is not mounted` })
  const mounted = () => existsSync(`${root}/self/stat`) || existsSync(`${root}/1/stat`)
  return {
    facts: procFacts(root),
    stat: (pid) => Effect.suspend(() => (mounted() ? Effect.succeed(Number.isInteger(pid) && pid > 0 ? readProc(root, pid) : undefined) : Effect.fail(unavailable()))),
    list: Effect.suspend(() => {
      let names: ReadonlyArray<string>
      try {
        names = readdirSync(root)
      } catch {
        return Effect.fail(unavailable())
      }
      return Effect.succeed(names.flatMap((name) => (/^\d+$/.test(name) ? [readProc(root, Number(name))].filter((p): p is ProcessInfo => p !== undefined) : [])))
    })
  }
}
