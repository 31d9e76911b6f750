/** The one home of the socket folder rule: the call's own variable, then the tool's environment, then the private folder. */
import { describe, expect, it } from "vitest"
import { socketDirEnv, socketDirOf } from "../../src/upstream/sessionFiles.js"

const config = (env: Record<string, string>) => ({ env, socketDir: "/tmp/piab-1000" })

describe("socket folder", () => {
  it("the call's AGENT_BROWSER_SOCKET_DIR, else the tool environment's, else the private folder", () => {
    expect(
      socketDirOf(config({ AGENT_BROWSER_SOCKET_DIR: "/run/tool" }), { AGENT_BROWSER_SOCKET_DIR: "/run/call" })
    ).toBe("/run/call")
    expect(socketDirOf(config({ AGENT_BROWSER_SOCKET_DIR: "/run/tool" }), {})).toBe("/run/tool")
    expect(socketDirOf(config({}))).toBe("/tmp/piab-1000")
  })

  it("a child process is told the private folder only when the caller named none", () => {
    expect(socketDirEnv(config({}))).toEqual({ AGENT_BROWSER_SOCKET_DIR: "/tmp/piab-1000" })
    expect(socketDirEnv(config({ AGENT_BROWSER_SOCKET_DIR: "/run/tool" }))).toEqual({})
  })
})
