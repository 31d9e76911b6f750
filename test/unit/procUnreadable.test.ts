/**
 * Linux whose `/proc` cannot be read (a hardened container, a sandboxed runtime): the `/proc` table's reads are made
 * to fail as on a machine without `/proc` (or with one that refuses reads), and the tool's table falls back to `ps`,
 * which then finds live processes by identity, sees a SIGKILLed one as gone and ends a group, on real processes.
 * The `/proc` table itself says it cannot be read instead of reading every process as gone.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { afterAll, describe, expect, it } from "vitest"
import { type ProcIo, procTable, procUnreadable } from "../../src/layers/processTables/procTable.js"
import { deriveTable } from "../../src/layers/processTables/tableCore.js"
import { makeOsProcesses } from "../../src/layers/OsProcessesLive.js"
import type { OsProcessesShape } from "../../src/services/OsProcesses.js"
import { killGroups } from "../support/processes.js"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const failing = (code: string): ProcIo => {
  const fail = (path: string): never => {
    throw Object.assign(new Error(`${code}: ${path}`), { code })
  }
  return { readFile: fail, readDir: fail }
}
const absent = failing("ENOENT")
const refused = failing("EACCES")

const started: Array<ChildProcess> = []
afterAll(() => killGroups(started))

/** A detached shell (its own group) with a child, as a daemon with its browser; resolves once both are listed. */
const daemonWithChild = async (table: OsProcessesShape): Promise<number> => {
  const child = spawn("sh", ["-c", "sleep 30 & wait"], { detached: true, stdio: "ignore" })
  started.push(child)
  const pid = child.pid ?? -1
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    if ((await run(table.groupMembers(pid))).length >= 2) break
    await new Promise((r) => setTimeout(r, 50))
  }
  return pid
}

const until = async (done: () => Promise<boolean>): Promise<boolean> => {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    if (await done()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}

describe("a /proc that cannot be read", () => {
  it("the /proc table says so for every read instead of reading this live process as gone", async () => {
    for (const [io, reason] of [
      [absent, "missing"],
      [refused, "failed"]
    ] as const) {
      const table = deriveTable(procTable("/proc", io))
      const alive = await run(Effect.either(table.isAlive({ pid: process.pid })))
      expect(Either.isLeft(alive) && alive.left).toMatchObject({
        _tag: "ProcessTableUnavailable",
        table: "proc",
        reason
      })
      expect(Either.isLeft(await run(Effect.either(table.list)))).toBe(true)
      expect(Either.isLeft(await run(Effect.either(table.stat(process.pid))))).toBe(true)
    }
    expect(procUnreadable("/proc", refused)?.message).toMatch(/\/proc\/\d+\/stat cannot be read \(EACCES\)/)
    // a /proc of another pid namespace: this pid's stat is some other process
    const other: ProcIo = {
      readFile: () => "1 (init) S 0 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5 0 0",
      readDir: () => ["1"]
    }
    expect(procUnreadable("/proc", other)).toMatchObject({ reason: "unparsable" })
  })

  it("the tool's table falls back to ps: a live process is found by identity, a SIGKILLed one is gone, a group is ended", async () => {
    const table = makeOsProcesses("proc", process.env, absent)
    expect(table.facts.kind).toBe("ps")
    expect(table.facts.source).toMatch(/^ps -ww .*, since \/proc is not mounted/)
    const me = await run(table.stat(process.pid))
    expect(await run(table.isAlive({ pid: process.pid, startTime: me?.startTime }))).toBe(true)
    const daemon = await daemonWithChild(table)
    const daemonInfo = await run(table.stat(daemon))
    const [browser] = await run(table.descendants(daemon))
    expect(browser?.commandLine).toMatch(/sleep 30/)
    // the daemon is SIGKILLed: it reads as gone (not a silent success), and its orphan is still found and ended
    process.kill(daemon, "SIGKILL")
    expect(
      await until(async () => !(await run(table.isAlive({ pid: daemon, startTime: daemonInfo?.startTime }))))
    ).toBe(true)
    expect(await run(table.isAlive({ pid: browser?.pid ?? -1, startTime: browser?.startTime }))).toBe(true)
    expect((await run(table.groupMembers(daemon))).map((p) => p.pid)).toContain(browser?.pid)
    expect(await run(table.signal({ _tag: "Group", pgid: daemon }, "SIGKILL"))).toBe("sent")
    expect(await until(async () => (await run(table.groupMembers(daemon))).length === 0)).toBe(true)
    expect(await run(table.isAlive({ pid: browser?.pid ?? -1, startTime: browser?.startTime }))).toBe(false)
  })

  it("a ps that fails too names both tables in what it could not read", async () => {
    const table = makeOsProcesses("proc", { PATH: "/nonexistent" }, absent)
    const read = await run(Effect.either(table.isAlive({ pid: process.pid })))
    expect(Either.isLeft(read) && read.left.message).toMatch(
      /\(ps\) could not be read \(missing\): ps is not on PATH, and \/proc is not mounted/
    )
  })

  it("a readable /proc is still the table", () => {
    expect(procUnreadable()).toBeUndefined()
    expect(makeOsProcesses("proc").facts.kind).toBe("proc")
  })
})
