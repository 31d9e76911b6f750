/** Finds processes (any user-visible pid) whose command line or environment mentions a marker path. */
import type { ChildProcess } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"

export interface FoundProcess {
  readonly pid: number
  readonly command: string
}

const read = (path: string): string => {
  try {
    return readFileSync(path).toString("utf8").replaceAll("\0", " ")
  } catch {
    return ""
  }
}

export const processesMentioning = (marker: string): ReadonlyArray<FoundProcess> =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)
    .flatMap((d) => {
      const cmd = read(`/proc/${d}/cmdline`)
      if (cmd === "") return []
      const stat = read(`/proc/${d}/stat`)
      if (/^\d+ \(.*\) Z/.test(stat)) return [] // zombies are already dead
      return cmd.includes(marker) || read(`/proc/${d}/environ`).includes(marker)
        ? [{ pid: Number(d), command: cmd.slice(0, 160) }]
        : []
    })

export const killAll = (found: ReadonlyArray<FoundProcess>): void => {
  for (const p of found) {
    try {
      process.kill(p.pid, "SIGKILL")
    } catch {
      // gone already
    }
  }
}

/** Whether a pid is still there (signal 0 checks without signalling). */
export const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGKILLs the process group of each child a test started detached (its own group), passing over those gone. */
export const killGroups = (children: ReadonlyArray<ChildProcess>): void => {
  for (const child of children)
    if (child.pid !== undefined)
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {
        /* gone */
      }
}
