/**
 * One contract (test/support/contracts/osProcessesContract.ts) for every process table this machine can run: the live
 * `/proc` and `ps` tables over real processes, and the in-memory FakeOsProcesses the unit tests drive.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { tmpdir } from "node:os"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { procTable } from "../../src/layers/processTables/procTable.js"
import { psTable } from "../../src/layers/processTables/psTable.js"
import { deriveTable } from "../../src/layers/processTables/tableCore.js"
import { osProcessesLayer } from "../../src/layers/OsProcessesLive.js"
import { FakeOsProcesses } from "../../src/layers/test/FakeOsProcesses.js"
import { OsProcesses } from "../../src/services/OsProcesses.js"
import { osProcessesContract, type Tree } from "../support/contracts/osProcessesContract.js"

const groups: Array<number> = []
afterAll(() => {
  for (const pgid of groups)
    try {
      process.kill(-pgid, "SIGKILL")
    } catch {
      /* gone */
    }
})

/** A detached shell (its own group) with one `sleep` child; ready once the table shows the child. */
const liveTree = Effect.gen(function* () {
  const marker = `piab-contract-${process.pid}-${groups.length}`
  const child = spawn("sh", ["-c", `sleep 300 & wait # ${marker}`], { detached: true, stdio: "ignore" })
  const leader = child.pid ?? -1
  groups.push(leader)
  const os = yield* OsProcesses
  for (let i = 0; i < 200; i++) {
    const below = yield* Effect.orDie(os.descendants(leader))
    if (below.length > 0) return { leader, child: below[0]?.pid ?? -1, marker } satisfies Tree
    yield* Effect.sleep("25 millis")
  }
  return yield* Effect.die(new Error(`the test tree ${leader} started no child`))
})

const missing = join(tmpdir(), "piab-no-such-table")
osProcessesContract("the /proc table", {
  layer: () => osProcessesLayer("proc"),
  startTree: liveTree,
  unusedPid: 999_999_999,
  unreadable: () => Layer.succeed(OsProcesses, deriveTable(procTable(missing)))
})
osProcessesContract("the ps table", {
  layer: () => osProcessesLayer("ps"),
  startTree: liveTree,
  unusedPid: 999_999_999,
  unreadable: () => Layer.succeed(OsProcesses, deriveTable(psTable(missing)))
})

let next = 5000
osProcessesContract("FakeOsProcesses", {
  layer: () => FakeOsProcesses.layer(),
  startTree: Effect.gen(function* () {
    const driver = yield* FakeOsProcesses
    const leader = (next += 10)
    yield* driver.start({ pid: leader, argv: ["sh", "-c", "sleep 300 & wait # fake-marker"] })
    yield* driver.start({ pid: leader + 1, ppid: leader, pgid: leader, argv: ["sleep", "300"] })
    return { leader, child: leader + 1, marker: "fake-marker" } satisfies Tree
  }),
  unusedPid: 4_000_000,
  unreadable: () =>
    Layer.effect(
      OsProcesses,
      Effect.gen(function* () {
        yield* (yield* FakeOsProcesses).setUnavailable(true)
        return yield* OsProcesses
      })
    ).pipe(Layer.provide(FakeOsProcesses.layer()))
})
