/**
 * The line of processes waiting for a session's lock, so the lock is taken in the order it was asked for: a holder
 * that asks again at once queues behind a process that was already waiting (the kernel lock alone has no order, and
 * pollers with backoff lose to a holder that re-asks at once). Each waiter is a ticket file beside the lock,
 * `<lock>.wait.<asked-at>.<gives-up-at>.<pid>.<random>`, removed when it takes the lock or stops waiting. A ticket
 * whose process is gone, or whose wait is long over, is stepped over and removed, so a crash never blocks the line.
 */
import { randomBytes } from "node:crypto"
import { closeSync, constants, openSync, readdirSync, rmSync } from "node:fs"
import { basename, dirname, join } from "node:path"

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
