/** The Linux `/proc` table: `/proc/<pid>/stat` (state, parent, group, start ticks) and `cmdline` (exact argv). */
import { readdirSync, readFileSync } from "node:fs"
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

/** How the table reads files (both throw as node:fs does); tests inject reads that fail as without `/proc`. */
export interface ProcIo {
  readonly readFile: (path: string) => string
  readonly readDir: (path: string) => ReadonlyArray<string>
}

export const nodeProcIo: ProcIo = {
  readFile: (path) => readFileSync(path, "utf8"),
  readDir: (path) => readdirSync(path)
}

const read = (io: ProcIo, path: string): string | undefined => {
  try {
    return io.readFile(path)
  } catch {
    return undefined
  }
}

/** One process; undefined when it is gone (or exits between the two reads: its cmdline is then unreadable). */
export const readProc = (root: string, pid: number, io: ProcIo = nodeProcIo): ProcessInfo | undefined => {
  const stat = parseStat(read(io, `${root}/${pid}/stat`) ?? "")
  if (stat === undefined) return undefined
  const cmdline = read(io, `${root}/${pid}/cmdline`)
  if (cmdline === undefined) return undefined
  const argv = parseCmdline(cmdline)
  return {
    pid,
    ppid: stat.ppid,
    pgid: stat.pgid,
    startTime: stat.start,
    argv,
    commandLine: argv.join(" "),
    zombie: stat.state === "Z" || stat.state === "X"
  }
}

/** Liveness and identity from `stat` alone: a command line is read only where one is asked for. */
const readIdentity = (root: string, pid: number, io: ProcIo): ProcessIdentityRead | undefined => {
  const stat = parseStat(read(io, `${root}/${pid}/stat`) ?? "")
  return stat === undefined
    ? undefined
    : { pid, startTime: stat.start, zombie: stat.state === "Z" || stat.state === "X" }
}

const unavailable = (reason: ProcessTableUnavailable["reason"], detail: string) =>
  new ProcessTableUnavailable({ table: "proc", reason, detail })

/**
 * Why the table cannot be read, or undefined when it can: it can when this process's own `stat` reads as this
 * process. Anything else (no `/proc`, a `/proc` that refuses reads, one of another pid namespace) would read every
 * process as gone.
 */
export const procUnreadable = (root = "/proc", io: ProcIo = nodeProcIo): ProcessTableUnavailable | undefined => {
  const own = `${root}/${process.pid}/stat`
  try {
    if (parseStat(io.readFile(own))?.pid === process.pid) return undefined
    return unavailable("unparsable", `${own} does not describe this process`)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    return code === "ENOENT"
      ? unavailable("missing", `${root} is not mounted (${own}: ENOENT)`)
      : unavailable("failed", `${own} cannot be read (${code})`)
  }
}

export const procTable = (root = "/proc", io: ProcIo = nodeProcIo): TableReads => {
  /** A read that found the process needs no check; only "not there" asks whether the table can be read at all. */
  const orUnreadable = <A>(pid: number, readOne: (root: string, pid: number, io: ProcIo) => A | undefined) =>
    Effect.suspend(() => {
      const found = Number.isInteger(pid) && pid > 0 ? readOne(root, pid, io) : undefined
      const why = found === undefined ? procUnreadable(root, io) : undefined
      return why === undefined ? Effect.succeed(found) : Effect.fail(why)
    })
  return {
    facts: procFacts(root),
    stat: (pid) => orUnreadable(pid, readProc),
    identity: (pid) => orUnreadable(pid, readIdentity),
    list: Effect.suspend(() => {
      let names: ReadonlyArray<string>
      try {
        names = io.readDir(root)
      } catch {
        return Effect.fail(procUnreadable(root, io) ?? unavailable("failed", `${root} cannot be listed`))
      }
      const rows = names.flatMap((name) => {
        const found = /^\d+$/.test(name) ? readProc(root, Number(name), io) : undefined
        return found !== undefined ? [found] : []
      })
      // a listing without this process is not this machine's table (or its reads fail): nothing in it can be trusted
      const why = rows.some((p) => p.pid === process.pid) ? undefined : procUnreadable(root, io)
      return why === undefined ? Effect.succeed(rows) : Effect.fail(why)
    })
  }
}
