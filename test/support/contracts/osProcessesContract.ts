/**
 * The OsProcesses contract, run against the live `/proc` and `ps` tables and FakeOsProcesses
 * (test/unit/osProcessesContract.test.ts): a process tree read with parents, groups and start times; identity is the
 * pid plus its start time, so a wrong start time is neither alive nor signalled; a tree is ended whole; a gone process
 * answers `gone`; an unreadable table fails with ProcessTableUnavailable, never as "every process is gone".
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { OsProcesses } from "../../../src/services/OsProcesses.js"

/** A running tree: a group leader and one child in its group. */
export interface Tree {
  readonly leader: number
  readonly child: number
  /** Text the leader's command line contains. */
  readonly marker: string
}

/** `D`: what the subject's layer adds for starting trees (the fake's driver). */
export interface OsProcessesSubject<D = never> {
  readonly layer: () => Layer.Layer<OsProcesses | D>
  /** Starts a tree (the live subject spawns real processes; the fake starts table rows). */
  readonly startTree: Effect.Effect<Tree, never, OsProcesses | D>
  /** A pid no process has. */
  readonly unusedPid: number
  /** The same subject whose every read fails (a missing `/proc` or `ps`). */
  readonly unreadable: () => Layer.Layer<OsProcesses>
}

/** Polls `check` until it holds or ~5 s pass (real processes end asynchronously; a busy machine is slow). */
const eventually = <R>(check: Effect.Effect<boolean, unknown, R>) =>
  Effect.gen(function* () {
    for (let i = 0; i < 100; i++) {
      if (yield* check) return true
      yield* Effect.sleep("50 millis")
    }
    return yield* check
  })

export const osProcessesContract = <D = never>(label: string, subject: OsProcessesSubject<D>) =>
  describe(`OsProcesses contract: ${label}`, () => {
    const provide = <A, E>(program: Effect.Effect<A, E, OsProcesses | D>) => Effect.provide(program, subject.layer())

    it.live("reads a running tree: parent, group, start time and command line", () =>
      provide(
        Effect.gen(function* () {
          const os = yield* OsProcesses
          const tree = yield* subject.startTree
          const leader = yield* os.stat(tree.leader)
          const child = yield* os.stat(tree.child)
          expect(leader).toMatchObject({ pid: tree.leader, pgid: tree.leader, zombie: false })
          expect(leader?.commandLine).toContain(tree.marker)
          expect(leader?.startTime).not.toBe("")
          expect(child).toMatchObject({ pid: tree.child, ppid: tree.leader, pgid: tree.leader })
          expect((yield* os.descendants(tree.leader)).map((p) => p.pid)).toContain(tree.child)
          expect((yield* os.groupMembers(tree.leader)).map((p) => p.pid).sort()).toEqual(
            [tree.leader, tree.child].sort()
          )
          expect((yield* os.list).map((p) => p.pid)).toEqual(expect.arrayContaining([tree.leader, tree.child]))
          yield* os.signal({ _tag: "Group", pgid: tree.leader }, "SIGKILL")
        })
      )
    )

    it.live("identity is the pid and its start time: another start time is not alive and is not signalled", () =>
      provide(
        Effect.gen(function* () {
          const os = yield* OsProcesses
          const tree = yield* subject.startTree
          const startTime = (yield* os.stat(tree.leader))?.startTime ?? ""
          expect(yield* os.isAlive({ pid: tree.leader, startTime })).toBe(true)
          expect(yield* os.isAlive({ pid: tree.leader, startTime: "another start" })).toBe(false)
          expect(yield* os.signal({ _tag: "Tree", pid: tree.leader, startTime: "another start" }, "SIGKILL")).toBe(
            "gone"
          )
          expect(yield* os.isAlive({ pid: tree.leader, startTime })).toBe(true)
          expect(yield* os.stat(subject.unusedPid)).toBeUndefined()
          expect(yield* os.isAlive({ pid: subject.unusedPid })).toBe(false)
          yield* os.signal({ _tag: "Group", pgid: tree.leader }, "SIGKILL")
        })
      )
    )

    it.live("a tree signalled with its start time ends whole; signalling it again answers gone", () =>
      provide(
        Effect.gen(function* () {
          const os = yield* OsProcesses
          const tree = yield* subject.startTree
          const startTime = (yield* os.stat(tree.leader))?.startTime ?? ""
          expect(yield* os.signal({ _tag: "Tree", pid: tree.leader, startTime }, "SIGKILL")).toBe("sent")
          expect(yield* eventually(Effect.map(os.groupMembers(tree.leader), (members) => members.length === 0))).toBe(
            true
          )
          expect(yield* os.isAlive({ pid: tree.child })).toBe(false)
          expect(yield* os.signal({ _tag: "Pid", pid: tree.leader, startTime }, "SIGTERM")).toBe("gone")
        })
      )
    )

    it.effect("a table that cannot be read fails with ProcessTableUnavailable, not as every process gone", () =>
      Effect.gen(function* () {
        const os = yield* OsProcesses
        const error = yield* Effect.flip(os.isAlive({ pid: process.pid }))
        expect(error._tag).toBe("ProcessTableUnavailable")
        expect(error.message).toMatch(/process table \(\w+\) could not be read/)
        expect((yield* Effect.flip(os.list))._tag).toBe("ProcessTableUnavailable")
      }).pipe(Effect.provide(subject.unreadable()))
    )
  })
