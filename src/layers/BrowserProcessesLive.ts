/**
 * BrowserProcessesLive: identities read from the socket dir and Linux `/proc` (no process is spawned), kills by
 * recorded pid after checking the kernel start time (a reused pid is never signalled), and folder removal limited to
 * what the recorded browser itself named (`--user-data-dir`, its `SingletonSocket` link). On systems without
 * `/proc` nothing is recorded and every method is a no-op.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { type BrowserIdentity, type BrowserLoss, BrowserProcesses, type OrphanReaped, type ReapReport } from "../services/BrowserProcesses.js"
import { SessionLock } from "../services/SessionLock.js"
import { parseCmdline, parseStat, type ProcStat, userDataDirOf } from "../os/procStat.js"

/** Upstream's per-session files in the socket dir (`.target` survives upstream's own close). */
const SESSION_FILES = ["sock", "pid", "version", "engine", "config", "stream", "target", "port", "piab-owner"]
/** How long a SIGTERMed daemon gets to close its browser and remove its files before SIGKILL. */
const DAEMON_GRACE_MS = 2_000
const POLL_MS = 50

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

const statOf = (pid: number): ProcStat | undefined => {
  const text = readText(`/proc/${pid}/stat`)
  return text === undefined ? undefined : parseStat(text)
}

/** Alive, not a zombie, and the same process that was recorded (same start time). */
const isSame = (pid: number | undefined, start: string | undefined): boolean => {
  if (pid === undefined) return false
  const stat = statOf(pid)
  return stat !== undefined && stat.state !== "Z" && stat.state !== "X" && (start === undefined || stat.start === start)
}

const allStats = (): ReadonlyArray<ProcStat> => {
  try {
    return readdirSync("/proc").flatMap((d) => (/^\d+$/.test(d) ? [statOf(Number(d))].filter((s): s is ProcStat => s !== undefined) : []))
  } catch {
    return []
  }
}

const argvOf = (pid: number): ReadonlyArray<string> => parseCmdline(readText(`/proc/${pid}/cmdline`) ?? "")

const daemonPidIn = (socketDir: string, session: string): number | undefined => {
  const pid = Number((readText(join(socketDir, `${session}.pid`)) ?? "").trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

const lastUrlIn = (socketDir: string, session: string): string | undefined => {
  try {
    const url = (JSON.parse(readText(join(socketDir, `${session}.target`)) ?? "null") as { url?: unknown } | null)?.url
    return typeof url === "string" && url !== "" ? url : undefined
  } catch {
    return undefined
  }
}

/** The daemon's browser: its child started with `--user-data-dir`. */
const observe = (socketDir: string, session: string): BrowserIdentity | undefined => {
  const daemonPid = daemonPidIn(socketDir, session)
  const daemon = daemonPid === undefined ? undefined : statOf(daemonPid)
  if (daemonPid === undefined || daemon === undefined || daemon.state === "Z") return undefined
  for (const child of allStats().filter((s) => s.ppid === daemonPid)) {
    const argv = argvOf(child.pid)
    const profileDir = userDataDirOf(argv)
    if (profileDir === undefined) continue
    let singletonDir: string | undefined
    try {
      const link = readlinkSync(join(profileDir, "SingletonSocket"))
      singletonDir = /^\.?org\.chromium\.Chromium\.|^\.?com\.google\.Chrome\./.test(basename(dirname(link))) ? dirname(link) : undefined
    } catch {
      singletonDir = undefined
    }
    return {
      daemonPid, daemonStart: daemon.start, browserPid: child.pid, browserStart: child.start, browserExe: argv[0] ?? "", profileDir,
      ...(singletonDir !== undefined ? { singletonDir } : {})
    }
  }
  return { daemonPid, daemonStart: daemon.start }
}

const signal = (pid: number, sig: NodeJS.Signals): boolean => {
  try {
    process.kill(pid, sig)
    return true
  } catch {
    return false
  }
}

/**
 * Members of the browser's process group (renderers, zygotes, GPU and crashpad helpers), except the daemon. Matched by
 * group, not by executable: the recorded argv[0] may be the distribution's wrapper script that exec'd the browser
 * after it was recorded; and by the private profile folder every browser process carries on its command line. A
 * group that is this process's own is never the browser's (a guard, not an expected case).
 */
const browserGroup = (identity: BrowserIdentity): ReadonlyArray<number> => {
  if (identity.browserPid === undefined) return []
  const pgid = isSame(identity.browserPid, identity.browserStart) ? statOf(identity.browserPid)?.pgid ?? identity.browserPid : identity.browserPid
  const ownGroup = statOf(process.pid)?.pgid
  // also every process started with this session's private profile folder, whatever group it ended up in
  const profileFlag = identity.profileDir === undefined ? undefined : `--user-data-dir=${identity.profileDir}`
  return allStats()
    .filter((s) => s.state !== "Z" && s.pid !== identity.daemonPid && s.pid !== process.pid)
    .filter((s) => (s.pgid === pgid && pgid !== ownGroup) || (profileFlag !== undefined && argvOf(s.pid).includes(profileFlag)))
    .map((s) => s.pid)
}

/** Times a reaped browser's folders are checked again for late writes (each after two polls). */
const FOLDER_RECHECKS = 5

const waitUntil = (done: () => boolean, ms: number) =>
  Effect.gen(function*() {
    for (let waited = 0; waited < ms && !done(); waited += POLL_MS) yield* Effect.sleep(POLL_MS)
  })

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

const exists = (path: string): boolean => {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** Ends the recorded browser group and removes its folders; the daemon is left to the caller. */
const endBrowser = (identity: BrowserIdentity) =>
  Effect.gen(function*() {
    const killed = browserGroup(identity).filter((pid) => signal(pid, "SIGKILL"))
    yield* waitUntil(() => browserGroup(identity).length === 0, DAEMON_GRACE_MS)
    const folders = [identity.profileDir, identity.singletonDir]
    const removed = removeAll(folders)
    // a helper process that was still exiting can write into the profile once more: remove again until it stays gone
    for (let attempt = 0; attempt < FOLDER_RECHECKS && folders.some((f) => f !== undefined && exists(f)); attempt++) {
      yield* Effect.sleep(POLL_MS * 2)
      removeAll(folders)
    }
    return { killed, removed }
  })

const sessionFiles = (socketDir: string, session: string) => SESSION_FILES.map((ext) => join(socketDir, `${session}.${ext}`))

const OWNER_SUFFIX = ".piab-owner"

interface OwnerRecord {
  readonly pid: number
  readonly start: string
  readonly lockFile: string
}

const ownerOf = (path: string): OwnerRecord | undefined => {
  try {
    const record = JSON.parse(readText(path) ?? "null") as Partial<OwnerRecord> | null
    return typeof record?.pid === "number" && typeof record.start === "string" && typeof record.lockFile === "string" ? (record as OwnerRecord) : undefined
  } catch {
    return undefined
  }
}

export const BrowserProcessesLive: Layer.Layer<BrowserProcesses, never, SessionLock> = Layer.effect(
  BrowserProcesses,
  Effect.gen(function*() {
    const known = yield* Ref.make<ReadonlyMap<string, BrowserIdentity>>(new Map())
    const forget = (session: string) => Ref.update(known, (m) => new Map([...m].filter(([k]) => k !== session)))
    const remember = (session: string, identity: BrowserIdentity) => Ref.update(known, (m) => new Map([...m, [session, identity]]))

    const record = (socketDir: string, session: string) =>
      Effect.gen(function*() {
        const current = (yield* Ref.get(known)).get(session)
        if (current !== undefined && current.browserPid !== undefined && isSame(current.daemonPid, current.daemonStart) && isSame(current.browserPid, current.browserStart)) return current
        const seen = observe(socketDir, session)
        if (seen === undefined) return current
        yield* remember(session, seen)
        return seen
      })

    const check = (socketDir: string, session: string) =>
      Effect.gen(function*() {
        const identity = (yield* Ref.get(known)).get(session)
        if (identity === undefined) return undefined
        const daemonAlive = isSame(identity.daemonPid, identity.daemonStart)
        const browserAlive = identity.browserPid === undefined || isSame(identity.browserPid, identity.browserStart)
        if (daemonAlive && browserAlive) return undefined
        const lastUrl = lastUrlIn(socketDir, session)
        const ended = yield* endBrowser(identity)
        // a dead daemon leaves its socket files; they name a process that is gone
        const files = !daemonAlive && daemonPidIn(socketDir, session) === identity.daemonPid ? removeAll(sessionFiles(socketDir, session)) : []
        yield* forget(session)
        return {
          session,
          reason: daemonAlive ? "browser-exited" : "daemon-exited",
          daemonPid: identity.daemonPid,
          ...(identity.browserPid !== undefined ? { browserPid: identity.browserPid } : {}),
          ...(lastUrl !== undefined ? { lastUrl } : {}),
          reaped: { killed: ended.killed, removed: [...ended.removed, ...files] }
        } satisfies BrowserLoss
      })

    const lock = yield* SessionLock
    const recordOwner = (socketDir: string, session: string, lockFile: string) =>
      Effect.sync(() => {
        const start = statOf(process.pid)?.start
        if (start === undefined) return
        const path = join(socketDir, `${session}${OWNER_SUFFIX}`)
        if (ownerOf(path)?.pid === process.pid && ownerOf(path)?.start === start) return
        try {
          writeFileSync(path, JSON.stringify({ pid: process.pid, start, lockFile } satisfies OwnerRecord), { mode: 0o600 })
        } catch {
          // a socket dir that cannot be written has no session to reap either
        }
      })

    const reapOrphans = (socketDir: string) =>
      Effect.gen(function*() {
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
          // no identity to judge by, or a live owner: never touched
          if (owner === undefined || isSame(owner.pid, owner.start)) continue
          // a call in flight (another agent resumed this session) holds the lock: not an orphan, whoever wrote the file
          const done = yield* lock.withLock(owner.lockFile, 0, Effect.gen(function*() {
            if (ownerOf(path)?.pid !== owner.pid) return undefined
            const report = yield* reap(socketDir, session)
            rmSync(path, { force: true })
            // held here, so removing it is safe: a waiter that opened it sees the inode change and takes a new file
            rmSync(owner.lockFile, { force: true })
            return report
          })).pipe(Effect.catchTag("TimedOut", () => Effect.succeed(undefined)))
          if (done !== undefined) reaped.push({ session, ownerPid: owner.pid, reaped: done })
        }
        return reaped
      })

    const reap = (socketDir: string, session: string) =>
      Effect.gen(function*() {
        const recorded = (yield* Ref.get(known)).get(session)
        const live = observe(socketDir, session)
        const identities = [recorded, live].filter((i): i is BrowserIdentity => i !== undefined)
        const killed: Array<number> = []
        for (const identity of identities) {
          if (isSame(identity.daemonPid, identity.daemonStart) && signal(identity.daemonPid, "SIGTERM")) {
            killed.push(identity.daemonPid)
            yield* waitUntil(() => !isSame(identity.daemonPid, identity.daemonStart), DAEMON_GRACE_MS)
            if (isSame(identity.daemonPid, identity.daemonStart)) signal(identity.daemonPid, "SIGKILL")
          }
        }
        const removed: Array<string> = []
        for (const identity of identities) {
          const ended = yield* endBrowser(identity)
          killed.push(...ended.killed)
          removed.push(...ended.removed)
        }
        removed.push(...removeAll(sessionFiles(socketDir, session)))
        yield* forget(session)
        return { killed: [...new Set(killed)], removed: [...new Set(removed)] } satisfies ReapReport
      })

    return BrowserProcesses.of({ record, check, reap, recordOwner, reapOrphans, identity: (session) => Effect.map(Ref.get(known), (m) => m.get(session)) })
  })
)
