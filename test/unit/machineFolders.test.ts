/** The private folders per platform: socket paths within each platform's limit, Windows paths and names. */
import { describe, expect, it } from "vitest"
import {
  LONGEST_SESSION_SOCKET,
  machineFolders,
  sessionSocketPath,
  socketPathLimit,
  socketPathProblem
} from "../../src/config/machineFolders.js"
import { baseSessionName, managedNameFor } from "../../src/domain/SessionState.js"

const MAC_TMPDIR = "/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/"
const mac = { uid: 501, username: "alice" }

describe("machine folders", () => {
  it("the longest session socket is at least as long as any managed session's", () => {
    const name = managedNameFor(baseSessionName("pi", "a pi session id", "/home/u/project"), 36 ** 4 - 1)
    expect(`${name}.sock`.length).toBeLessThanOrEqual(LONGEST_SESSION_SOCKET.length)
  })

  it("macOS: the socket folder stays in $TMPDIR while a session socket fits 103 bytes", () => {
    const folders = machineFolders("darwin", MAC_TMPDIR, mac)
    expect(folders).toEqual({
      socketDir: "/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/piab-501",
      artifactRoot: "/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/piab-artifacts-501",
      electronRoot: "/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/pi-agent-browser-electron-501"
    })
    expect(Buffer.byteLength(sessionSocketPath("darwin", folders.socketDir))).toBeLessThanOrEqual(103)
  })

  it("macOS: a $TMPDIR too long for a socket puts the socket folder in /tmp; the spill folder stays", () => {
    const long = `/Users/alice/Library/Containers/com.example.some-long-sandboxed-app-name/Data/tmp/`
    const folders = machineFolders("darwin", long, mac)
    expect(socketPathProblem("darwin", `${long}piab-501`)).toMatch(/would be 1\d\d bytes; darwin allows 103$/)
    expect(folders.socketDir).toBe("/tmp/piab-501")
    expect(folders.artifactRoot).toBe(`${long}piab-artifacts-501`)
  })

  it("the limit is the platform's: a folder that fits Linux (107) does not fit macOS (103)", () => {
    const dir = `/${"d".repeat(107 - 2 - LONGEST_SESSION_SOCKET.length)}`
    expect(Buffer.byteLength(sessionSocketPath("linux", dir))).toBe(107)
    expect(socketPathProblem("linux", dir)).toBeUndefined()
    expect(socketPathProblem("darwin", dir)).toContain("darwin allows 103")
    expect(socketPathProblem("freebsd", dir)).toContain("allows 103")
    expect(machineFolders("linux", "/tmp", { uid: 1000, username: "u" }).socketDir).toBe("/tmp/piab-1000")
  })

  it("Windows: backslash paths under the temp folder, named by user name (uid is -1); no socket limit (TCP ports)", () => {
    const folders = machineFolders("win32", "C:\\Users\\Alice Smith\\AppData\\Local\\Temp", {
      uid: -1,
      username: "Alice Smith"
    })
    expect(folders).toEqual({
      socketDir: "C:\\Users\\Alice Smith\\AppData\\Local\\Temp\\piab-Alice_Smith",
      artifactRoot: "C:\\Users\\Alice Smith\\AppData\\Local\\Temp\\piab-artifacts-Alice_Smith",
      electronRoot: "C:\\Users\\Alice Smith\\AppData\\Local\\Temp\\pi-agent-browser-electron-Alice_Smith"
    })
    expect(socketPathLimit("win32")).toBeUndefined()
    expect(socketPathProblem("win32", `C:\\${"x".repeat(200)}`)).toBeUndefined()
    expect(sessionSocketPath("win32", folders.socketDir)).toBe(`${folders.socketDir}\\${LONGEST_SESSION_SOCKET}`)
  })
})
