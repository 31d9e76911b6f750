/**
 * Reaping a session: its daemon (SIGTERM, then SIGKILL), its browser group, its folders and socket files; and the
 * orphans of the socket dir, sessions whose recorded owner is dead and that no live process uses.
 */
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import type { BrowserIdentity, OrphanReaped, ReapReport } from "../../services/BrowserProcesses.js"
import type { OsProcessesShape, ProcessTableUnavailable } from "../../services/OsProcesses.js"
import type { SessionLockShape } from "../../services/SessionLock.js"
import { OWNER_SUFFIX } from "../../upstream/sessionFiles.js"
import { terminate } from "../processTables/terminate.js"
import { sessionFilesOf } from "../socketFiles/sessionFiles.js"
import { DAEMON_GRACE_MS, endBrowser, observe } from "./browserGroup.js"
import { POLL_MS, removeAll, removeFolders } from "./folders.js"
import { forget, type KnownBrowsers } from "./knownBrowsers.js"
import { ownerAlive, ownerOf } from "./ownerRecord.js"

const uncheckedText = (error: ProcessTableUnavailable) => `${error.message}; nothing was ended or removed`

/** Without a readable table nothing is ended or removed (a daemon that may still run keeps its files): said. */
export const reapSession = (os: OsProcessesShape, known: KnownBrowsers, socketDir: string, session: string) =>
  Effect.gen(function* () {
    const recorded = (yield* Ref.get(known)).get(session)
    const live = yield* observe(os, socketDir, session)
    const identities = [recorded, live].filter((i): i is BrowserIdentity => i !== undefined)
    const killed: Array<number> = []
    for (const identity of identities) {
      const daemon = { _tag: "Pid", pid: identity.daemonPid, startTime: identity.daemonStart } as const
      const ended = yield* terminate(os, daemon, { graceMs: DAEMON_GRACE_MS, pollMs: POLL_MS })
      if (ended !== "gone" && ended !== "denied") killed.push(identity.daemonPid)
    }
    const removed: Array<string> = []
    for (const identity of identities) {
      killed.push(...(yield* endBrowser(os, identity)))
      removed.push(...(yield* removeFolders(identity)))
    }
    removed.push(...removeAll(sessionFilesOf(socketDir, session)))
    yield* forget(known, session)
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

/** The sessions of `socketDir` with an owner record, by name. */
const ownedSessions = (socketDir: string): ReadonlyArray<string> => {
  try {
    return readdirSync(socketDir).filter((n) => n.endsWith(OWNER_SUFFIX))
  } catch {
    return []
  }
}

export const reapOrphans = (
  os: OsProcessesShape,
  lock: SessionLockShape,
  reap: (socketDir: string, session: string) => Effect.Effect<ReapReport>,
  socketDir: string
) =>
  Effect.gen(function* () {
    const reaped: Array<OrphanReaped> = []
    for (const name of ownedSessions(socketDir)) {
      const session = name.slice(0, -OWNER_SUFFIX.length)
      const path = join(socketDir, name)
      const owner = ownerOf(path)
      // no identity to judge by, a live owner, or one that could not be checked: never touched
      if (
        owner === undefined ||
        (yield* ownerAlive(os, owner).pipe(
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
