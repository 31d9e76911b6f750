/**
 * A click whose page opens a new tab says so, on the real agent-browser 0.41.2 and Chromium: a `target=_blank` link
 * and a `window.open` button name the new tab the session now follows and the tab the click ran on; `tab <from>` goes
 * back. Each claim is checked with the raw binary's tab list and a raw read of the page outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { activeTabIn, tabsIn } from "../support/tabs.js"
import { rawData } from "../support/rawPage.js"

const html = (title: string, body: string) =>
  [`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`, "text/html"] as const

const live = liveWorld({
  files: {
    "/inbox.html": html(
      "Inbox",
      `<a id="a" href="/report.html" target="_blank">Open report</a>` +
        `<button id="b" onclick="window.open('/report.html')">Pop out</button>`
    ),
    "/report.html": html("Monthly report", "<h1>Report</h1>")
  }
})
const titleRaw = (session: string): unknown => rawData<{ title: string }>(live.world, session, ["get", "title"]).title

describe("a click that opens a tab says the new tab (#45)", () => {
  for (const [how, target] of [
    ["a target=_blank link", "#a"],
    ["a window.open button", "#b"]
  ] as const) {
    it(`${how}: the new tab, the page it shows, and the tab to go back to`, async () => {
      const session = await live.openSession("/inbox.html")
      const home = activeTabIn(live, session)
      const clicked = await live.tool.call({ args: ["click", target] })
      expect(clicked.isError, textOf(clicked)).toBe(false)
      const report = activeTabIn(live, session)
      expect(report?.url).toBe(`${live.site.origin}/report.html`)
      expect(report?.tabId).not.toBe(home?.tabId)
      expect(textOf(clicked)).toBe(
        `Clicked ${target}\nNew tab ${report?.tabId} (the page opened it; commands now act on it): Monthly report — ` +
          `${live.site.origin}/report.html\nThe clicked page stays in tab ${home?.tabId} (tab ${home?.tabId} goes ` +
          "back to it)."
      )
      expect(titleRaw(session)).toBe("Monthly report")
      const back = await live.tool.call({ args: ["tab", home?.tabId ?? "?"] })
      expect(back.isError, textOf(back)).toBe(false)
      expect(titleRaw(session)).toBe("Inbox")
      live.world.raw(["--session", session, "tab", "close", report?.tabId ?? "?"])
      expect(tabsIn(live, session).length).toBe(1)
    })
  }
})
