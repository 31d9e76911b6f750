/**
 * Reads POSIX `ps -o pid=,ppid=,pgid=,lstart=,stat=,args=` output (pure), as procps (Linux) and BSD `ps` (macOS,
 * FreeBSD) print it when run with `LC_ALL=C TZ=UTC`: `lstart` is then `Tue Nov 25 14:00:39 2026` in UTC, so the
 * start time is the same text whoever reads it. A line cut short (a process that exited while `ps` printed) is left
 * out, never guessed.
 */
import type { ProcessInfo } from "../domain/Processes.js"

/** The columns, in the order the parser expects; run with `LC_ALL=C` and `TZ=UTC`. */
export const PS_COLUMNS = "pid=,ppid=,pgid=,lstart=,stat=,args="

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

// pid, ppid, pgid, `lstart` (weekday, month, day, hh:mm:ss, year), stat, then the command line (args)
const LINE = new RegExp(
  String.raw`^\s*(\d+)\s+(\d+)\s+(\d+)\s+` +
    String.raw`[A-Z][a-z]{2}\s+([A-Z][a-z]{2})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})\s+` +
    String.raw`(\S+)(?:\s(.*))?$`
)

/** `Nov 25 14:00:39 2026` (UTC) as `2026-11-25T14:00:39Z`; undefined for anything else. */
export const lstartToIso = (
  month: string,
  day: string,
  h: string,
  m: string,
  s: string,
  year: string
): string | undefined => {
  const mon = MONTHS.indexOf(month)
  if (mon < 0) return undefined
  const date = new Date(Date.UTC(Number(year), mon, Number(day), Number(h), Number(m), Number(s)))
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace(".000Z", "Z")
}

export const parsePsLine = (line: string): ProcessInfo | undefined => {
  const match = LINE.exec(line)
  if (match === null) return undefined
  const [, pid, ppid, pgid, month, day, h, m, s, year, stat, args] = match
  const startTime = lstartToIso(month ?? "", day ?? "", h ?? "", m ?? "", s ?? "", year ?? "")
  if (startTime === undefined || pid === undefined || ppid === undefined || pgid === undefined || stat === undefined)
    return undefined
  return {
    pid: Number(pid),
    ppid: Number(ppid),
    pgid: Number(pgid),
    startTime,
    commandLine: (args ?? "").trim(),
    zombie: stat.startsWith("Z")
  }
}

export const parsePsOutput = (text: string): ReadonlyArray<ProcessInfo> =>
  text.split("\n").flatMap((line) => {
    const info = line.trim() === "" ? undefined : parsePsLine(line)
    return info === undefined ? [] : [info]
  })
