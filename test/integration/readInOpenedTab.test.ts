/**
 * A read that ran in a tab the page opened by itself since the last command, on the real agent-browser 0.41.2 and
 * Chromium: upstream follows a new tab at the next command it handles, so a `get title` answers from the popup. The
 * read says so and names the session's page, still open; the next command's tab recovery goes back to it. Checked with
 * the raw binary's tab list outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { tabsIn } from "../support/tabs.js"

const html = (title: string, body: string) =>
  [`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`, "text/html"] as const

const live = liveWorld({
  files: {
    // no user gesture: a timer opens the popup while the model waits
    "/deals.html": html(
      "Deals",
      `<p>Deals</p><script>setTimeout(() => { window.open("/pop.html"); window.popped = true }, 1500)</script>`
    ),
    "/pop.html": html("Popped chat", "<h1>Chat</h1>")
  }
})

describe("a read in a tab the page opened by itself (#45)", () => {
  it("get title answers from the popup and says so; the next command goes back to the session's page", async () => {
    const deals = `${live.site.origin}/deals.html`
    const session = (await live.tool.call({ args: ["open", deals] })).details.sessionName ?? ""
    // the model waits until the page opened its popup (polled in the page, to a deadline)
    await live.tool.call({ args: ["wait", "--fn", "window.popped === true", "--timeout", "15000"] })
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(title.isError, textOf(title)).toBe(false)
    const pop = `${live.site.origin}/pop.html`
    // the raw tab list: the popup is the active tab (upstream followed it for the read)
    expect(tabsIn(live, session).find((t) => t.active)?.url).toBe(pop)
    expect(textOf(title)).toBe(
      `Popped chat\n(from ${live.site.origin})\nThis ran in another tab, ${pop}: the page opened it since the last ` +
        `command, and agent-browser follows a new tab. This session's page, ${deals}, is still open in its own tab ` +
        "(tab list shows both)."
    )
    const again = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(again)).toContain("Deals")
    expect(textOf(again)).toContain("Tab recovery")
    expect(tabsIn(live, session).find((t) => t.active)?.url).toBe(deals)
  })
})
