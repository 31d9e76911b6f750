/**
 * The folders a recorded browser named (`--user-data-dir`, its `SingletonSocket` link's folder) and removing them,
 * again while a helper that is still exiting writes into them once more.
 */
import { lstatSync, readlinkSync, rmSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import type { BrowserIdentity } from "../../services/BrowserProcesses.js"

export const POLL_MS = 50
/** Times a reaped browser's folders are checked again for late writes (each after two polls). */
const FOLDER_RECHECKS = 5

/** The folder of the profile's `SingletonSocket`, when the link points into a Chromium/Chrome temp folder. */
export const singletonDirOf = (profileDir: string): string | undefined => {
  try {
    const link = readlinkSync(join(profileDir, "SingletonSocket"))
    return /^\.?org\.chromium\.Chromium\.|^\.?com\.google\.Chrome\./.test(basename(dirname(link)))
      ? dirname(link)
      : undefined
  } catch {
    return undefined
  }
}

const exists = (path: string): boolean => {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** Removes each path that exists; the ones removed. */
export const removeAll = (paths: ReadonlyArray<string | undefined>): ReadonlyArray<string> =>
  paths.flatMap((path) => {
    if (path === undefined || !exists(path)) return []
    try {
      rmSync(path, { recursive: true, force: true })
      return [path]
    } catch {
      return []
    }
  })

/** Removes the browser's folders; the ones removed. */
export const removeFolders = (identity: BrowserIdentity) =>
  Effect.gen(function* () {
    const folders = [identity.profileDir, identity.singletonDir]
    const removed = removeAll(folders)
    // a helper process that was still exiting can write into the profile once more:
    // remove again until it stays gone
    for (let attempt = 0; attempt < FOLDER_RECHECKS && folders.some((f) => f !== undefined && exists(f)); attempt++) {
      yield* Effect.sleep(POLL_MS * 2)
      removeAll(folders)
    }
    return removed
  })
