/**
 * Tab pinning against the real agent-browser: once a session's tab is pinned (set by tab recovery after drift),
 * commands run in that tab even when another tab took focus; a pin on a tab that is gone is dropped, not fatal.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { charsetPage } from "../support/servedPages.js"
import { pinTab, tabsIn } from "../support/tabs.js"

const live = liveWorld({
  files: {
    "/todo.html": charsetPage(
      '<title>Todos</title><input id="t" aria-label="New todo"><ul id="l"></ul><script>t.onkeydown = (e) => {' +
        ' if (e.key === "Enter" && t.value) { const li = document.createElement("li"); li.textContent = t.value;' +
        ' l.append(li); t.value = "" } }</script>'
    )
  }
})

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

describe("a key press in a pinned tab", () => {
  it("says its effects in its one process, as in a session without a pin", async () => {
    const session = await live.openedSession("/todo.html")
    await pin(tabs(session).find((t) => t.active)?.tabId)
    await live.tool.call({ args: ["fill", "#t", "Buy milk"] })
    await live.tool.call({ args: ["focus", "#t"] })
    const before = live.tool.spawned().length
    const pressed = await live.tool.call({ args: ["press", "Enter"] })
    // before: "Pressed Enter" alone (the pinned press ran unwatched)
    expect(textOf(pressed)).toBe('Pressed Enter\nThe focused control now has value ""\nNew text: "Buy milk"')
    expect(live.tool.spawned().length - before).toBe(1)
    expect(rawEval(live.world, session, "l.textContent")).toBe("Buy milk")
    expect(await live.tool.runtime.runPromise(Effect.flatMap(SessionRegistry, (r) => r.view(session)))).toMatchObject({
      pinnedTab: expect.any(String)
    })
  })
})
