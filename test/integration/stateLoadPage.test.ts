/**
 * `state load` on the real agent-browser (#41 item 6): upstream opens the state's origin in the tab to write its
 * storage, so the tab leaves its page. The text says where the tab is now, read after the load and checked here with
 * the raw binary, and that the page changed; the storage it loaded is read from the page.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld()

const rawValue = (session: string, args: ReadonlyArray<string>): Record<string, unknown> =>
  rawData(live.world, session, args)

describe("state load says where the tab is now (#41)", () => {
  it("the tab moved to the origin's root: said with the URL the browser shows, the page before, void refs", async () => {
    const file = join(live.world.root, "state-41.json")
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const session = opened.details.sessionName ?? ""
    rawValue(session, ["eval", "localStorage.setItem('k41', 'saved-41')"])
    const saved = await live.tool.call({ args: ["state", "save", file] })
    expect(saved.isError, textOf(saved)).toBe(false)
    await live.tool.call({ args: ["open", `${live.site.origin}/about.html`] })
    rawValue(session, ["eval", "localStorage.clear()"])
    const loaded = await live.tool.call({ args: ["state", "load", file] })
    console.log(`[state load] ${textOf(loaded)}`)
    expect(loaded.isError, textOf(loaded)).toBe(false)
    const url = String(rawValue(session, ["get", "url"])["url"])
    expect(url).not.toBe(`${live.site.origin}/about.html`)
    expect(rawValue(session, ["eval", "localStorage.getItem('k41')"])["result"]).toBe("saved-41")
    expect(textOf(loaded)).toContain(`Loaded state from ${file}`)
    expect(textOf(loaded)).toContain(`The page changed: loading the state moved the tab to ${url}`)
    expect(textOf(loaded)).toContain(
      `it was on ${live.site.origin}/about.html (open ${live.site.origin}/about.html to go back)`
    )
  }, 90_000)
})
