/**
 * BrowserProcessesLive: identities read from the socket dir and the process table (`OsProcesses`: `/proc`, `ps` or
 * Windows), kills by recorded pid after checking the start time (a reused pid is never signalled), and folder removal
 * limited to what the recorded browser itself named (`--user-data-dir`, its `SingletonSocket` link). A table that
 * cannot be read is said: a reap reports `unchecked` (its files are still removed), a check or record is logged with
 * the cause; nothing is guessed.
 */
import { lstatSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { ProcessInfo } from "../domain/Processes.js"
import { executableOf, hasArgument, userDataDirOf } from "../os/processFacts.js"
import {
  type BrowserIdentity,
  type BrowserLoss,
  BrowserProcesses,
  type LossNotChecked,
  type OrphanReaped,
  type ReapReport
} from "../services/BrowserProcesses.js"
import { OsProcesses, type ProcessTableUnavailable } from "../services/OsProcesses.js"
import { SessionLock } from "../services/SessionLock.js"
import { OWNER_SUFFIX, sessionFilePath } from "../upstream/sessionFiles.js"
import { terminate } from "./osProcesses/terminate.js"
import { daemonPidIn, daemonTargetIn, readText, sessionFilesOf } from "./socketFiles/sessionFiles.js"

/** How long a SIGTERMed daemon gets to close its browser and remove its files before SIGKILL. */
const DAEMON_GRACE_MS = 2_000
const POLL_MS = 50
/** Times a reaped browser's folders are checked again for late writes (each after two polls). */
const FOLDER_RECHECKS = 5

const lastUrlIn = (socketDir: string, session: string): string | undefined => {
  const url = daemonTargetIn(socketDir, session).url
  return url !== undefined && url !== "" ? url : undefined
}

const singletonDirOf = (profileDir: string): string | undefined => {
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

const removeAll = (paths: ReadonlyArray<string | undefined>): ReadonlyArray<string> =>
  paths.flatMap((path) => {
    if (path === undefined || !exists(path)) return []
    try {
      rmSync(path, { recursive: true, force: true })
      return [path]
    } catch {
      return []
    }
  })

/** `table`: the kind of process table whose start time `start` is (a record without one was written by `/proc`). */
interface OwnerRecord {
  readonly pid: number
  readonly start: string
  readonly lockFile: string
  readonly table?: string
}

const ownerOf = (path: string): OwnerRecord | undefined => {
  try {
    const record = JSON.parse(readText(path) ?? "null") as Partial<OwnerRecord> | null
    return typeof record?.pid === "number" && typeof record.start === "string" && typeof record.lockFile === "string"
      ? (record as OwnerRecord)
      : undefined
  } catch {
    return undefined
  }
}

const waitUntil = <E>(done: Effect.Effect<boolean, E>, ms: number) =>
  Effect.gen(function* () {
    for (let waited = 0; waited < ms && !(yield* done); waited += POLL_MS) yield* Effect.sleep(POLL_MS)
  })

const uncheckedText = (error: ProcessTableUnavailable) => `${error.message}; nothing was ended or removed`

export const BrowserProcessesLive: Layer.Layer<BrowserProcesses, never, SessionLock | OsProcesses> = Layer.effect(
  BrowserProcesses,
  Effect.gen(function* () {
    const os = yield* OsProcesses
    const lock = yield* SessionLock
    const known = yield* Ref.make<ReadonlyMap<string, BrowserIdentity>>(new Map())
    const forget = (session: string) => Ref.update(known, (m) => new Map([...m].filter(([k]) => k !== session)))
    const remember = (session: string, identity: BrowserIdentity) =>
      Ref.update(known, (m) => new Map([...m, [session, identity]]))
    // sessions whose table read failed (session -> why), and those already told so
    const unread = yield* Ref.make<ReadonlyMap<string, string>>(new Map())
    const told = yield* Ref.make<ReadonlySet<string>>(new Set())
    const markUnread = (session: string, error: ProcessTableUnavailable) =>
      Ref.update(unread, (m) => new Map([...m, [session, error.message]]))
    /** The first time only: that this session's browser could not be checked. */
    const notCheckedOnce = (session: string) =>
      Effect.gen(function* () {
        const why = (yield* Ref.get(unread)).get(session)
        if (why === undefined || (yield* Ref.get(told)).has(session)) return undefined
        yield* Ref.update(told, (t) => new Set([...t, session]))
        return { session, notChecked: why } satisfies LossNotChecked
      })
    const isSame = (pid: number | undefined, startTime: string | undefined) =>
      pid === undefined ? Effect.succeed(false) : os.isAlive({ pid, startTime })

    /** The daemon's browser: its child started with `--user-data-dir`. */
    const observe = (socketDir: string, session: string) =>
      Effect.gen(function* () {
        const daemonPid = daemonPidIn(socketDir, session)
        const daemon = daemonPid === undefined ? undefined : yield* os.stat(daemonPid)
        if (daemonPid === undefined || daemon === undefined || daemon.zombie) return undefined
        for (const child of (yield* os.list).filter((p) => p.ppid === daemonPid && !p.zombie)) {
          const profileDir = userDataDirOf(child)
          if (profileDir === undefined) continue
          const singletonDir = singletonDirOf(profileDir)
          return {
            daemonPid,
            daemonStart: daemon.startTime,
            browserPid: child.pid,
            browserStart: child.startTime,
            browserExe: executableOf(child),
            profileDir,
            ...(singletonDir !== undefined ? { singletonDir } : {})
          } satisfies BrowserIdentity
        }
        return { daemonPid, daemonStart: daemon.startTime } satisfies BrowserIdentity
      })

    /**
     * Members of the browser's process group (renderers, zygotes, GPU and crashpad helpers; where there are no
     * groups, the browser's process tree), except the daemon; and every process carrying the session's private
     * profile folder on its command line, whatever group it ended up in. Matched by group, not by executable: the
     * recorded argv[0] may be a wrapper script that exec'd the browser. This process's own group is never the
     * browser's (a guard, not an expected case).
     */
    const browserGroup = (identity: BrowserIdentity) =>
      Effect.gen(function* () {
        if (identity.browserPid === undefined) return [] as ReadonlyArray<ProcessInfo>
        const table = yield* os.list
        const browser = table.find(
          (p) => p.pid === identity.browserPid && !p.zombie && p.startTime === identity.browserStart
        )
        const pgid = browser?.pgid ?? identity.browserPid
        const ownGroup = table.find((p) => p.pid === process.pid)?.pgid
        const group = pgid === ownGroup ? [] : (yield* os.groupMembers(pgid)).map((p) => p.pid)
        const profileFlag = identity.profileDir === undefined ? undefined : `--user-data-dir=${identity.profileDir}`
        return table.filter(
          (p) =>
            !p.zombie &&
            p.pid !== identity.daemonPid &&
            p.pid !== process.pid &&
            (group.includes(p.pid) || (profileFlag !== undefined && hasArgument(p, profileFlag)))
        )
      })

    /** Ends the recorded browser group and removes its folders; the daemon is left to the caller. */
    const endBrowser = (identity: BrowserIdentity) =>
      Effect.gen(function* () {
        const killed: Array<number> = []
        for (const p of yield* browserGroup(identity))
          if ((yield* os.signal({ _tag: "Pid", pid: p.pid }, "SIGKILL")) === "sent") killed.push(p.pid)
        yield* waitUntil(
          Effect.map(browserGroup(identity), (left) => left.length === 0),
          DAEMON_GRACE_MS
        )
        return killed
      })

    const removeFolders = (identity: BrowserIdentity) =>
      Effect.gen(function* () {
        const folders = [identity.profileDir, identity.singletonDir]
        const removed = removeAll(folders)
        // a helper process that was still exiting can write into the profile once more:
        // remove again until it stays gone
        for (
          let attempt = 0;
          attempt < FOLDER_RECHECKS && folders.some((f) => f !== undefined && exists(f));
          attempt++
        ) {
          yield* Effect.sleep(POLL_MS * 2)
          removeAll(folders)
        }
        return removed
      })

    const record = (socketDir: string, session: string) =>
      Effect.gen(function* () {
        const current = (yield* Ref.get(known)).get(session)
        if (
          current !== undefined &&
          current.browserPid !== undefined &&
          (yield* isSame(current.daemonPid, current.daemonStart)) &&
          (yield* isSame(current.browserPid, current.browserStart))
        )
          return current
        const seen = yield* observe(socketDir, session)
        if (seen === undefined) return current
        yield* remember(session, seen)
        return seen
      }).pipe(
        Effect.catchTag("ProcessTableUnavailable", (error) =>
          Effect.as(
            Effect.zipRight(
              markUnread(session, error),
              Effect.logWarning(`session ${session}: its browser was not recorded`, error)
            ),
            undefined
          )
        )
      )

    const check = (socketDir: string, session: string) =>
      Effect.gen(function* () {
        const identity = (yield* Ref.get(known)).get(session)
        if (identity === undefined) return yield* notCheckedOnce(session)
        const daemonAlive = yield* isSame(identity.daemonPid, identity.daemonStart)
        const browserAlive =
          identity.browserPid === undefined || (yield* isSame(identity.browserPid, identity.browserStart))
        if (daemonAlive && browserAlive) return undefined
        const lastUrl = lastUrlIn(socketDir, session)
        const killed = yield* endBrowser(identity)
        const removed = yield* removeFolders(identity)
        // a dead daemon leaves its socket files; they name a process that is gone
        const files =
          !daemonAlive && daemonPidIn(socketDir, session) === identity.daemonPid
            ? removeAll(sessionFilesOf(socketDir, session))
            : []
        yield* forget(session)
        return {
          session,
          reason: daemonAlive ? "browser-exited" : "daemon-exited",
          daemonPid: identity.daemonPid,
          ...(identity.browserPid !== undefined ? { browserPid: identity.browserPid } : {}),
          ...(lastUrl !== undefined ? { lastUrl } : {}),
          reaped: { killed, removed: [...removed, ...files] }
        } satisfies BrowserLoss
      }).pipe(
        Effect.catchTag("ProcessTableUnavailable", (error) =>
          Effect.zipRight(
            Effect.zipRight(
              markUnread(session, error),
              Effect.logWarning(`session ${session}: whether its browser is still running was not checked`, error)
            ),
            notCheckedOnce(session)
          )
        )
      )

    // this process's start time does not change: read once (a command line read per call costs the most on /proc)
    const ownStartRef = yield* Ref.make<string | undefined>(undefined)
    const ownStart = Effect.flatMap(Ref.get(ownStartRef), (known) =>
      known !== undefined
        ? Effect.succeed(known)
        : Effect.tap(
            Effect.map(os.stat(process.pid), (info) => info?.startTime),
            (start) => Ref.set(ownStartRef, start)
          )
    )
    const recordOwner = (socketDir: string, session: string, lockFile: string) =>
      Effect.gen(function* () {
        const start = yield* ownStart
        if (start === undefined) return
        const path = sessionFilePath(socketDir, session, "piab-owner")
        const owner = ownerOf(path)
        if (owner?.pid === process.pid && owner.start === start) return
        try {
          writeFileSync(
            path,
            JSON.stringify({ pid: process.pid, start, lockFile, table: os.facts.kind } satisfies OwnerRecord),
            { mode: 0o600 }
          )
        } catch {
          // a socket dir that cannot be written has no session to reap either
        }
      }).pipe(
        Effect.catchTag("ProcessTableUnavailable", (error) =>
          Effect.logWarning(`session ${session}: its owner was not recorded, so no other agent can reap it`, error)
        )
      )

    /** A start time read by another kind of table cannot be compared: only a pid that is gone counts as dead. */
    const ownerAlive = (owner: OwnerRecord) =>
      os.isAlive(
        owner.pid !== process.pid && (owner.table ?? "proc") === os.facts.kind
          ? { pid: owner.pid, startTime: owner.start }
          : { pid: owner.pid }
      )

    /** Without a readable table nothing is ended or removed (a daemon that may still run keeps its files): said. */
    const reap = (socketDir: string, session: string) =>
      Effect.gen(function* () {
        const recorded = (yield* Ref.get(known)).get(session)
        const live = yield* observe(socketDir, session)
        const identities = [recorded, live].filter((i): i is BrowserIdentity => i !== undefined)
        const killed: Array<number> = []
        for (const identity of identities) {
          const daemon = { _tag: "Pid", pid: identity.daemonPid, startTime: identity.daemonStart } as const
          const ended = yield* terminate(os, daemon, { graceMs: DAEMON_GRACE_MS, pollMs: POLL_MS })
          if (ended !== "gone" && ended !== "denied") killed.push(identity.daemonPid)
        }
        const removed: Array<string> = []
        for (const identity of identities) {
          killed.push(...(yield* endBrowser(identity)))
          removed.push(...(yield* removeFolders(identity)))
        }
        removed.push(...removeAll(sessionFilesOf(socketDir, session)))
        yield* forget(session)
        return { killed: [...new Set(killed)], removed: [...new Set(removed)] } satisfies ReapReport
      }).pipe(
        Effect.catchTag("ProcessTableUnavailable", (error) =>
          Effect.as(Effect.logWarning(`session ${session}: not reaped`, error), {
            killed: [],
            removed: [],
            unchecked: uncheckedText(error)
          } satisfies ReapReport)
        )
      )

    const reapOrphans = (socketDir: string) =>
      Effect.gen(function* () {
        let names: ReadonlyArray<string> = []
        try {
          names = readdirSync(socketDir).filter((n) => n.endsWith(OWNER_SUFFIX))
        } catch {
          return []
        }
        const reaped: Array<OrphanReaped> = []
        for (const name of names) {
          const session = name.slice(0, -OWNER_SUFFIX.length)
          const path = join(socketDir, name)
          const owner = ownerOf(path)
          // no identity to judge by, a live owner, or one that could not be checked: never touched
          if (
            owner === undefined ||
            (yield* ownerAlive(owner).pipe(
              Effect.catchTag("ProcessTableUnavailable", (error) =>
                Effect.as(
                  Effect.logWarning(
                    `session ${session}: whether its owner ${owner.pid} is alive was not checked; left alone`,
                    error
                  ),
                  true
                )
              )
            ))
          )
            continue
          // a call in flight (another agent resumed this session) holds the lock: not an orphan, whoever wrote the file
          const done = yield* lock
            .withLock(
              owner.lockFile,
              0,
              Effect.gen(function* () {
                if (ownerOf(path)?.pid !== owner.pid) return undefined
                // the owner is dead, but another live process uses the session too
                // (a pi session resumed twice): it keeps it
                if (yield* lock.inUse(owner.lockFile)) return undefined
                const report = yield* reap(socketDir, session)
                rmSync(path, { force: true })
                // held here, so removing it is safe: a waiter that opened it sees the inode change and takes a new file
                rmSync(owner.lockFile, { force: true })
                return report
              })
            )
            .pipe(Effect.catchTag("TimedOut", () => Effect.succeed(undefined)))
          if (done !== undefined) reaped.push({ session, ownerPid: owner.pid, reaped: done })
        }
        return reaped
      })

    const track = (socketDir: string, session: string) =>
      Effect.gen(function* () {
        const loss = yield* check(socketDir, session)
        // a known browser the check just found running is the one upstream uses: nothing new to record (record
        // would read the same two processes again)
        const current = (yield* Ref.get(known)).get(session)
        if (loss !== undefined || current?.browserPid === undefined) yield* record(socketDir, session)
        return loss
      })

    return BrowserProcesses.of({
      record,
      check,
      track,
      reap,
      recordOwner,
      reapOrphans,
      identity: (session) => Effect.map(Ref.get(known), (m) => m.get(session))
    })
  })
)
