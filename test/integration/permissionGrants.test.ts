/**
 * Browser permissions a command needs, granted over the session's held DevTools connection, on the real agent-browser
 * 0.41.2 and Chromium: `set geo` then a click → the page's own geolocation call gets the position (headless Chromium
 * denies it otherwise), also after the page navigates; the clipboard commands work through the tool (write then read,
 * write then paste into a focused field). Each effect is read with the raw binary; a close releases the connection.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { PermissionGrants } from "../../src/services/PermissionGrants.js"
import { makeHarness, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawData, rawEval } from "../support/rawPage.js"

const whereAmI =
  `<button id="b" onclick="navigator.geolocation.getCurrentPosition(` +
  `p=>window.__geo={lat:p.coords.latitude,lng:p.coords.longitude},e=>window.__geo={code:e.code})">Where am I</button>`

const live = liveWorld({
  files: {
    "/geo.html": htmlPage(whereAmI),
    "/geo2.html": htmlPage(whereAmI),
    "/note.html": htmlPage(`<input id="q" aria-label="Note">`),
    "/filled.html": htmlPage(`<input id="f" aria-label="From" value="copy me 7"><input id="q" aria-label="Note">`)
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

/** The page's own value, polled to a deadline (the page's callback runs after the click answered). */
const pageValue = async (session: string, script: string, ready: (v: unknown) => boolean): Promise<unknown> => {
  const deadline = Date.now() + 5_000
  let value = evalRaw(session, script)
  while (!ready(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    value = evalRaw(session, script)
  }
  return value
}

/** The page asks for its position now: "pos <latitude>" or "err <code>". */
const ASK =
  "new Promise(r => navigator.geolocation.getCurrentPosition(p => r('pos ' + p.coords.latitude), " +
  "e => r('err ' + e.code), { timeout: 3000 }))"

const held = () => live.tool.runtime.runPromise(Effect.flatMap(PermissionGrants, (grants) => grants.held))

describe("permissions a command needs reach the page (#45)", () => {
  it("set geo then a click: the page reads the position, also after it navigates", async () => {
    const session = await live.openSession("/geo.html")
    const set = await live.tool.call({ args: ["set", "geo", "59.91", "10.75"] })
    expect(textOf(set)).toBe(
      "Geolocation is now 59.91, 10.75; pages in this browser may read it (permission granted while this session runs)."
    )
    await live.tool.call({ args: ["click", "#b"] })
    expect(await pageValue(session, "window.__geo ?? null", (v) => v !== null)).toEqual({ lat: 59.91, lng: 10.75 })
    await live.tool.call({ args: ["open", `${live.site.origin}/geo2.html`] })
    await live.tool.call({ args: ["click", "#b"] })
    expect(await pageValue(session, "window.__geo ?? null", (v) => v !== null)).toEqual({ lat: 59.91, lng: 10.75 })
    expect(await held()).toContain(session)
  })

  it("clipboard write then read: the clipboard holds the text, read back as written (the model's own data)", async () => {
    const session = await live.openSession("/note.html")
    const written = await live.tool.call({ args: ["clipboard", "write", "Hello 42"] })
    expect(written.isError, textOf(written)).toBe(false)
    const read = await live.tool.call({ args: ["clipboard", "read"] })
    expect(read.isError, textOf(read)).toBe(false)
    expect(textOf(read)).toContain("Hello 42")
    expect(textOf(read)).not.toContain("[REDACTED]")
    expect(rawData<{ text: unknown }>(live.world, session, ["clipboard", "read"]).text).toBe("Hello 42")
  })

  it("clipboard copy then read gives the page's text; write, focus and paste fill the field", async () => {
    const session = await live.openSession("/filled.html")
    await live.tool.call({ args: ["focus", "#f"] })
    await live.tool.call({ args: ["press", "Control+a"] })
    const copied = await live.tool.call({ args: ["clipboard", "copy"] })
    expect(copied.isError, textOf(copied)).toBe(false)
    expect(textOf(await live.tool.call({ args: ["clipboard", "read"] }))).toContain("copy me 7")
    await live.tool.call({ args: ["clipboard", "write", "Paste 7"] })
    await live.tool.call({ args: ["focus", "#q"] })
    const pasted = await live.tool.call({ args: ["clipboard", "paste"] })
    expect(pasted.isError, textOf(pasted)).toBe(false)
    expect(await pageValue(session, "q.value", (v) => v === "Paste 7")).toBe("Paste 7")
  })

  it("a close releases the held connection; a set geo that starts the browser grants after it", async () => {
    const session = await live.openSession("/geo.html")
    await live.tool.call({ args: ["set", "geo", "1", "2"] })
    expect(await held()).toContain(session)
    await live.tool.call({ args: ["close"] })
    expect(await held()).toEqual([])
    // the first call of a new browser: granted once the command started it
    const set = await live.tool.call({ args: ["set", "geo", "3", "4"] })
    expect(textOf(set)).toContain("Geolocation is now 3, 4; pages in this browser may read it")
    // a close ends the session's name: the new browser's session is named anew
    const next = set.details.sessionName ?? ""
    expect(await held()).toEqual([next])
    await live.tool.call({ args: ["open", `${live.site.origin}/geo.html`] })
    await live.tool.call({ args: ["click", "#b"] })
    expect(await pageValue(next, "window.__geo ?? null", (v) => v !== null)).toEqual({ lat: 3, lng: 4 })
  })

  it("the tool's shutdown closes the connection: the page is denied the location again", async () => {
    const other = makeHarness(live.world, "pi-session-grants")
    const session = (await other.call({ args: ["open", `${live.site.origin}/geo.html`] })).details.sessionName ?? ""
    try {
      await other.call({ args: ["set", "geo", "5", "6"] })
      expect(await pageValue(session, ASK, (v) => v !== null)).toBe("pos 5")
      await other.dispose()
      expect(await pageValue(session, ASK, (v) => v === "err 1")).toBe("err 1")
    } finally {
      live.world.raw(["--session", session, "close"])
    }
  })
})
