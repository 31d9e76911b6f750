import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { daemonPidIn, daemonTargetIn, sessionFilesOf } from "../../src/layers/socketFiles/sessionFiles.js"
import { parseDaemonPid, parseDaemonTarget, sessionFilePath } from "../../src/upstream/sessionFiles.js"

describe("upstream's session files", () => {
  // made when a test of this block runs (a filtered run that skips them all leaves nothing behind)
  let dir = ""
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "piab-session-files-"))
  })
  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true })
  })

  it("reads a pid only as a positive integer", () => {
    expect(parseDaemonPid("1234\n")).toBe(1234)
    for (const text of [undefined, "", "0", "-3", "12.5", "abc"]) expect(parseDaemonPid(text)).toBeUndefined()
  })

  it("reads the target's url as written and a non-empty target id; anything else is unknown", () => {
    expect(parseDaemonTarget(JSON.stringify({ url: "http://a/", targetId: "T1" }))).toEqual({
      url: "http://a/",
      targetId: "T1"
    })
    expect(parseDaemonTarget(JSON.stringify({ url: "", targetId: "" }))).toEqual({ url: "" })
    expect(parseDaemonTarget("{not json")).toEqual({})
    expect(parseDaemonTarget(undefined)).toEqual({})
  })

  it("names and reads the files beside the socket", () => {
    writeFileSync(sessionFilePath(dir, "s1", "pid"), " 42\n")
    writeFileSync(sessionFilePath(dir, "s1", "target"), JSON.stringify({ url: "http://b/" }))
    expect(daemonPidIn(dir, "s1")).toBe(42)
    expect(daemonTargetIn(dir, "s1")).toEqual({ url: "http://b/" })
    expect(daemonPidIn(dir, "missing")).toBeUndefined()
    expect(sessionFilesOf(dir, "s1")).toContain(join(dir, "s1.piab-owner"))
  })
})
