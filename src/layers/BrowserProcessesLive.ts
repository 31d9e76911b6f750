/**
 * BrowserProcessesLive: identities read from the socket dir and the process table (`OsProcesses`: `/proc`, `ps` or
 * Windows), kills by recorded pid after checking the start time (a reused pid is never signalled), and folder removal
 * limited to what the recorded browser itself named (`--user-data-dir`, its `SingletonSocket` link). A table that
 * cannot be read is said: a reap reports `unchecked` (its files are still removed), a check or record is logged with
 * the cause; nothing is guessed.
 */
import { writeFileSync } from "node:fs"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import {
  type BrowserIdentity,
  type BrowserLoss,
  BrowserProcesses,
  type LossNotChecked
} from "../services/BrowserProcesses.js"
import { OsProcesses, type OsProcessesShape, type ProcessTableUnavailable } from "../services/OsProcesses.js"
import { SessionLock } from "../services/SessionLock.js"
import { sessionFilePath } from "../upstream/sessionFiles.js"
import { endBrowser, observe } from "./browserProcesses/browserGroup.js"
import { removeAll, removeFolders } from "./browserProcesses/folders.js"
import { forget, type KnownBrowsers, remember } from "./browserProcesses/knownBrowsers.js"
import { type OwnerRecord, ownerOf } from "./browserProcesses/ownerRecord.js"
import { reapOrphans, reapSession } from "./browserProcesses/reap.js"
import { daemonPidIn, daemonTargetIn, sessionFilesOf } from "./socketFiles/sessionFiles.js"

const lastUrlIn = (socketDir: string, session: string): string | undefined => {
  const url = daemonTargetIn(socketDir, session).url
  return url !== undefined && url !== "" ? url : undefined
}

/** Sessions whose table read failed (session -> why), and those already told so. */
interface Unread {
  readonly unread: Ref.Ref<ReadonlyMap<string, string>>
  readonly told: Ref.Ref<ReadonlySet<string>>
}

const markUnread = ({ unread }: Unread, session: string, error: ProcessTableUnavailable) =>
  Ref.update(unread, (m) => new Map([...m, [session, error.message]]))

/** The first time only: that this session's browser could not be checked. */
const notCheckedOnce = ({ unread, told }: Unread, session: string) =>
  Effect.gen(function* () {
    const why = (yield* Ref.get(unread)).get(session)
    if (why === undefined || (yield* Ref.get(told)).has(session)) return undefined
    yield* Ref.update(told, (t) => new Set([...t, session]))
    return { session, notChecked: why } satisfies LossNotChecked
  })

const isSame = (os: OsProcessesShape, pid: number | undefined, startTime: string | undefined) =>
  pid === undefined ? Effect.succeed(false) : os.isAlive({ pid, startTime })

/** The session's browser as it runs now, unless the recorded one still does. */
const recordBrowser = (
  os: OsProcessesShape,
  known: KnownBrowsers,
  unread: Unread,
  socketDir: string,
  session: string
) =>
  Effect.gen(function* () {
    const current = (yield* Ref.get(known)).get(session)
    if (
      current !== undefined &&
      current.browserPid !== undefined &&
      (yield* isSame(os, current.daemonPid, current.daemonStart)) &&
      (yield* isSame(os, current.browserPid, current.browserStart))
    )
      return current
    const seen = yield* observe(os, socketDir, session)
    if (seen === undefined) return current
    yield* remember(known, session, seen)
    return seen
  }).pipe(
    Effect.catchTag("ProcessTableUnavailable", (error) =>
      Effect.as(
        Effect.zipRight(
          markUnread(unread, session, error),
          Effect.logWarning(`session ${session}: its browser was not recorded`, error)
        ),
        undefined
      )
    )
  )

/** A recorded daemon or browser that is gone: the rest of its group ended, its folders and stale files removed. */
const checkBrowser = (os: OsProcessesShape, known: KnownBrowsers, unread: Unread, socketDir: string, session: string) =>
  Effect.gen(function* () {
    const identity = (yield* Ref.get(known)).get(session)
    if (identity === undefined) return yield* notCheckedOnce(unread, session)
    const daemonAlive = yield* isSame(os, identity.daemonPid, identity.daemonStart)
    const browserAlive =
      identity.browserPid === undefined || (yield* isSame(os, identity.browserPid, identity.browserStart))
    if (daemonAlive && browserAlive) return undefined
    const lastUrl = lastUrlIn(socketDir, session)
    const killed = yield* endBrowser(os, identity)
    const removed = yield* removeFolders(identity)
    // a dead daemon leaves its socket files; they name a process that is gone
    const files =
      !daemonAlive && daemonPidIn(socketDir, session) === identity.daemonPid
        ? removeAll(sessionFilesOf(socketDir, session))
        : []
    yield* forget(known, session)
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
          markUnread(unread, session, error),
          Effect.logWarning(`session ${session}: whether its browser is still running was not checked`, error)
        ),
        notCheckedOnce(unread, session)
      )
    )
  )

/** Writes this process as the session's owner (pid, start time, lock file), unless it already is. */
const writeOwner = (
  os: OsProcessesShape,
  ownStart: Effect.Effect<string | undefined, ProcessTableUnavailable>,
  socketDir: string,
  session: string,
  lockFile: string
) =>
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

export const BrowserProcessesLive: Layer.Layer<BrowserProcesses, never, SessionLock | OsProcesses> = Layer.effect(
  BrowserProcesses,
  Effect.gen(function* () {
    const os = yield* OsProcesses
    const lock = yield* SessionLock
    const known: KnownBrowsers = yield* Ref.make<ReadonlyMap<string, BrowserIdentity>>(new Map())
    const unread: Unread = {
      unread: yield* Ref.make<ReadonlyMap<string, string>>(new Map()),
      told: yield* Ref.make<ReadonlySet<string>>(new Set())
    }
    const record = (socketDir: string, session: string) => recordBrowser(os, known, unread, socketDir, session)
    const check = (socketDir: string, session: string) => checkBrowser(os, known, unread, socketDir, session)
    const reap = (socketDir: string, session: string) => reapSession(os, known, socketDir, session)

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
      recordOwner: (socketDir, session, lockFile) => writeOwner(os, ownStart, socketDir, session, lockFile),
      reapOrphans: (socketDir) => reapOrphans(os, lock, reap, socketDir),
      identity: (session) => Effect.map(Ref.get(known), (m) => m.get(session))
    })
  })
)
