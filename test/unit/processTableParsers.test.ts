/**
 * The process-table parsers on recorded outputs: Linux `/proc/<pid>/stat`, BSD `ps` as macOS prints it (lstart like
 * `Tue Nov 25 14:00:39 2026`, paths with spaces, zombies, a line cut short by a process that exited mid-read) and the
 * wrapper's PowerShell/CIM query (JSON, quoted paths, rows without a start time). Pid reuse: the same pid with
 * another start time is never the recorded process, on every table.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import type { ProcessInfo } from "../../src/domain/Processes.js"
import { parseCmdline, parseStat } from "../../src/os/procStat.js"
import {
  descendantsIn,
  executableOf,
  groupIn,
  hasArgument,
  identityOf,
  isSameProcess,
  userDataDirOf
} from "../../src/os/processFacts.js"
import { lstartToIso, parsePsLine, parsePsOutput } from "../../src/os/psOutput.js"
import { parseWindowsTable, windowsQuery } from "../../src/os/windowsOutput.js"

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/processTables", name), "utf8")
const MAC_PROFILE = "/var/folders/7x/k3n2_4zd1q9b8gq0000gn/T/agent-browser-chrome-AbC123"
const WIN_PROFILE = "C:\\Users\\Ann\\AppData\\Local\\Temp\\agent-browser-chrome-AbC123"

describe("/proc/<pid>/stat", () => {
  it("reads state, parent, group and start ticks after the last parenthesis of the command name", () => {
    const line = "1234 (Web Content (x) y) S 1 1234 1234 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 10 0 987654 1000 50"
    expect(parseStat(line)).toEqual({ pid: 1234, state: "S", ppid: 1, pgid: 1234, start: "987654" })
    expect(parseStat("77 (sh) Z 1 70 70 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 555 0 0")).toMatchObject({
      state: "Z",
      pgid: 70,
      start: "555"
    })
  })

  it("text cut short (a process that exited while it was read) or not a stat line is no process", () => {
    expect(parseStat("1234 (chromium) S 1 1234 1234 0")).toBeUndefined()
    expect(parseStat("")).toBeUndefined()
    expect(parseStat("garbage")).toBeUndefined()
    expect(parseCmdline("/usr/bin/chromium\0--user-data-dir=/tmp/a b\0")).toEqual([
      "/usr/bin/chromium",
      "--user-data-dir=/tmp/a b"
    ])
  })
})

describe("BSD ps (macOS)", () => {
  const rows = parsePsOutput(fixture("macos-ps-A.txt"))

  it("reads every whole line: pid, parent, group, UTC start to the second, zombie state, command line", () => {
    expect(rows.map((r) => r.pid)).toEqual([1, 412, 5120, 5133, 5140, 5141, 5150, 5201])
    expect(rows.find((r) => r.pid === 5133)).toMatchObject({
      ppid: 5120,
      pgid: 5133,
      startTime: "2026-11-25T14:00:39Z",
      zombie: false
    })
    expect(rows.find((r) => r.pid === 5150)).toMatchObject({ zombie: true, commandLine: "(Google Chrome He)" })
    // a day of month padded with a space
    expect(rows.find((r) => r.pid === 5201)?.startTime).toBe("2026-12-03T09:05:07Z")
    expect(rows.every((r) => r.argv === undefined)).toBe(true)
  })

  it("a line cut short by a process that exited while ps printed is left out, not guessed", () => {
    expect(rows.some((r) => r.pid === 5202)).toBe(false)
    expect(parsePsLine(" 5202  5001  5201 Wed Dec  3 09:05:0")).toBeUndefined()
    expect(lstartToIso("Foo", "3", "09", "05", "07", "2026")).toBeUndefined()
  })

  it("finds the browser's profile folder and helpers in command lines whose paths hold spaces", () => {
    const chrome = rows.find((r) => r.pid === 5133)
    expect(chrome === undefined ? undefined : userDataDirOf(chrome)).toBe(MAC_PROFILE)
    expect(rows.filter((r) => userDataDirOf(r) === MAC_PROFILE).map((r) => r.pid)).toEqual([5133, 5140, 5141])
    expect(rows.filter((r) => hasArgument(r, `--user-data-dir=${MAC_PROFILE}`)).map((r) => r.pid)).toEqual([
      5133, 5140, 5141
    ])
    expect(groupIn(rows, 5133).map((r) => r.pid)).toEqual([5133, 5140, 5141])
    expect(descendantsIn(rows, 5120).map((r) => r.pid)).toEqual([5133, 5140, 5141])
  })

  it("pid reuse: the same pid with another start time is not the recorded browser", () => {
    const recorded = rows.find((r) => r.pid === 5133) as ProcessInfo
    const [now] = parsePsOutput(fixture("macos-ps-p-reused.txt"))
    expect(now?.pid).toBe(5133)
    expect(isSameProcess(now, identityOf(recorded))).toBe(false)
    expect(isSameProcess(recorded, identityOf(recorded))).toBe(true)
    expect(
      isSameProcess(
        rows.find((r) => r.pid === 5150),
        { pid: 5150 }
      )
    ).toBe(false) // a zombie is gone
  })
})

describe("Windows PowerShell/CIM", () => {
  const rows = parseWindowsTable(fixture("windows-cim.json")) ?? []

  it("reads pid, parent, UTC creation time and command line; no process groups", () => {
    expect(rows.map((r) => r.pid)).toEqual([4, 6120, 6132, 6140, 6141, 7012])
    expect(rows.find((r) => r.pid === 6132)).toMatchObject({
      ppid: 6120,
      pgid: undefined,
      startTime: "2026-11-25T14:00:39.0052411Z",
      zombie: false
    })
    expect(rows.find((r) => r.pid === 7012)?.commandLine).toBe("") // another user's process: no command line
  })

  it("rows without a start time (exited while the table was read, the idle process) are left out", () => {
    expect(rows.some((r) => r.pid === 6150 || r.pid === 0)).toBe(false)
  })

  it("finds quoted profile folders and the program, and the tree below the daemon", () => {
    const chrome = rows.find((r) => r.pid === 6132) as ProcessInfo
    expect(userDataDirOf(chrome)).toBe(WIN_PROFILE)
    expect(executableOf(chrome)).toBe("C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe")
    expect(rows.filter((r) => userDataDirOf(r) === WIN_PROFILE).map((r) => r.pid)).toEqual([6132, 6140, 6141])
    expect(descendantsIn(rows, 6120).map((r) => r.pid)).toEqual([6132, 6140, 6141])
  })

  it("pid reuse: one object (not an array) for a pid now held by another process", () => {
    const recorded = rows.find((r) => r.pid === 6132) as ProcessInfo
    const now = parseWindowsTable(fixture("windows-cim-reused.json"))
    expect(now).toHaveLength(1)
    expect(isSameProcess(now?.[0], identityOf(recorded))).toBe(false)
  })

  it("empty output is no process; anything but the query's JSON is unparsable, not an empty table", () => {
    expect(parseWindowsTable("")).toEqual([])
    expect(parseWindowsTable("Get-CimInstance : Access denied")).toBeUndefined()
    expect(parseWindowsTable("42")).toBeUndefined()
    expect(windowsQuery("ProcessId=6132")).toContain("-Filter 'ProcessId=6132'")
    expect(windowsQuery()).toContain("-InputObject $p")
  })
})

describe("command-line questions", () => {
  it("a profile folder that is the prefix of another is not matched", () => {
    const p = { commandLine: "chrome --user-data-dir=/tmp/abcd --type=renderer" }
    expect(hasArgument(p, "--user-data-dir=/tmp/abc")).toBe(false)
    expect(hasArgument(p, "--user-data-dir=/tmp/abcd")).toBe(true)
    expect(
      hasArgument({ commandLine: "", argv: ["chrome", "--user-data-dir=/tmp/abcd"] }, "--user-data-dir=/tmp/abc")
    ).toBe(false)
  })

  it("the flag's value ends at the next flag; a last flag runs to the end", () => {
    expect(userDataDirOf({ commandLine: "/opt/My App/app --user-data-dir=/tmp/My Profile --x" })).toBe(
      "/tmp/My Profile"
    )
    expect(userDataDirOf({ commandLine: "/opt/app --user-data-dir=/tmp/p" })).toBe("/tmp/p")
    expect(userDataDirOf({ commandLine: "/opt/app --no-first-run" })).toBeUndefined()
  })
})
