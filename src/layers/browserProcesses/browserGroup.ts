/**
 * A session's browser as the process table shows it: the daemon's child started with `--user-data-dir`, the
 * processes of its group, and ending them.
 */
import * as Effect from "effect/Effect"
import type { ProcessInfo } from "../../domain/Processes.js"
import { executableOf, hasArgument, userDataDirOf } from "../../os/processFacts.js"
import type { BrowserIdentity } from "../../services/BrowserProcesses.js"
import type { OsProcessesShape } from "../../services/OsProcesses.js"
import { daemonPidIn } from "../socketFiles/sessionFiles.js"
import { POLL_MS, singletonDirOf } from "./folders.js"

/** How long a SIGTERMed daemon gets to close its browser and remove its files before SIGKILL. */
export const DAEMON_GRACE_MS = 2_000

const waitUntil = <E>(done: Effect.Effect<boolean, E>, ms: number) =>
  Effect.gen(function* () {
    for (let waited = 0; waited < ms && !(yield* done); waited += POLL_MS) yield* Effect.sleep(POLL_MS)
  })

/** The daemon's browser: its child started with `--user-data-dir`. */
export const observe = (os: OsProcessesShape, socketDir: string, session: string) =>
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
const browserGroup = (os: OsProcessesShape, identity: BrowserIdentity) =>
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

/** Ends the recorded browser group (the pids SIGKILL was sent to); the daemon is left to the caller. */
export const endBrowser = (os: OsProcessesShape, identity: BrowserIdentity) =>
  Effect.gen(function* () {
    const killed: Array<number> = []
    for (const p of yield* browserGroup(os, identity))
      if ((yield* os.signal({ _tag: "Pid", pid: p.pid }, "SIGKILL")) === "sent") killed.push(p.pid)
    yield* waitUntil(
      Effect.map(browserGroup(os, identity), (left) => left.length === 0),
      DAEMON_GRACE_MS
    )
    return killed
  })
