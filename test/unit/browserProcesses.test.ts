/**
 * BrowserProcessesLive over an in-memory process table (FakeOsProcesses): what a session's daemon and browser are,
 * when they are lost, what is reaped (by recorded identity, never by name), whose orphaned sessions are reaped, and
 * what is said when the table cannot be read. No real process is touched; folders are real temporary ones.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { BrowserProcessesLive } from "../../src/layers/BrowserProcessesLive.js"
import { SessionLockLive } from "../../src/layers/SessionLockLive.js"
import { type FakeProcess, FakeOsProcesses } from "../../src/layers/test/FakeOsProcesses.js"
import { type BrowserLoss, BrowserProcesses } from "../../src/services/BrowserProcesses.js"
import { OsProcesses } from "../../src/services/OsProcesses.js"

const root = mkdtempSync(join(tmpdir(), "piab-bp-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let n = 0
/** A socket dir with `s.pid` naming the daemon, and the browser's private profile folder. */
const session = () => {
  const socketDir = join(root, `sock-${++n}`)
  const profile = join(root, `agent-browser-chrome-${n}`)
  mkdirSync(socketDir, { recursive: true })
  mkdirSync(profile, { recursive: true })
  writeFileSync(join(socketDir, "s.pid"), "500\n")
  writeFileSync(join(socketDir, "s.target"), JSON.stringify({ url: "http://127.0.0.1:9/last" }))
  return { socketDir, profile }
}

const browserOf = (profile: string): ReadonlyArray<FakeProcess> => [
  { pid: 500, ppid: 400, pgid: 400, argv: ["/usr/lib/agent-browser-linux-x64"] },
  { pid: 600, ppid: 500, argv: ["/usr/lib/chromium/chromium", `--user-data-dir=${profile}`, "about:blank"] },
  { pid: 601, ppid: 600, pgid: 600, argv: ["/usr/lib/chromium/chromium", "--type=renderer"] },
  // a helper that left the browser's group but carries its profile folder
  { pid: 700, ppid: 1, pgid: 700, argv: ["/usr/lib/chromium/chrome_crashpad_handler", `--user-data-dir=${profile}`] },
  { pid: 800, ppid: 1, pgid: 800, argv: ["/usr/bin/vim"] },
  { pid: process.pid, ppid: 1, pgid: 400, argv: ["node"] }
]

const world = (processes: ReadonlyArray<FakeProcess>) =>
  BrowserProcessesLive.pipe(Layer.provide(SessionLockLive), Layer.provideMerge(FakeOsProcesses.layer(processes)))

/** The same world, with each pid whose liveness was read. */
const reads: Array<number> = []
const counted = (processes: ReadonlyArray<FakeProcess>) => {
  const fake = FakeOsProcesses.layer(processes)
  const counting = Layer.effect(
    OsProcesses,
    Effect.map(OsProcesses, (os) =>
      OsProcesses.of({
        ...os,
        isAlive: (p) =>
          Effect.zipRight(
            Effect.sync(() => reads.push(p.pid)),
            os.isAlive(p)
          )
      })
    )
  ).pipe(Layer.provide(fake))
  return BrowserProcessesLive.pipe(Layer.provide(SessionLockLive), Layer.provide(counting), Layer.provideMerge(fake))
}

const pids = Effect.map(
  Effect.flatMap(FakeOsProcesses, (d) => d.table),
  (table) => table.map((p) => p.pid).sort((a, b) => a - b)
)

describe("BrowserProcesses", () => {
  const a = session()
  it.live(
    "record: the daemon named in <session>.pid and its child started with --user-data-dir, with start times",
    () =>
      Effect.gen(function* () {
        const identity = yield* (yield* BrowserProcesses).record(a.socketDir, "s")
        expect(identity).toEqual({
          daemonPid: 500,
          daemonStart: "t1",
          browserPid: 600,
          browserStart: "t2",
          browserExe: "/usr/lib/chromium/chromium",
          profileDir: a.profile
        })
      }).pipe(Effect.provide(world(browserOf(a.profile))))
  )

  const b = session()
  it.live(
    "a browser that exited is found before the next call: its group and profile helpers ended, its folder removed, the daemon left",
    () =>
      Effect.gen(function* () {
        const processes = yield* BrowserProcesses
        yield* processes.record(b.socketDir, "s")
        expect(yield* processes.check(b.socketDir, "s")).toBeUndefined()
        yield* (yield* FakeOsProcesses).exit(600)
        const loss = (yield* processes.check(b.socketDir, "s")) as BrowserLoss | undefined
        expect(loss).toMatchObject({
          session: "s",
          reason: "browser-exited",
          daemonPid: 500,
          browserPid: 600,
          lastUrl: "http://127.0.0.1:9/last"
        })
        expect([...(loss?.reaped.killed ?? [])].sort()).toEqual([601, 700])
        expect(loss?.reaped.removed).toEqual([b.profile])
        expect(existsSync(b.profile)).toBe(false)
        expect(yield* pids).toEqual([500, 800, process.pid].sort((x, y) => x - y))
        expect(existsSync(join(b.socketDir, "s.pid"))).toBe(true)
        expect(yield* processes.check(b.socketDir, "s")).toBeUndefined() // said once
      }).pipe(Effect.provide(world(browserOf(b.profile))))
  )

  const c = session()
  it.live(
    "a daemon whose pid was reused by another program counts as exited: its browser and socket files are reaped",
    () =>
      Effect.gen(function* () {
        const processes = yield* BrowserProcesses
        const driver = yield* FakeOsProcesses
        yield* processes.record(c.socketDir, "s")
        yield* driver.exit(500)
        yield* driver.start({ pid: 500, argv: ["/usr/bin/unrelated"] })
        const loss = yield* processes.check(c.socketDir, "s")
        expect(loss).toMatchObject({ reason: "daemon-exited", daemonPid: 500 })
        expect(existsSync(join(c.socketDir, "s.pid"))).toBe(false)
        expect(yield* pids).toEqual([500, 800, process.pid].sort((x, y) => x - y))
        expect((yield* driver.signals).some((s) => s.target._tag === "Pid" && s.target.pid === 500)).toBe(false)
      }).pipe(Effect.provide(world(browserOf(c.profile))))
  )

  const d = session()
  it.live(
    "reap: the daemon by SIGTERM with its start time, the browser group by SIGKILL, never this process's own group",
    () =>
      Effect.gen(function* () {
        const report = yield* (yield* BrowserProcesses).reap(d.socketDir, "s")
        expect([...report.killed].sort()).toEqual([500, 600, 601, 700])
        expect(report.unchecked).toBeUndefined()
        expect(report.removed).toContain(d.profile)
        expect(report.removed).toContain(join(d.socketDir, "s.pid"))
        expect(yield* pids).toEqual([800, process.pid].sort((x, y) => x - y))
        expect((yield* (yield* FakeOsProcesses).signals)[0]).toEqual({
          target: { _tag: "Pid", pid: 500, startTime: "t1" },
          signal: "SIGTERM"
        })
      }).pipe(Effect.provide(world(browserOf(d.profile))))
  )

  const e = session()
  it.live(
    "a table that cannot be read: check says once that it was not checked, reap ends and removes nothing and says so",
    () =>
      Effect.gen(function* () {
        const processes = yield* BrowserProcesses
        yield* processes.record(e.socketDir, "s")
        yield* (yield* FakeOsProcesses).setUnavailable(true)
        expect(yield* processes.check(e.socketDir, "s")).toEqual({
          session: "s",
          notChecked: expect.stringMatching(/process table \(test\) could not be read/)
        })
        expect(yield* processes.check(e.socketDir, "s")).toBeUndefined() // said once
        const report = yield* processes.reap(e.socketDir, "s")
        expect(report).toMatchObject({ killed: [], removed: [] })
        expect(report.unchecked).toMatch(/process table \(test\) could not be read.*nothing was ended or removed/)
        expect(existsSync(e.profile) && existsSync(join(e.socketDir, "s.pid"))).toBe(true)
        expect(yield* (yield* FakeOsProcesses).signals).toEqual([])
      }).pipe(Effect.provide(world(browserOf(e.profile))))
  )

  const g = session()
  it.live("a table unreadable from the start: the session is never recorded, and the next check says so once", () =>
    Effect.gen(function* () {
      const processes = yield* BrowserProcesses
      yield* (yield* FakeOsProcesses).setUnavailable(true)
      expect(yield* processes.check(g.socketDir, "s")).toBeUndefined() // nothing tried yet: a new session has nothing to lose
      expect(yield* processes.record(g.socketDir, "s")).toBeUndefined()
      expect(yield* processes.check(g.socketDir, "s")).toMatchObject({
        session: "s",
        notChecked: expect.stringMatching(/could not be read/)
      })
      expect(yield* processes.check(g.socketDir, "s")).toBeUndefined()
    }).pipe(Effect.provide(world(browserOf(g.profile))))
  )

  const f = session()
  it.live(
    "reapOrphans: a dead owner's session is reaped; a live owner's, or one recorded by another kind of table whose pid runs, is left",
    () =>
      Effect.gen(function* () {
        const processes = yield* BrowserProcesses
        yield* processes.recordOwner(f.socketDir, "s", join(f.socketDir, "s.piab-lock"))
        expect(JSON.parse(readFileSync(join(f.socketDir, "s.piab-owner"), "utf8"))).toMatchObject({
          pid: process.pid,
          start: "t6",
          table: "test"
        })
        expect(yield* processes.reapOrphans(f.socketDir)).toEqual([]) // this process owns it
        const owner = (pid: number, start: string, table: string) =>
          JSON.stringify({ pid, start, lockFile: join(f.socketDir, "s.piab-lock"), table })
        writeFileSync(join(f.socketDir, "s.piab-owner"), owner(800, "Tue Nov 24 10:00:00 2026", "ps"))
        expect(yield* processes.reapOrphans(f.socketDir)).toEqual([]) // pid 800 runs; a ps start time cannot be compared here
        writeFileSync(join(f.socketDir, "s.piab-owner"), owner(800, "t-other", "test"))
        const reaped = yield* processes.reapOrphans(f.socketDir)
        expect(reaped).toMatchObject([{ session: "s", ownerPid: 800 }])
        expect([...(reaped[0]?.reaped.killed ?? [])].sort()).toEqual([500, 600, 601, 700])
        expect(existsSync(join(f.socketDir, "s.piab-owner"))).toBe(false)
      }).pipe(Effect.provide(world(browserOf(f.profile))))
  )

  const t = session()
  it.live(
    "track after a call: a new browser is recorded; a known one found running is read once, not again to record it",
    () =>
      Effect.gen(function* () {
        const processes = yield* BrowserProcesses
        expect(yield* processes.track(t.socketDir, "s")).toBeUndefined()
        expect(yield* processes.identity("s")).toMatchObject({ daemonPid: 500, browserPid: 600 })
        const before = reads.length
        expect(yield* processes.track(t.socketDir, "s")).toBeUndefined()
        expect(reads.slice(before).sort()).toEqual([500, 600])
        // the browser exits: the loss is reported, and the browser upstream starts next is recorded by the next track
        yield* (yield* FakeOsProcesses).exit(600)
        expect(yield* processes.track(t.socketDir, "s")).toMatchObject({ session: "s", reason: "browser-exited" })
        yield* (yield* FakeOsProcesses).start({
          pid: 610,
          ppid: 500,
          argv: ["/usr/lib/chromium/chromium", `--user-data-dir=${t.profile}`]
        })
        expect(yield* processes.track(t.socketDir, "s")).toBeUndefined()
        expect(yield* processes.identity("s")).toMatchObject({ daemonPid: 500, browserPid: 610 })
      }).pipe(Effect.provide(counted(browserOf(t.profile))))
  )
})
