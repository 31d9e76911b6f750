/**
 * Questions asked of process facts, the same for every process table (pure): is this the recorded process, which
 * folder a browser was started with, whether a command line carries an argument, and a table's trees and groups.
 */
import type { ProcessIdentity, ProcessInfo } from "../domain/Processes.js"

/** Running, not a zombie, and (when the identity has one) started when the recorded process started. */
export const isSameProcess = <P extends Pick<ProcessInfo, "pid" | "startTime" | "zombie">>(
  info: P | undefined,
  identity: { readonly pid: number; readonly startTime?: string | undefined }
): info is P =>
  info !== undefined &&
  info.pid === identity.pid &&
  !info.zombie &&
  (identity.startTime === undefined || info.startTime === identity.startTime)

export const identityOf = (info: ProcessInfo): ProcessIdentity => ({ pid: info.pid, startTime: info.startTime })

const unquote = (text: string): string => text.replace(/^"(.*)"$/, "$1")

/**
 * The value of `--<name>=<value>`: from the exact argv where the table has one, else from the command-line text
 * (up to the next ` --` flag, quotes removed: Windows quotes paths with spaces, `ps` does not quote at all).
 */
export const flagValue = (info: Pick<ProcessInfo, "argv" | "commandLine">, name: string): string | undefined => {
  const prefix = `--${name}=`
  if (info.argv !== undefined) {
    const arg = info.argv.find((t) => t.startsWith(prefix))
    return arg === undefined ? undefined : arg.slice(prefix.length)
  }
  const match = new RegExp(`(?:^|\\s)"?${prefix.replace(/[-]/g, "\\-")}("[^"]*"|.*?)"?(?=\\s+"?--|$)`).exec(
    info.commandLine
  )
  return match?.[1] === undefined ? undefined : unquote(match[1].trim())
}

/** The `--user-data-dir` a browser was started with. */
export const userDataDirOf = (info: Pick<ProcessInfo, "argv" | "commandLine">): string | undefined =>
  flagValue(info, "user-data-dir")

/** The program a process runs (argv[0], or the command line's first word or quoted path). */
export const executableOf = (info: Pick<ProcessInfo, "argv" | "commandLine">): string =>
  info.argv !== undefined ? (info.argv[0] ?? "") : unquote(/^("[^"]*"|\S*)/.exec(info.commandLine.trim())?.[1] ?? "")

/** Whether the command line carries `arg` as a whole argument (not as the prefix of a longer one). */
export const hasArgument = (info: Pick<ProcessInfo, "argv" | "commandLine">, arg: string): boolean => {
  if (info.argv !== undefined) return info.argv.includes(arg)
  for (let at = info.commandLine.indexOf(arg); at >= 0; at = info.commandLine.indexOf(arg, at + 1)) {
    const before = info.commandLine[at - 1]
    const after = info.commandLine[at + arg.length]
    if ((before === undefined || /[\s"]/.test(before)) && (after === undefined || /[\s"]/.test(after))) return true
  }
  return false
}

/** Live descendants of `pid` in a table (breadth-first; a cycle from a reused pid cannot loop). */
export const descendantsIn = (table: ReadonlyArray<ProcessInfo>, pid: number): ReadonlyArray<ProcessInfo> => {
  const found: Array<ProcessInfo> = []
  const seen = new Set([pid])
  for (let frontier = [pid]; frontier.length > 0; ) {
    const next = table.filter((p) => frontier.includes(p.ppid) && !seen.has(p.pid))
    for (const p of next) seen.add(p.pid)
    found.push(...next)
    frontier = next.map((p) => p.pid)
  }
  return found.filter((p) => !p.zombie)
}

/** Live members of a process group in a table. */
export const groupIn = (table: ReadonlyArray<ProcessInfo>, pgid: number): ReadonlyArray<ProcessInfo> =>
  table.filter((p) => p.pgid === pgid && !p.zombie)
