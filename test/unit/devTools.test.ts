import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readDevToolsActivePort } from "../../src/layers/cdp/cdpClient.js"
import { devToolsTargetsOf, devToolsVersionOf } from "../../src/upstream/devTools.js"

describe("what a DevTools endpoint says, read once", () => {
  // made when a test of this block runs (a filtered run that skips them all leaves nothing behind)
  let dir = ""
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "piab-devtools-"))
  })
  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true })
  })

  it("/json/version: the browser's WebSocket and name; without a WebSocket it is no answer", () => {
    expect(devToolsVersionOf({ webSocketDebuggerUrl: "ws://h/devtools/browser/b1", Browser: "Chrome/1" })).toEqual({
      webSocketDebuggerUrl: "ws://h/devtools/browser/b1",
      browser: "Chrome/1"
    })
    expect(devToolsVersionOf({ Browser: "Chrome/1" })).toBeUndefined()
    expect(devToolsVersionOf(null)).toBeUndefined()
  })

  it("/json/list: entries with an id and a type, as written", () => {
    const list = [{ id: "T", type: "page", url: "http://a/", webSocketDebuggerUrl: "ws://t" }, { type: "page" }, 3]
    expect(devToolsTargetsOf(list)).toEqual([
      { id: "T", type: "page", title: "", url: "http://a/", webSocketDebuggerUrl: "ws://t" }
    ])
    expect(devToolsTargetsOf({})).toEqual([])
  })

  it("a profile's DevToolsActivePort: missing, unreadable, or its port and browser path", () => {
    expect(readDevToolsActivePort(dir)).toBe("missing")
    writeFileSync(join(dir, "DevToolsActivePort"), "nope\n")
    expect(readDevToolsActivePort(dir)).toBe("unreadable")
    writeFileSync(join(dir, "DevToolsActivePort"), "41234\n/devtools/browser/abc\n")
    expect(readDevToolsActivePort(dir)).toEqual({ port: 41234, browserPath: "/devtools/browser/abc" })
  })
})
