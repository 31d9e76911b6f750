/**
 * Tab pinning against the real agent-browser: once a session's tab is pinned (set by tab recovery after drift),
 * commands run in that tab even when another tab took focus; a pin on a tab that is gone is dropped, not fatal.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { pinTab, tabsIn } from "../support/tabs.js"

const live = liveWorld()

const tabs = (session: string) => tabsIn(live, session)
const pin = (tabId: string | undefined) => pinTab(live, tabId)

describe("tab pinning", () => {
  it("runs commands in the pinned tab while another tab has focus, and drops a pin whose tab closed", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    expect(opened.isError).toBe(false)
    const session = opened.details.sessionName ?? ""
    const home = tabs(session).find((t) => t.active)
    expect(home?.url).toBe(`${live.site.origin}/index.html`)
    live.world.raw(["--json", "--session", session, "tab", "new", `${live.site.origin}/about.html`])
    expect(tabs(session).find((t) => t.active)?.url).toBe(`${live.site.origin}/about.html`)

    await pin(home?.tabId)
    const pinned = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(pinned)).toBe(`${live.site.origin}/index.html`)

    const other = tabs(session).find((t) => t.url.endsWith("/about.html"))
    live.world.raw(["--json", "--session", session, "tab", other?.tabId ?? "?"])
    const stillPinned = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(stillPinned)).toBe(`${live.site.origin}/index.html`)

    live.world.raw(["--json", "--session", session, "tab", "close", home?.tabId ?? "?"])
    const unpinned = await live.tool.call({ args: ["get", "url"] })
    expect(unpinned.isError).toBe(false)
    expect(textOf(unpinned)).toBe(`${live.site.origin}/about.html`)
    expect(await live.tool.runtime.runPromise(Effect.flatMap(SessionRegistry, (r) => r.view(session)))).toMatchObject({
      pinnedTab: undefined
    })
  })
})

describe("focus lost between calls", () => {
  it("a read re-selects the tab the session was on; when that tab is gone and about:blank has focus, tab-drift", async () => {
    const session = await live.openedSession("/about.html")
    const home = tabs(session).find((t) => t.active)
    live.world.raw(["--json", "--session", session, "tab", "new", `${live.site.origin}/list.html`])
    expect(tabs(session).find((t) => t.active)?.url).toBe(`${live.site.origin}/list.html`)
    const read = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(read)).toContain(`${live.site.origin}/about.html`)
    expect(read.details.tabCorrection).toMatchObject({ reselected: home?.tabId, reason: "focus-lost" })
    expect(tabs(session).find((t) => t.active)?.tabId).toBe(home?.tabId)

    live.world.raw(["--json", "--session", session, "tab", "new"])
    for (const t of tabs(session).filter((t) => !t.active))
      live.world.raw(["--json", "--session", session, "tab", "close", t.tabId])
    const drifted = await live.tool.call({ args: ["get", "title"] })
    expect(drifted.details.failureCategory, textOf(drifted)).toBe("tab-drift")
  })
})
