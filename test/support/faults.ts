/**
 * Fault-injection helpers: a session's daemon and browser found by their own ids (the daemon's pid file, its
 * child started with --user-data-dir, that child's process group), liveness by pid, temp leftovers by folder, and
 * small tmpfs mounts (root only) for full and read-only disks.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { parseCmdline, parseStat, type ProcStat } from "../../src/os/procStat.js"
import { userDataDirOf } from "../../src/os/processFacts.js"

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

const stats = (): ReadonlyArray<ProcStat> =>
  readdirSync("/proc").flatMap((d) => {
    if (!/^\d+$/.test(d)) return []
    const s = parseStat(read(`/proc/${d}/stat`) ?? "")
    return s === undefined ? [] : [s]
  })

export const isAlive = (pid: number): boolean => {
  const s = parseStat(read(`/proc/${pid}/stat`) ?? "")
  return s !== undefined && s.state !== "Z" && s.state !== "X"
}

export interface SessionProcesses {
  readonly daemonPid: number
  readonly browserPid: number | undefined
  readonly profileDir: string | undefined
  /** Every live member of the browser's process group. */
  readonly browserGroup: ReadonlyArray<number>
}

export const sessionProcesses = (socketDir: string, session: string): SessionProcesses | undefined => {
  const daemonPid = Number((read(join(socketDir, `${session}.pid`)) ?? "").trim())
  if (!Number.isInteger(daemonPid) || daemonPid <= 0) return undefined
  const all = stats()
  for (const child of all.filter((s) => s.ppid === daemonPid)) {
    const profileDir = userDataDirOf({ argv: parseCmdline(read(`/proc/${child.pid}/cmdline`) ?? ""), commandLine: "" })
    if (profileDir === undefined) continue
    return {
      daemonPid,
      browserPid: child.pid,
      profileDir,
      browserGroup: all.filter((s) => s.pgid === child.pgid && s.state !== "Z").map((s) => s.pid)
    }
  }
  return { daemonPid, browserPid: undefined, profileDir: undefined, browserGroup: [] }
}

/** Every pid in the list that is still running (polled up to 15 s: exits take a moment on a loaded machine). */
export const survivors = async (pids: ReadonlyArray<number>): Promise<ReadonlyArray<number>> => {
  for (let i = 0; i < 150; i++) {
    const left = pids.filter(isAlive)
    if (left.length === 0) return left
    await new Promise((r) => setTimeout(r, 100))
  }
  return pids.filter(isAlive)
}

/** Browser temp folders left in a TMPDIR: profiles and Chromium singleton dirs. */
export const tempLeftovers = (tmp: string): ReadonlyArray<string> => {
  try {
    return readdirSync(tmp).filter(
      (n) => n.startsWith("agent-browser-chrome-") || /^\.?org\.chromium\.Chromium\./.test(n)
    )
  } catch {
    return []
  }
}

/** Polls `read` until it returns an empty list or 15 s pass; returns the last answer (cleanup runs after exits). */
export const settledEmpty = async <A>(read: () => ReadonlyArray<A>): Promise<ReadonlyArray<A>> => {
  for (let i = 0; i < 150; i++) {
    const left = read()
    if (left.length === 0) return left
    await new Promise((r) => setTimeout(r, 100))
  }
  return read()
}

export const kill = (pid: number | undefined, signal: NodeJS.Signals = "SIGKILL"): void => {
  if (pid === undefined) return
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}

export const canMount = (): boolean => process.getuid?.() === 0

/** A small tmpfs at `dir` (root only); `options` e.g. "size=64k" or "ro". */
export const mountTmpfs = (dir: string, options: string): (() => void) => {
  mkdirSync(dir, { recursive: true })
  execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir])
  return () => {
    try {
      execFileSync("umount", [dir])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
