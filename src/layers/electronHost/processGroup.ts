/**
 * Process-group facts for wrapper-owned launches, read from `/proc` on Linux (zombies count as gone) with a
 * `kill(-pgid, 0)` fallback elsewhere, and the ownership test for restored records: a launch is ours only when
 * its recorded process group still runs a process whose command line carries the recorded `--user-data-dir`.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"

const hasProc = (): boolean => existsSync("/proc/self/stat")

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

/** `/proc/<pid>/stat` state and process group (comm may hold spaces and parentheses: parse after the last `)`). */
export const parseStat = (stat: string): { readonly state: string; readonly pgid: number } | undefined => {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  const state = fields[0]
  const pgid = Number(fields[2])
  return state === undefined || !Number.isInteger(pgid) ? undefined : { state, pgid }
}

const procStat = (pid: number) => {
  const stat = read(`/proc/${pid}/stat`)
  return stat === undefined ? undefined : parseStat(stat)
}

export const pidAlive = (pid: number): boolean => {
  if (hasProc()) {
    const stat = procStat(pid)
    return stat !== undefined && stat.state !== "Z" && stat.state !== "X"
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Live (non-zombie) members of a process group; on systems without /proc, `[pgid]` while the group exists. */
export const groupMembers = (pgid: number): ReadonlyArray<number> => {
  if (!hasProc()) {
    try {
      process.kill(-pgid, 0)
      return [pgid]
    } catch {
      return []
    }
  }
  const members: Array<number> = []
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    const stat = procStat(Number(name))
    if (stat !== undefined && stat.pgid === pgid && stat.state !== "Z" && stat.state !== "X") members.push(Number(name))
  }
  return members
}

/** Sends a signal to the whole group; false when the group is already gone. */
export const signalGroup = (pgid: number, signal: NodeJS.Signals): boolean => {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false
  }
}

const commandLine = (pid: number): string | undefined => {
  if (hasProc()) return read(`/proc/${pid}/cmdline`)?.replaceAll("\0", " ")
  try {
    return execFileSync("ps", ["-p", String(pid), "-o", "args="], { encoding: "utf8", timeout: 2_000 })
  } catch {
    return undefined
  }
}

const groupOf = (pid: number): number | undefined => {
  if (hasProc()) return procStat(pid)?.pgid
  try {
    const out = execFileSync("ps", ["-p", String(pid), "-o", "pgid="], { encoding: "utf8", timeout: 2_000 }).trim()
    return out === "" ? undefined : Number(out)
  } catch {
    return undefined
  }
}

/**
 * Whether the recorded launch still runs as the wrapper started it: some live member of the recorded group (the
 * recorded pid first) has the recorded user-data-dir on its command line. A reused pid fails this test.
 */
export const isOurLaunch = (record: { readonly pid: number; readonly pgid: number; readonly userDataDir: string }): boolean => {
  const marker = `--user-data-dir=${record.userDataDir}`
  const candidates = [record.pid, ...groupMembers(record.pgid).filter((p) => p !== record.pid)]
  return candidates.some((pid) => pidAlive(pid) && groupOf(pid) === record.pgid && (commandLine(pid) ?? "").includes(marker))
}
