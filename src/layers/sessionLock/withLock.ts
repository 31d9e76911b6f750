/**
 * Runs a task under a session's exclusive lock, waiting for it in the order it was asked for (the wait line, below)
 * until `waitMs` runs out, then fails with `TimedOut` naming the holder.
 */

import * as Effect from "effect/Effect"
import { randomBytes } from "node:crypto"
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync
} from "node:fs"
import { basename, dirname, join } from "node:path"
import { type LockHolder, TimedOut } from "../../schema/ToolError.js"

const FIRST_POLL_MS = 10
const MAX_POLL_MS = 100

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
/** Only the sleeps between tries can be interrupted: a lock taken is always handed to `ensuring`. */
export const withNativeLock = <A, E, R>(
  native: NativeLocks,
  path: string,
  waitMs: number,
  task: Effect.Effect<A, E, R>
): Effect.Effect<A, E | TimedOut, R> =>
  Effect.uninterruptibleMask((restore) =>
    Effect.gen(function* () {
      const deadline = Date.now() + waitMs
      // in the order asked (the wait line, below): a free lock is taken at once only when nobody is waiting for it
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

/**
 * The lock file and the users file of a session, at the system-call level: open (creating its folder when missing),
 * try a lock once, write and read who holds it, let go. No waiting in these (withNativeLock waits).
 */
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

/**
 * The line of processes waiting for a session's lock, so the lock is taken in the order it was asked for: a holder
 * that asks again at once queues behind a process that was already waiting (the kernel lock alone has no order, and
 * pollers with backoff lose to a holder that re-asks at once). Each waiter is a ticket file beside the lock,
 * `<lock>.wait.<asked-at>.<gives-up-at>.<pid>.<random>`, removed when it takes the lock or stops waiting. A ticket
 * whose process is gone, or whose wait is long over, is stepped over and removed, so a crash never blocks the line.
 */
/** A ticket outlives its own deadline this long before others step over it (its holder may be about to clean up). */
const EXPIRY_GRACE_MS = 5_000

const prefixOf = (lockPath: string): string => `${basename(lockPath)}.wait.`

interface Ticket {
  readonly name: string
  readonly askedAt: number
  readonly givesUpAt: number
  readonly pid: number
}

const parse = (prefix: string, name: string): Ticket | undefined => {
  const [askedAt, givesUpAt, pid] = name.slice(prefix.length).split(".").map(Number)
  return askedAt === undefined ||
    givesUpAt === undefined ||
    pid === undefined ||
    [askedAt, givesUpAt, pid].some((n) => !Number.isFinite(n))
    ? undefined
    : { name, askedAt, givesUpAt, pid }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** The live tickets in the order they were asked for (dead or long-expired ones removed on the way). */
const line = (lockPath: string): ReadonlyArray<Ticket> => {
  const dir = dirname(lockPath)
  const prefix = prefixOf(lockPath)
  let names: ReadonlyArray<string>
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix))
  } catch {
    return []
  }
  const now = Date.now()
  const live: Array<Ticket> = []
  for (const name of names) {
    const ticket = parse(prefix, name)
    if (ticket !== undefined && alive(ticket.pid) && ticket.givesUpAt + EXPIRY_GRACE_MS > now) live.push(ticket)
    else rmSync(join(dir, name), { force: true })
  }
  return live.sort((a, b) => a.askedAt - b.askedAt || a.name.localeCompare(b.name))
}

/** Whether `mine` (undefined: not in line yet) may try the lock now: nobody is ahead of it. */
export const mayTry = (lockPath: string, mine: string | undefined): boolean => {
  const first = line(lockPath)[0]
  return first === undefined || first.name === mine
}

/** Joins the line; the ticket's name, or undefined when no ticket can be written (then it waits unordered). */
export const joinLine = (lockPath: string, givesUpAt: number): string | undefined => {
  const name = `${prefixOf(lockPath)}${Date.now()}.${givesUpAt}.${process.pid}.${randomBytes(4).toString("hex")}`
  try {
    closeSync(openSync(join(dirname(lockPath), name), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600))
    return name
  } catch {
    return undefined
  }
}

export const leaveLine = (lockPath: string, ticket: string | undefined): void => {
  if (ticket !== undefined) rmSync(join(dirname(lockPath), ticket), { force: true })
}
