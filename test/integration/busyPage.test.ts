/**
 * A click whose page stops answering is said before its watchdog (#45, real agent-browser 0.41.2 and Chromium): a
 * button whose handler never returns holds upstream's click about 30 s and the tool's default watchdog 35 s; the
 * tool looks at the page while the click runs and, seeing it silent with a busy renderer twice, ends the click early
 * and recovers as from a hung page. A handler busy for a few seconds that then returns is waited out.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/spin.html": htmlPage(`<button id="b" onclick="while (true) {}">Spin</button>`),
    "/slow.html": htmlPage(
      `<button id="b" onclick="const end = Date.now() + 4000; while (Date.now() < end) {}; document.title = 'done'">` +
        "Slow</button>"
    )
  }
})

describe("a click whose handler never returns (#45)", () => {
  it("is ended well before the watchdog, said busy; the browser is ended and the offered reopen works", {
    timeout: 120_000
  }, async () => {
    const opened = await live.tool.call({ args: ["open", live.url("/spin.html")] })
    expect(opened.isError, textOf(opened)).toBe(false)
    const started = Date.now()
    const clicked = await live.tool.call({ args: ["click", "#b"] })
    // generous on a loaded machine; the default watchdog alone is 35 s, then the recovery
    expect(Date.now() - started).toBeLessThan(25_000)
    expect(clicked.details.failureCategory, textOf(clicked)).toBe("timeout")
    expect(textOf(clicked)).toMatch(/Stopped after \d+ ms: while `click #b` ran, the page stopped answering DevTools/)
    expect(clicked.details.recovery?.kind, textOf(clicked)).toBe("browser-ended")
    expect(textOf(clicked)).toContain("a script that never returns holds it: its renderer stayed busy")
    expect(clicked.details.nextActions?.[0]?.id).toBe("reopen-lost-page")
    // a read before reopening runs in the new browser: its empty title is said so, not as the old page's
    const blank = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(blank)).toBe("(empty)")
    const session = clicked.details.sessionName ?? ""
    expect(rawData<{ url: string }>(live.world, session, ["get", "url"]).url).toBe("about:blank")
    const reopened = await live.tool.call(clicked.details.nextActions?.[0]?.params)
    expect(reopened.isError, textOf(reopened)).toBe(false)
  })

  it("a handler busy for 4 s that returns is waited out: the click answers and its effect is there", {
    timeout: 120_000
  }, async () => {
    await live.tool.call({ args: ["open", live.url("/slow.html")] })
    const clicked = await live.tool.call({ args: ["click", "#b"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(title)).toContain("done")
  })
})
