/**
 * SessionLockLive: an exclusive lock on `<socketDir>/<session>.piab-lock` through `fs-native-extensions` (prebuilt
 * for Linux, macOS and Windows): an open-file-description `fcntl` lock on Linux, `flock(2)` on macOS, `LockFileEx` on
 * Windows. The kernel drops it when the holder's file is closed, so a holder that exits, crashes or is SIGKILLed
 * frees the session at once (a pid or mtime file would wait for a staleness guess; see docs/POOLS.md). The file is
 * opened close-on-exec, so no daemon spawned during the call inherits it. After taking the lock the holder writes who
 * it is into the file (pid, executable and script, since when), which is all a waiter reads when it gives up.
 * Waiting polls `tryLock` (a blocked `waitForLock` thread could not be called off when the call is interrupted), in
 * the order the lock was asked for (a line of ticket files, sessionLock/waitLine.ts).
 * Each process that uses a session also holds a shared lock on `<session>.piab-users` until it quits or dies
 * (`join`); `leave` and `inUse` ask whether anyone else does by trying an exclusive lock for an instant. Both are
 * called while the session's lock is held, so removing the users file with the last user races no joiner.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync
} from "node:fs"
import { createRequire } from "node:module"
import { basename, dirname } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type LockHolder, TimedOut } from "../schema/ToolError.js"
import { SessionLock } from "../services/SessionLock.js"
import { joinLine, leaveLine, mayTry } from "./sessionLock/waitLine.js"

interface NativeLocks {
  readonly tryLock: (fd: number, offset?: number, length?: number, options?: { readonly shared?: boolean }) => boolean
  readonly unlock: (fd: number) => void
}

/** The users file of the session whose lock file is `path`: each process using the session holds a shared lock on it. */
export const usersFileOf = (lockPath: string): string => lockPath.replace(/\.piab-lock$/, "") + ".piab-users"

/** Opens the users file and takes a lock (shared or exclusive) at once; the fd, or undefined (fd closed). */
const tryUsers = (native: NativeLocks, path: string, shared: boolean): number | undefined => {
  const fd = openCreating(path)
  if (native.tryLock(fd, 0, 0, { shared })) return fd
  closeSync(fd)
  return undefined
}

/** The native module, or why it could not be loaded (an unsupported platform). */
const loadNative = (): NativeLocks | string => {
  try {
    return createRequire(import.meta.url)("fs-native-extensions") as NativeLocks
  } catch (error) {
    return (error as Error).message.split("\n")[0] ?? "not loadable"
  }
}

const FIRST_POLL_MS = 10
const MAX_POLL_MS = 100

/** Executable and script of this process: enough to recognise it, never a prompt that may sit later in argv. */
const selfCommand = (): string =>
  [basename(process.argv0 || process.execPath), process.argv[1] ?? ""].filter((t) => t !== "").join(" ")

/** The holder record is padded to this size, so a shorter one overwrites a longer one without a truncate (~2 ms). */
const HOLDER_BYTES = 512

const writeHolder = (fd: number, record: string) => {
  if (Buffer.byteLength(record) <= HOLDER_BYTES)
    return void writeSync(fd, record.padEnd(HOLDER_BYTES - (Buffer.byteLength(record) - record.length)), 0)
  ftruncateSync(fd, 0)
  writeSync(fd, record, 0)
}

/**
 * Opens (creating) a file beside the sessions; its folder is made only when it is missing: a caller's own
 * AGENT_BROWSER_SOCKET_DIR may not exist yet (upstream creates it on its first daemon). Every call takes the lock,
 * and a folder made each time cost two more system calls.
 */
const openCreating = (path: string): number => {
  try {
    return openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    return openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600)
  }
}

/** Opens and tries once; the fd when the lock is ours (and still the file at `path`), else undefined (fd closed). */
const tryOnce = (native: NativeLocks, path: string, budgetMs: number): number | undefined => {
  const fd = openCreating(path)
  try {
    if (!native.tryLock(fd)) {
      closeSync(fd)
      return undefined
    }
    // a holder that removed the file after we opened it left us a lock on a file nobody else will open
    if (fstatSync(fd).ino !== statSync(path).ino) {
      native.unlock(fd)
      closeSync(fd)
      return undefined
    }
    writeHolder(fd, JSON.stringify({ pid: process.pid, command: selfCommand(), since: Date.now(), budgetMs }))
    return fd
  } catch (error) {
    closeSync(fd)
    throw error
  }
}

const holderOf = (path: string): LockHolder | undefined => {
  try {
    const record = JSON.parse(readFileSync(path, "utf8")) as {
      pid?: unknown
      command?: unknown
      since?: unknown
      budgetMs?: unknown
    }
    if (typeof record.pid !== "number") return undefined
    const heldMs = typeof record.since === "number" ? Math.max(0, Date.now() - record.since) : undefined
    return {
      pid: record.pid,
      command: typeof record.command === "string" ? record.command : "",
      ...(heldMs !== undefined ? { heldMs } : {}),
      ...(heldMs !== undefined && typeof record.budgetMs === "number"
        ? { remainingMs: Math.max(0, record.budgetMs - heldMs) }
        : {}),
      ...(record.pid === process.pid ? { sameProcess: true } : {})
    }
  } catch {
    return undefined
  }
}

const release = (native: NativeLocks, fd: number) =>
  Effect.sync(() => {
    try {
      native.unlock(fd)
    } finally {
      closeSync(fd)
    }
  })

const busy = (path: string, waitMs: number) => {
  const holder = holderOf(path)
  return new TimedOut({
    reason: "session-lock",
    lockPath: path,
    timeoutMs: waitMs,
    dispatched: "no",
    stdout: "",
    stderr: "",
    ...(holder !== undefined ? { holder } : {})
  })
}

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
        : `${process.platform === "linux" ? "fcntl open-file-description" : process.platform === "win32" ? "LockFileEx" : "flock(2)"} lock beside each session's socket`,
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
    withLock: (path, waitMs, task) => {
      if (typeof native === "string") return task
      // only the sleeps between tries can be interrupted: a lock taken is always handed to `ensuring`
      return Effect.uninterruptibleMask((restore) =>
        Effect.gen(function* () {
          const deadline = Date.now() + waitMs
          // in the order asked (waitLine.ts): a free lock is taken at once only when nobody is waiting for it
          let fd = mayTry(path, undefined) ? tryOnce(native, path, waitMs) : undefined
          if (fd !== undefined) return yield* restore(task).pipe(Effect.ensuring(release(native, fd)))
          const ticket = joinLine(path, deadline)
          const waited = Effect.gen(function* () {
            let pause = FIRST_POLL_MS
            while (fd === undefined) {
              if (Date.now() >= deadline) return yield* busy(path, waitMs)
              yield* restore(Effect.sleep(Math.min(pause, Math.max(1, deadline - Date.now()))))
              // first in line: the lock is tried at the first interval (the holder's turn may end any moment)
              const first = mayTry(path, ticket)
              pause = first ? FIRST_POLL_MS : Math.min(MAX_POLL_MS, pause * 2)
              if (first) fd = tryOnce(native, path, waitMs)
            }
            return fd
          }).pipe(Effect.ensuring(Effect.sync(() => leaveLine(path, ticket))))
          const held = yield* waited
          return yield* restore(task).pipe(Effect.ensuring(release(native, held)))
        })
      )
    }
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
