/** The in-memory process table that unit tests use: the same derived answers as the live tables, driven by a test. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { FakeOsProcesses } from "../../src/layers/test/FakeOsProcesses.js"
import { OsProcesses } from "../../src/services/OsProcesses.js"

const world = FakeOsProcesses.layer([
  { pid: 100, argv: ["agent-browser"] },
  { pid: 200, ppid: 100, argv: ["chromium", "--user-data-dir=/tmp/p"] },
  { pid: 201, ppid: 200, pgid: 200, argv: ["chromium", "--type=renderer"] },
  { pid: 202, ppid: 200, pgid: 200, argv: ["chromium", "--type=gpu-process"] }
])

describe("FakeOsProcesses", () => {
  it.effect("identity by start time: an exited pid started again is another process", () =>
    Effect.gen(function* () {
      const os = yield* OsProcesses
      const driver = yield* FakeOsProcesses
      const first = yield* os.stat(200)
      expect(yield* os.isAlive({ pid: 200, startTime: first?.startTime })).toBe(true)
      yield* driver.exit(200)
      yield* driver.start({ pid: 200, argv: ["unrelated"] })
      expect(yield* os.isAlive({ pid: 200 })).toBe(true)
      expect(yield* os.isAlive({ pid: 200, startTime: first?.startTime })).toBe(false)
      expect(yield* os.signal({ _tag: "Pid", pid: 200, startTime: first?.startTime ?? "" }, "SIGKILL")).toBe("gone")
      expect((yield* os.stat(201))?.ppid).toBe(1) // re-parented when its parent exited
    }).pipe(Effect.provide(world))
  )

  it.effect("signals end processes (a SIGTERM-ignoring one survives SIGTERM); zombies count as gone", () =>
    Effect.gen(function* () {
      const os = yield* OsProcesses
      const driver = yield* FakeOsProcesses
      yield* driver.ignore(201, "SIGTERM")
      expect(yield* os.signal({ _tag: "Group", pgid: 200 }, "SIGTERM")).toBe("sent")
      expect((yield* os.groupMembers(200)).map((p) => p.pid)).toEqual([201])
      yield* driver.zombify(201)
      expect(yield* os.groupMembers(200)).toEqual([])
      expect(yield* os.signal({ _tag: "Tree", pid: 100 }, "SIGKILL")).toBe("sent")
      expect(yield* os.isAlive({ pid: 100 })).toBe(false)
      expect((yield* driver.signals).map((s) => `${s.target._tag}:${s.signal}`)).toEqual([
        "Group:SIGTERM",
        "Tree:SIGKILL"
      ])
    }).pipe(Effect.provide(world))
  )

  it.effect("without groups (like Windows) a group is its leader's tree; an unreadable table fails every read", () =>
    Effect.gen(function* () {
      const os = yield* OsProcesses
      expect((yield* os.groupMembers(100)).map((p) => p.pid)).toEqual([100, 200, 201, 202])
      yield* (yield* FakeOsProcesses).setUnavailable(true)
      const read = yield* Effect.either(os.list)
      expect(Either.isLeft(read) && read.left._tag).toBe("ProcessTableUnavailable")
    }).pipe(
      Effect.provide(
        FakeOsProcesses.layer(
          [{ pid: 100 }, { pid: 200, ppid: 100, pgid: undefined }, { pid: 201, ppid: 200 }, { pid: 202, ppid: 200 }],
          { groups: false }
        )
      )
    )
  )
})
