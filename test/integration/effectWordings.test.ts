/**
 * Issue #41 item 6 on the real agent-browser, words that said something else happened: `open` of a URL that downloads a
 * file (an attachment) in a running browser, checked against the files in the downloads folder; a fixed wait; a short
 * static page that has loaded (read with the raw binary).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld()
const downloads = () => {
  const dir = join(live.world.root, "home", "Downloads")
  return existsSync(dir) ? readdirSync(dir) : []
}

describe("open of a URL that downloads a file (#41)", () => {
  it("is said as what happened, and the file is downloaded once", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/download/report-41.txt`] })
    console.log(`[open download] ${textOf(opened)}`)
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(downloads()).toEqual(["report-41.txt"])
    const saved = join(live.world.root, "home", "Downloads", "report-41.txt")
    expect(textOf(opened)).toBe(
      `Downloaded, not opened: ${live.site.origin}/download/report-41.txt is a file; the browser saved it to ${saved}, ${readFileSync(saved).length} bytes (checked on disk). The tab still shows the page before.`
    )
    const url = await live.tool.call({ args: ["get", "url"] })
    expect(textOf(url)).toContain(`${live.site.origin}/index.html`)
  }, 90_000)

  it("a fixed wait that passed says it waited (not 'Wait done (timeout).')", async () => {
    const started = Date.now()
    const waited = await live.tool.call({ args: ["wait", "300"] })
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(textOf(waited)).toBe("Waited 300 ms.")
  })

  it("a short page without scripts that has loaded is not said to be still loading", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/short-static.html`] })
    const session = opened.details.sessionName ?? ""
    expect(rawEval(live.world, session, "document.readyState + ' ' + document.scripts.length")).toBe("complete 0")
    console.log(`[short page] ${textOf(opened)}`)
    expect(textOf(opened)).toContain(
      "The page has loaded and shows almost nothing (no controls, hardly any text); it has no scripts, so that is all of it."
    )
    expect(textOf(opened)).not.toMatch(/may still be loading/)
  })

  it("a request whose host does not resolve is counted as without a response, not hidden under '0 failed'", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const session = opened.details.sessionName ?? ""
    await live.tool.call({ args: ["network", "requests", "--clear"] })
    const script = "fetch('http://nohost.invalid/x').then(() => 'ok', (e) => String(e))"
    expect(rawEval(live.world, session, script)).toBe("TypeError: Failed to fetch")
    const listed = textOf(await live.tool.call({ args: ["network", "requests"] }))
    console.log(`[no host] ${listed}`)
    expect(listed).toMatch(
      /; 1 without a response \(no answer: failed before one, e\.g\. a host that does not resolve, or still pending\)/
    )
    expect(listed).toContain("GET http://nohost.invalid/x (Fetch) no response")
  })
})
