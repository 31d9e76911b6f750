/**
 * A profile folder Chromium refused as locked, said from what its `SingletonLock` names (host and pid) and whether
 * that pid runs here: a lock no process of this machine holds is stale, not "another browser". Pure.
 */
import type { LaunchDiagnostic } from "../../schema/ToolError.js"

export interface ProfileLockAdvice {
  readonly problem: string
  readonly fix: string
  readonly summary: string
}

const IN_USE_FIX =
  "Close the browser using it, or pass another --profile (run `profiles` to list them; " +
  "config browser.profile sets a default)."

export const profileLockAdvice = (launch: LaunchDiagnostic): ProfileLockAdvice => {
  const folder = launch.profile !== undefined ? `the profile folder ${launch.profile}` : "the profile folder"
  const lockFile = launch.profile !== undefined ? `${launch.profile}/SingletonLock` : "its SingletonLock"
  const lock = launch.profileLock
  const inUse = (problem: string): ProfileLockAdvice => ({
    problem,
    fix: IN_USE_FIX,
    summary: "Browser profile in use"
  })
  if (lock === undefined) return inUse(`${folder} is in use by another browser.`)
  const names = `process ${lock.pid} on host "${lock.host}"`
  if (lock.pidRunning === true) return inUse(`${folder} is in use: its lock names ${names}, which is running.`)
  const otherHost = lock.sameHost === false
  const removal = `${lockFile} (and SingletonSocket, SingletonCookie beside it), then retry`
  if (lock.pidRunning === undefined) {
    return {
      problem: `${folder} is locked: its lock file names ${names} (whether that process runs here was not checked).`,
      fix: `If no browser uses this folder, remove ${removal}; otherwise close it, or pass another --profile.`,
      summary: "Browser profile locked"
    }
  }
  const why = otherHost
    ? ` (Chromium refuses a lock written under another host name; "${lock.host}" may be this machine ` +
      "under an earlier name, e.g. a restarted container)"
    : ""
  const there = otherHost
    ? ` Only if a browser on "${lock.host}" still uses this folder (a shared folder), close it there first.`
    : ""
  return {
    problem:
      `${folder} has a stale lock: its lock file names ${names}, and no process ${lock.pid} runs on this ` +
      `machine, so no browser here holds it${why}.`,
    fix: `Remove ${removal}.${there}`,
    summary: "Stale profile lock"
  }
}
