/**
 * The live process tables on this machine: `/proc` and `ps` (Debian's procps, the same columns macOS's ps prints)
 * agree on real processes, tell a zombie from a running process, refuse a wrong start time, end a whole tree, and
 * say when they cannot be read. The Windows table runs with stand-in `powershell`/`taskkill` commands that print the
 * recorded CIM output, so its invocation and exit-code mapping are checked here; real PowerShell is not.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { afterAll, describe, expect, it } from "vitest"
import { procTable } from "../../src/layers/processTables/procTable.js"
import { psTable } from "../../src/layers/processTables/psTable.js"
import { deriveTable } from "../../src/layers/processTables/tableCore.js"
import { windowsTable } from "../../src/layers/processTables/windowsTable.js"
import { tableKindFor } from "../../src/layers/OsProcessesLive.js"
import type { ProcessInfo } from "../../src/domain/Processes.js"
import type { OsProcessesShape } from "../../src/services/OsProcesses.js"
import { killGroups } from "../support/processes.js"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const tables: ReadonlyArray<[string, OsProcessesShape]> = [
  ["proc", deriveTable(procTable())],
  ["ps", deriveTable(psTable())]
]
const started: Array<ChildProcess> = []
const dir = mkdtempSync(join(tmpdir(), "piab-tables-"))
afterAll(() => {
  killGroups(started)
  rmSync(dir, { recursive: true, force: true })
})

/**
 * A detached shell (its own group) running `script`; resolves once the table shows its `children` (polled to a
 * deadline, zombies counted when `zombies`), so nothing is asserted on a tree still starting.
 */
const tree = async (script: string, children: number, zombies = false): Promise<number> => {
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" })
  started.push(child)
  const root = child.pid ?? -1
  const table = deriveTable(procTable())
  for (const end = Date.now() + 10_000; Date.now() < end; ) {
    const below = (await run(table.list)).filter((p) => p.ppid === root)
    if (below.length >= children && (!zombies || below.some((p) => p.zombie))) break
    await new Promise((r) => setTimeout(r, 25))
  }
  return root
}

describe.each(tables)("the %s table", (_, table) => {
  it("reads this process: parent, group, a start time and its command line", async () => {
    const me = await run(table.stat(process.pid))
    expect(me).toMatchObject({ pid: process.pid, ppid: process.ppid, zombie: false })
    expect(me?.commandLine).toContain("node")
    expect(await run(table.isAlive({ pid: process.pid, startTime: me?.startTime ?? "" }))).toBe(true)
    expect(await run(table.isAlive({ pid: process.pid, startTime: "another start" }))).toBe(false)
    expect(await run(table.stat(999_999_999))).toBeUndefined()
  })

  it("a zombie is not alive; a tree is ended whole, and a group's members are listed", async () => {
    // sh execs into `sleep`, which never reaps the `sleep 0` it inherited: a zombie child
    const root = await tree("sleep 0 & sleep 30 & exec sleep 30", 2, true)
    const below = await run(table.descendants(root))
    const zombie = (await run(table.list)).find((p) => p.ppid === root && p.zombie)
    expect(zombie, JSON.stringify(below)).toBeDefined()
    expect(await run(table.isAlive({ pid: zombie?.pid ?? 0 }))).toBe(false)
    expect(below.every((p) => !p.zombie)).toBe(true)
    expect((await run(table.groupMembers(root))).map((p) => p.pid).sort()).toEqual(
      [root, ...below.map((p) => p.pid)].sort()
    )
    expect(await run(table.signal({ _tag: "Tree", pid: root, startTime: "not its start" }, "SIGKILL"))).toBe("gone")
    const start = (await run(table.stat(root)))?.startTime ?? ""
    expect(await run(table.signal({ _tag: "Tree", pid: root, startTime: start }, "SIGKILL"))).toBe("sent")
    for (let i = 0; i < 50 && (await run(table.groupMembers(root))).length > 0; i++)
      await new Promise((r) => setTimeout(r, 50))
    expect(await run(table.groupMembers(root))).toEqual([])
  })
})

describe("the tables agree", () => {
  it("proc and ps see the same processes of a group with the same parents", async () => {
    const root = await tree("sleep 30 & sleep 30 & wait", 2)
    const shape = (rows: ReadonlyArray<ProcessInfo>) =>
      rows.map((p) => `${p.pid}/${p.ppid}/${p.pgid}/${p.commandLine}`).sort()
    const read = () => Promise.all(tables.map(([, t]) => run(t.groupMembers(root)).then(shape)))
    // a child just forked may still show the shell's command line in one table and `sleep 30` in the other (it execs
    // between the two reads): read both again until the group has settled, to a deadline
    let [proc, ps] = await read()
    for (const end = Date.now() + 5_000; JSON.stringify(proc) !== JSON.stringify(ps) && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 25))
      ;[proc, ps] = await read()
    }
    expect(proc?.length).toBeGreaterThanOrEqual(3)
    expect(ps).toEqual(proc)
    expect(await run(tables[1]?.[1].signal({ _tag: "Group", pgid: root }, "SIGKILL") ?? Effect.succeed("none"))).toBe(
      "sent"
    )
  })
})

describe("a table that cannot be read says so", () => {
  it("no /proc, no ps: ProcessTableUnavailable naming what is missing", async () => {
    const noProc = await run(Effect.either(deriveTable(procTable(join(dir, "no-proc"))).list))
    expect(Either.isLeft(noProc) && noProc.left).toMatchObject({
      _tag: "ProcessTableUnavailable",
      table: "proc",
      reason: "missing"
    })
    const noPs = await run(Effect.either(deriveTable(psTable(join(dir, "no-ps"))).isAlive({ pid: process.pid })))
    expect(Either.isLeft(noPs) && noPs.left.message).toMatch(/process table \(ps\) could not be read \(missing\)/)
  })

  it("the table is chosen by the platform unless PI_AGENT_BROWSER_PROCESS_TABLE names one", () => {
    expect(tableKindFor("linux", {})).toBe("proc")
    expect(tableKindFor("darwin", {})).toBe("ps")
    expect(tableKindFor("freebsd", {})).toBe("ps")
    expect(tableKindFor("win32", {})).toBe("windows")
    expect(tableKindFor("linux", { PI_AGENT_BROWSER_PROCESS_TABLE: "ps" })).toBe("ps")
    expect(tableKindFor("linux", { PI_AGENT_BROWSER_PROCESS_TABLE: "bogus" })).toBe("proc")
  })
})

describe("the Windows table with stand-in commands", () => {
  const script = (name: string, body: string) => {
    const path = join(dir, name)
    writeFileSync(path, `#!/bin/sh\n${body}\n`)
    chmodSync(path, 0o755)
    return path
  }
  const fixtures = join(import.meta.dirname, "../fixtures/processTables")
  // prints the one-pid answer for a -Filter query, the whole table otherwise; records its arguments
  const shell = script(
    "powershell",
    `echo "$@" >> ${dir}/ps-args\ncase "$*" in *ProcessId=6132*) cat ${fixtures}/windows-cim-reused.json;; *) cat ${fixtures}/windows-cim.json;; esac`
  )
  const taskkill = script(
    "taskkill",
    `echo "$@" >> ${dir}/taskkill-args\ncase "$*" in *6141*) exit 128;; *) exit 0;; esac`
  )
  const table = (() => {
    const w = windowsTable(shell, taskkill)
    return deriveTable(w.reads, w.signal)
  })()

  it("lists the table, reads one pid by filter, and reads a group as its leader's tree", async () => {
    expect((await run(table.list)).length).toBe(6)
    expect((await run(table.stat(6132)))?.commandLine).toContain("svchost")
    expect((await run(table.groupMembers(6120))).map((p) => p.pid)).toEqual([6120, 6132, 6140, 6141])
    expect(table.facts).toMatchObject({ kind: "windows", groups: false })
  })

  it("ends a tree with taskkill /T (/F for SIGKILL), maps 128 to gone, and never ends a reused pid", async () => {
    expect(await run(table.signal({ _tag: "Tree", pid: 6120 }, "SIGKILL"))).toBe("sent")
    expect(await run(table.signal({ _tag: "Group", pgid: 6141 }, "SIGTERM"))).toBe("gone")
    // 6132 now answers as svchost with another start time: not signalled
    expect(
      await run(table.signal({ _tag: "Tree", pid: 6132, startTime: "2026-11-25T14:00:39.0052411Z" }, "SIGKILL"))
    ).toBe("gone")
    const { readFileSync } = await import("node:fs")
    expect(readFileSync(join(dir, "taskkill-args"), "utf8").trim().split("\n")).toEqual([
      "/PID 6120 /T /F",
      "/PID 6141 /T"
    ])
  })
})
