/**
 * `tab new <url>` on the real agent-browser 0.41.2 and Chromium: upstream answers before the new tab's page has
 * loaded (its title still empty), so a read right after it could find an empty page. The tool reads the page once it
 * loaded and says it; the next read gets the loaded page (checked with the raw binary).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"
import { titledPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/first.html": titledPage("First tab", "<p>one</p>"),
    "/second.html": titledPage("Second tab", "<p>two</p>")
  }
})

describe("a new tab with a URL says the page it loaded (#45)", () => {
  it("says the loaded page; a title read right after is that page's", async () => {
    const session = await live.openSession("/first.html")
    const opened = await live.tool.call({ args: ["tab", "new", `${live.site.origin}/second.html`] })
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(textOf(opened)).toContain(`Page: Second tab — ${live.site.origin}/second.html`)
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(title).split("\n")[0]).toBe("Second tab")
    expect(rawData<{ title: string }>(live.world, session, ["get", "title"]).title).toBe("Second tab")
  })
})
