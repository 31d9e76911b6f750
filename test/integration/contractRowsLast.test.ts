/**
 * The last clauses of the contract's gap list against the real agent-browser and Chromium: L17 (a tab that takes
 * the focus during a click, key press or script is given back to the tab the command ran on, and said) and R4 (a
 * click that stays on its URL and opens a modal is flagged with overlayBlockers). Unit counterparts:
 * test/unit/contractRowsLast.test.ts.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { activeTabIn, pinTab, tabsIn } from "../support/tabs.js"

const live = liveWorld()

const tabs = (session: string) => tabsIn(live, session)
const activeTab = (session: string) => activeTabIn(live, session)
const pin = (tabId: string) => pinTab(live, tabId)

describe("L17: focus taken during a command is given back, and said", () => {
  it("nothing took the focus: no recovery; a tab the click opened itself is followed in a routine session", async () => {
    const session = await live.openedSession("/focus-steal.html")
    const plain = await live.tool.call({ args: ["click", "#noop"] })
    expect(plain.isError, textOf(plain)).toBe(false)
    expect(plain.details.tabCorrection).toBeUndefined()
    expect(textOf(plain)).not.toContain("Tab recovery")
    const followed = await live.tool.call({ args: ["click", "#pop"] })
    expect(followed.isError, textOf(followed)).toBe(false)
    expect(followed.details.tabCorrection).toBeUndefined()
    const about = activeTab(session)
    expect(about?.url).toBe(`${live.site.origin}/about.html`)
    // said as a new tab, with the tab the click ran on (each read outside the tool: the raw tab list)
    expect(textOf(followed)).toContain(
      `New tab ${about?.tabId} (the page opened it; commands now act on it): About Acme — ${live.site.origin}/about.html`
    )
    const home = tabs(session).find((t) => t.url === `${live.site.origin}/focus-steal.html`)
    expect(textOf(followed)).toContain(
      `The clicked page stays in tab ${home?.tabId} (tab ${home?.tabId} goes back to it).`
    )
    expect(followed.details.openedTab).toEqual({ tabId: about?.tabId, from: home?.tabId })
  })

  it("in a session pinned to its tab (it drifted before): a click and a script that let another tab take the focus re-select the tab they ran on, and say so", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/focus-steal.html`] })
    const session = opened.details.sessionName ?? ""
    const home = activeTab(session)
    expect(home?.url).toBe(`${live.site.origin}/focus-steal.html`)
    await pin(home?.tabId ?? "?")

    // the page opens a tab itself, then re-renders a while (its read waits for that: the new tab is there by then)
    const clicked = await live.tool.call({ args: ["click", "#pop"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(clicked.details.tabCorrection).toMatchObject({
      reselected: home?.tabId,
      from: `${live.site.origin}/about.html`,
      reason: "focus-stolen"
    })
    const thief = clicked.details.tabCorrection?.stolenBy ?? ""
    expect(textOf(clicked)).toContain(
      `Tab recovery: tab ${thief} (${live.site.origin}/about.html) took the focus during this command; re-selected ${home?.tabId}, the tab it ran on (refs from before are void: snapshot -i). To use the other tab: tab ${thief}.`
    )
    expect(textOf(clicked)).not.toContain("Page: About Acme")
    expect(activeTab(session)?.tabId).toBe(home?.tabId)
    expect(tabs(session).find((t) => t.tabId === thief)?.url).toBe(`${live.site.origin}/about.html`)

    // a background tab opens a popup while a script runs (the script pings it, again every 500 ms in case the tab's
    // listener was not there yet, until the background tab says it opened the popup, then waits a little more for
    // the browser to have the new tab)
    live.world.raw(["--json", "--session", session, "tab", "new", `${live.site.origin}/focus-background.html`])
    live.world.raw(["--json", "--session", session, "tab", home?.tabId ?? "?"])
    const script = await live.tool.call({
      args: ["eval", "--stdin"],
      stdin:
        "(async () => { const ping = String(Date.now()); const heard = () => (localStorage.getItem('stolen') || '').startsWith(ping); for (let i = 0; i < 100 && !heard(); i++) { if (i % 10 === 0) localStorage.setItem('steal', ping + '-' + i); await new Promise((r) => setTimeout(r, 50)) } await new Promise((r) => setTimeout(r, 300)); return heard() })()"
    })
    expect(script.isError, textOf(script)).toBe(false)
    expect(textOf(script)).toMatch(/^true/) // the background tab opened its popup during the script
    expect(script.details.tabCorrection).toMatchObject({
      reselected: home?.tabId,
      from: `${live.site.origin}/about.html`,
      reason: "focus-stolen"
    })
    expect(activeTab(session)?.tabId).toBe(home?.tabId)
    expect(textOf(await live.tool.call({ args: ["get", "title"] }))).toContain("Focus steal")
  }, 120_000)
})

describe("R4: a click that stays on its URL and opens a modal names its dismiss controls", () => {
  it("overlayBlockers {summary, candidates, snapshot} after the click that opened it; its first candidate closes it; no flag on other clicks", async () => {
    // a fresh browser: the L17 cases above left the managed session pinned to its tab
    const opened = await live.tool.call({
      args: ["open", `${live.site.origin}/modal-click.html`],
      sessionMode: "fresh"
    })
    expect(opened.isError, textOf(opened)).toBe(false)
    // a same-URL click that opens nothing: no diagnostic
    const liked = await live.tool.call({ args: ["click", "#like"] })
    expect(liked.isError, textOf(liked)).toBe(false)
    expect(liked.details.overlayBlockers).toBeUndefined()
    expect(textOf(liked)).not.toContain("overlay")

    const subscribed = await live.tool.call({ args: ["click", "#subscribe"] })
    expect(subscribed.isError, textOf(subscribed)).toBe(false)
    const overlay = subscribed.details.overlayBlockers
    expect(overlay?.dialogs).toEqual(['dialog "Newsletter"'])
    expect(overlay?.candidates.map((c) => [c.role, c.name])).toEqual([
      ["button", "Close"],
      ["button", "No thanks"]
    ])
    expect(overlay?.summary).toContain("may cover the page")
    const first = overlay?.candidates[0]
    expect(first?.args).toEqual(["click", first?.ref])
    // the snapshot the candidates come from is the session's ref map now (details.refSnapshot's shape)
    expect(overlay?.snapshot).toMatchObject({
      session: subscribed.details.sessionName,
      url: `${live.site.origin}/modal-click.html`,
      target: { url: `${live.site.origin}/modal-click.html` }
    })
    expect(overlay?.snapshot?.refs?.[(first?.ref ?? "").replace("@", "")]).toEqual({ role: "button", name: "Close" })
    expect(textOf(subscribed)).toContain("Possible overlay blockers: ")
    const ids = (subscribed.details.nextActions ?? []).map((a) => a.id)
    expect(ids).toEqual(
      expect.arrayContaining([
        "inspect-overlay-state",
        "try-overlay-blocker-candidate-1",
        "try-overlay-blocker-candidate-2"
      ])
    )

    // the offered candidate runs (its ref is current) and closes the dialog; that click opened nothing
    const candidate = (subscribed.details.nextActions ?? []).find((a) => a.id === "try-overlay-blocker-candidate-1")
    const closed = await live.tool.call({ args: candidate?.params?.args ?? [] })
    expect(closed.isError, textOf(closed)).toBe(false)
    expect(closed.details.overlayBlockers).toBeUndefined()
    const hidden = await live.tool.call({ args: ["eval", "document.getElementById('modal').hidden"] })
    expect(textOf(hidden)).toMatch(/^true/)
  })

  it("a dialog that was open before the click is not the click's doing: no flag", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/overlay.html`] })
    expect(opened.isError, textOf(opened)).toBe(false)
    const bought = await live.tool.call({ args: ["click", "button"] })
    expect(bought.isError, textOf(bought)).toBe(false)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#out"] }))).toMatch(/^bought/)
    expect(bought.details.overlayBlockers).toBeUndefined()
    expect(textOf(bought)).not.toContain("overlay")
  })
})
