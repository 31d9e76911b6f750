/** The Linux `/proc` table: `/proc/<pid>/stat` (state, parent, group, start ticks) and `cmdline` (exact argv). */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import * as Effect from "effect/Effect"
import type { ProcessInfo, ProcessTableFacts } from "../../domain/Processes.js"
import { parseCmdline, parseStat } from "../../os/procStat.js"
import { ProcessTableUnavailable } from "../../services/OsProcesses.js"
import type { ProcessIdentityRead, TableReads } from "./tableCore.js"

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

/** Liveness and identity from `stat` alone: a command line is read only where one is asked for. */
const readIdentity = (root: string, pid: number): ProcessIdentityRead | undefined => {
  const stat = parseStat(read(`${root}/${pid}/stat`) ?? "")
  return stat === undefined ? undefined : { pid, startTime: stat.start, zombie: stat.state === "Z" || stat.state === "X" }
}

export const procTable = (root = "/proc"): TableReads => {
  const unavailable = () => new ProcessTableUnavailable({ table: "proc", reason: "missing", detail: `${root} is not mounted` })
  const mounted = () => existsSync(`${root}/self/stat`) || existsSync(`${root}/1/stat`)
  /** A read that found the process needs no mount check; only "not there" asks whether the table is there at all. */
  const orUnmounted = <A>(pid: number, readOne: (root: string, pid: number) => A | undefined) =>
    Effect.suspend(() => {
      const found = Number.isInteger(pid) && pid > 0 ? readOne(root, pid) : undefined
      return found !== undefined || mounted() ? Effect.succeed(found) : Effect.fail(unavailable())
    })
  return {
    facts: procFacts(root),
    stat: (pid) => orUnmounted(pid, readProc),
    identity: (pid) => orUnmounted(pid, readIdentity),
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
