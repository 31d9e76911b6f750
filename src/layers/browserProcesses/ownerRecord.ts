/**
 * The `<session>.piab-owner` file: which process (pid, start time, the kind of table that read it) owns a session,
 * and its lock file, so another agent can tell an orphan from a session in use.
 */
import type { OsProcessesShape } from "../../services/OsProcesses.js"
import { readText } from "../socketFiles/sessionFiles.js"

/** `table`: the kind of process table whose start time `start` is (a record without one was written by `/proc`). */
export interface OwnerRecord {
  readonly pid: number
  readonly start: string
  readonly lockFile: string
  readonly table?: string
}

export const ownerOf = (path: string): OwnerRecord | undefined => {
  try {
    const record = JSON.parse(readText(path) ?? "null") as Partial<OwnerRecord> | null
    return typeof record?.pid === "number" && typeof record.start === "string" && typeof record.lockFile === "string"
      ? (record as OwnerRecord)
      : undefined
  } catch {
    return undefined
  }
}

/** A start time read by another kind of table cannot be compared: only a pid that is gone counts as dead. */
export const ownerAlive = (os: OsProcessesShape, owner: OwnerRecord) =>
  os.isAlive(
    owner.pid !== process.pid && (owner.table ?? "proc") === os.facts.kind
      ? { pid: owner.pid, startTime: owner.start }
      : { pid: owner.pid }
  )
