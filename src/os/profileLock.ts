/**
 * Chromium's profile lock as it lies on disk: `<profile>/SingletonLock` is a symbolic link whose target is
 * `<hostname>-<pid>` of the browser that holds the folder. Read here (a file fact of this machine), judged by the
 * caller with the process table (`OsProcesses`): a pid that does not run here names no browser of this machine.
 */
import { readlinkSync } from "node:fs"
import { hostname } from "node:os"
import { isAbsolute, join } from "node:path"

export interface ProfileLockFile {
  readonly host: string
  readonly pid: number
  /** The host it names is this machine's current name. */
  readonly sameHost: boolean
}

/** `<host>-<pid>` (a host name may itself hold dashes: the pid is after the last one). */
export const parseLockTarget = (target: string, thisHost: string): ProfileLockFile | undefined => {
  const match = /^(.+)-(\d+)$/.exec(target)
  if (match === null) return undefined
  const host = match[1] ?? ""
  return { host, pid: Number(match[2]), sameHost: host === thisHost }
}

/** The lock of a profile given as a folder path; undefined for a profile name, or a folder without a readable lock. */
export const readProfileLock = (profile: string): ProfileLockFile | undefined => {
  if (!isAbsolute(profile)) return undefined
  try {
    return parseLockTarget(readlinkSync(join(profile, "SingletonLock")), hostname())
  } catch {
    return undefined
  }
}
