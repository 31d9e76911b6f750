/**
 * Reads the Windows process table as the wrapper's PowerShell query prints it (pure): `Get-CimInstance
 * Win32_Process`, one JSON object per process with `pid`, `ppid`, `start` (CreationDate in UTC, ISO 8601 with
 * 100 ns digits) and `cmd` (CommandLine; null for another user's process or a system one). A process without a
 * start time (it exited while the table was read, or the System Idle Process) has no identity and is left out.
 */
import type { ProcessInfo } from "../domain/Processes.js"

/**
 * The query: a JSON array even for one or no process (`-InputObject @(…)`), start times in UTC so every reader gets
 * the same text. `filter` narrows it to one pid (`ProcessId=123`).
 */
export const windowsQuery = (filter?: string): string =>
  [
    "$ErrorActionPreference='Stop';",
    `$p = @(Get-CimInstance -ClassName Win32_Process${filter !== undefined ? ` -Filter '${filter}'` : ""}` +
      " | ForEach-Object {",
    "[pscustomobject]@{ pid = $_.ProcessId; ppid = $_.ParentProcessId;",
    "start = $(if ($_.CreationDate) { $_.CreationDate.ToUniversalTime().ToString('o') } else { $null });" +
      " cmd = $_.CommandLine } });",
    "ConvertTo-Json -Compress -Depth 2 -InputObject $p"
  ].join(" ")

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** Undefined when the text is not the query's JSON at all (the caller reports the table unparsable). */
export const parseWindowsTable = (text: string): ReadonlyArray<ProcessInfo> | undefined => {
  if (text.trim() === "") return []
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  const items = Array.isArray(parsed) ? parsed : isRecord(parsed) ? [parsed] : undefined
  if (items === undefined) return undefined
  return items.flatMap((item) => {
    if (!isRecord(item)) return []
    const { pid, ppid, start, cmd } = item
    if (typeof pid !== "number" || typeof ppid !== "number" || typeof start !== "string" || start === "") return []
    return [
      { pid, ppid, pgid: undefined, startTime: start, commandLine: typeof cmd === "string" ? cmd : "", zombie: false }
    ]
  })
}
