/**
 * SessionLockLive: an exclusive lock on `<socketDir>/<session>.piab-lock` through `fs-native-extensions` (prebuilt
 * for Linux, macOS and Windows): an open-file-description `fcntl` lock on Linux, `flock(2)` on macOS, `LockFileEx` on
 * Windows. The kernel drops it when the holder's file is closed, so a holder that exits, crashes or is SIGKILLed
 * frees the session at once (a pid or mtime file would wait for a staleness guess; see docs/POOLS.md). The file is
 * opened close-on-exec, so no daemon spawned during the call inherits it. After taking the lock the holder writes who
 * it is into the file (pid, executable and script, since when), which is all a waiter reads when it gives up.
 * Waiting polls `tryLock` (a blocked `waitForLock` thread could not be called off when the call is interrupted), in
 * the order the lock was asked for (a line of ticket files, sessionLock/withLock.ts).
 * Each process that uses a session also holds a shared lock on `<session>.piab-users` until it quits or dies
 * (`join`); `leave` and `inUse` ask whether anyone else does by trying an exclusive lock for an instant. Both are
 * called while the session's lock is held, so removing the users file with the last user races no joiner.
 */
import { closeSync, existsSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { SessionLock } from "../services/SessionLock.js"
import { type NativeLocks, release, tryOnce, tryUsers } from "./sessionLock/withLock.js"
import { withNativeLock } from "./sessionLock/withLock.js"

/**
 * The users file of the session whose lock file is `path`: each process using the session holds a shared lock on it.
 */
export const usersFileOf = (lockPath: string): string => lockPath.replace(/\.piab-lock$/, "") + ".piab-users"

/** The native module, or why it could not be loaded (an unsupported platform). */
const loadNative = (): NativeLocks | string => {
  try {
    return createRequire(import.meta.url)("fs-native-extensions") as NativeLocks
  } catch (error) {
    return (error as Error).message.split("\n")[0] ?? "not loadable"
  }
}

/** What holds the lock on this platform, as `mechanism` says it. */
const nativeLockName = (platform: NodeJS.Platform): string =>
  platform === "linux" ? "fcntl open-file-description" : platform === "win32" ? "LockFileEx" : "flock(2)"

export const makeSessionLock = (native: NativeLocks | string) => {
  /** This process's shares: users file → its open file (the shared lock lives as long as the file stays open). */
  const shares = new Map<string, number>()
  const unshare = (usersPath: string) => {
    const fd = shares.get(usersPath)
    if (fd === undefined) return
    shares.delete(usersPath)
    try {
      if (typeof native !== "string") native.unlock(fd)
    } finally {
      closeSync(fd)
    }
  }
  /** Nobody holds a share: an exclusive lock can be taken at once (and is let go again). */
  const unused = (native: NativeLocks, usersPath: string): boolean => {
    if (!existsSync(usersPath)) return true
    const fd = tryUsers(native, usersPath, false)
    if (fd === undefined) return false
    native.unlock(fd)
    closeSync(fd)
    return true
  }
  const lock = SessionLock.of({
    join: (path) =>
      Effect.sync(() => {
        if (typeof native === "string") return
        const usersPath = usersFileOf(path)
        if (shares.has(usersPath)) return
        // a shared lock waits only for an exclusive one, which `leave` and `inUse` hold for an instant
        for (let i = 0; i < 50; i++) {
          const fd = tryUsers(native, usersPath, true)
          if (fd !== undefined) return void shares.set(usersPath, fd)
        }
      }).pipe(Effect.catchAllDefect(() => Effect.void)),
    leave: (path) =>
      Effect.sync(() => {
        if (typeof native === "string") return { othersRemain: false }
        const usersPath = usersFileOf(path)
        unshare(usersPath)
        const othersRemain = !unused(native, usersPath)
        if (!othersRemain) rmSync(usersPath, { force: true })
        return { othersRemain }
      }).pipe(Effect.catchAllDefect(() => Effect.succeed({ othersRemain: false }))),
    inUse: (path) =>
      Effect.sync(
        () => typeof native !== "string" && (shares.has(usersFileOf(path)) || !unused(native, usersFileOf(path)))
      ).pipe(Effect.catchAllDefect(() => Effect.succeed(false))),
    mechanism:
      typeof native === "string"
        ? `unavailable (${native}): calls are ordered within each process only`
        : `${nativeLockName(process.platform)} lock beside each session's socket`,
    crossProcess: typeof native !== "string",
    retire: (path) =>
      Effect.suspend(() => {
        if (typeof native === "string" || !existsSync(path)) return Effect.succeed(false)
        const fd = tryOnce(native, path, 0)
        if (fd === undefined) return Effect.succeed(false)
        return Effect.sync(() => {
          rmSync(path, { force: true })
          return true
        }).pipe(Effect.ensuring(release(native, fd)))
      }).pipe(Effect.catchAllDefect(() => Effect.succeed(false))),
    withLock: (path, waitMs, task) => (typeof native === "string" ? task : withNativeLock(native, path, waitMs, task))
  })
  /** Lets go of every share (the runtime ends: pi reloads in the same process, so the kernel would not). */
  const releaseShares = Effect.sync(() => [...shares.keys()].forEach(unshare))
  return Object.assign(lock, { releaseShares })
}

/** Scoped: the runtime's end releases this process's shares (a reloaded pi extension lives on in the same process). */
export const SessionLockLive: Layer.Layer<SessionLock> = Layer.scoped(
  SessionLock,
  Effect.acquireRelease(
    Effect.sync(() => makeSessionLock(loadNative())),
    (lock) => lock.releaseShares
  )
)
