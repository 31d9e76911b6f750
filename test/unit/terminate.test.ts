/**
 * terminate: SIGTERM, a grace period, then SIGKILL, for a pid, a group or a tree (an in-memory table: no real process
 * is touched).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { terminate } from "../../src/layers/processTables/terminate.js"
import { FakeOsProcesses } from "../../src/layers/test/FakeOsProcesses.js"
import { OsProcesses } from "../../src/services/OsProcesses.js"

const signalsSent = Effect.map(
  Effect.flatMap(FakeOsProcesses, (driver) => driver.signals),
  (list) => list.map((s) => `${s.target._tag}:${s.signal}`)
)

describe("terminate", () => {
  it.live("a process that exits on SIGTERM is ended, without SIGKILL", () =>
    Effect.gen(function* () {
      const os = yield* OsProcesses
      expect(yield* terminate(os, { _tag: "Pid", pid: 10 }, { graceMs: 500 })).toBe("ended")
      expect(yield* signalsSent).toEqual(["Pid:SIGTERM"])
    }).pipe(Effect.provide(FakeOsProcesses.layer([{ pid: 10 }])))
  )

  it.live("a group that ignores SIGTERM is killed after the grace period, and seen gone", () =>
    Effect.gen(function* () {
      const os = yield* OsProcesses
      yield* (yield* FakeOsProcesses).ignore(20, "SIGTERM")
      const waits = { graceMs: 60, killWaitMs: 500, pollMs: 10 }
      expect(yield* terminate(os, { _tag: "Group", pgid: 20 }, waits)).toBe("killed")
      expect(yield* signalsSent).toEqual(["Group:SIGTERM", "Group:SIGKILL"])
      expect(yield* os.groupMembers(20)).toEqual([])
    }).pipe(Effect.provide(FakeOsProcesses.layer([{ pid: 20 }, { pid: 21, ppid: 20, pgid: 20 }])))
  )

  it.live("a pid that is gone is gone; one reused by another process is left running", () =>
    Effect.gen(function* () {
      const os = yield* OsProcesses
      expect(yield* terminate(os, { _tag: "Pid", pid: 99 }, { graceMs: 60 })).toBe("gone")
      expect(yield* terminate(os, { _tag: "Pid", pid: 30, startTime: "not-its-start" }, { graceMs: 60 })).toBe("gone")
      expect((yield* (yield* FakeOsProcesses).table).map((p) => p.pid)).toEqual([30])
    }).pipe(Effect.provide(FakeOsProcesses.layer([{ pid: 30 }])))
  )
})
