/** Reads Linux `/proc/<pid>/stat` and `cmdline` text (pure: text in, facts out). */

export interface ProcStat {
  readonly pid: number
  /** One letter: R, S, D, Z (zombie), X (dead), T, … */
  readonly state: string
  readonly ppid: number
  readonly pgid: number
  /** Start time in clock ticks since boot: with the pid, a process's identity (pids are reused). */
  readonly start: string
}

/**
 * `1234 (chromium) S 1 1234 …`; the command name may hold spaces and parentheses, so split after the last `)`.
 * Undefined for text cut short (a process that exited while it was read) or not a stat line at all.
 */
export const parseStat = (text: string): ProcStat | undefined => {
  const close = text.lastIndexOf(")")
  const pid = Number(text.slice(0, text.indexOf(" ")))
  if (close < 0 || !Number.isInteger(pid) || pid <= 0) return undefined
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/)
  // fields[0] is field 3 (state); ppid is field 4, pgrp 5, starttime 22
  const state = fields[0]
  const ppid = Number(fields[1])
  const pgid = Number(fields[2])
  const start = fields[19]
  if (
    state === undefined ||
    !/^[A-Za-z]$/.test(state) ||
    !Number.isInteger(ppid) ||
    !Number.isInteger(pgid) ||
    start === undefined ||
    !/^\d+$/.test(start)
  )
    return undefined
  return { pid, state, ppid, pgid, start }
}

/** NUL-separated argv. */
export const parseCmdline = (text: string): ReadonlyArray<string> => text.split("\0").filter((t) => t !== "")
