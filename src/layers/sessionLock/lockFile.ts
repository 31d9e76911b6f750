/**
 * The lock file and the users file of a session, at the system-call level: open (creating its folder when missing),
 * try a lock once, write and read who holds it, let go. No waiting here (withLock.ts waits).
 */
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeSync
} from "node:fs"
import { basename, dirname } from "node:path"
import * as Effect from "effect/Effect"
import type { LockHolder } from "../../schema/ToolError.js"

export interface NativeLocks {
  readonly tryLock: (fd: number, offset?: number, length?: number, options?: { readonly shared?: boolean }) => boolean
  readonly unlock: (fd: number) => void
}

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
export const tryOnce = (native: NativeLocks, path: string, budgetMs: number): number | undefined => {
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

export const holderOf = (path: string): LockHolder | undefined => {
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

export const release = (native: NativeLocks, fd: number) =>
  Effect.sync(() => {
    try {
      native.unlock(fd)
    } finally {
      closeSync(fd)
    }
  })

/** Opens the users file and takes a lock (shared or exclusive) at once; the fd, or undefined (fd closed). */
export const tryUsers = (native: NativeLocks, path: string, shared: boolean): number | undefined => {
  const fd = openCreating(path)
  if (native.tryLock(fd, 0, 0, { shared })) return fd
  closeSync(fd)
  return undefined
}
