/**
 * An open whose page redirects by script while the tool reads it, against the real agent-browser and Chromium (unit
 * counterpart: test/unit/openRedirectRead.test.ts). Upstream answers such a read with "CDP error (Runtime.evaluate):
 * Inspected target navigated or closed"; the open answers where the page landed. The page here keeps its DOM busy so
 * that the read (which waits for the DOM to be quiet) is still running when the redirect comes: the cut is certain,
 * not a race.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const BUSY_THEN_AWAY = `<!doctype html><title>Leaving</title><p id="t">0</p><script>
let n = 0; setInterval(() => { document.getElementById("t").textContent = String(++n) }, 20);
setTimeout(() => location.replace("/landed.html?from=leaving"), 400)</script>`
const LANDED = '<!doctype html><title>Landed</title><h1>Landed here</h1><a href="/x">x</a>'

const live = liveWorld({
  files: { "/leaving.html": [BUSY_THEN_AWAY, "text/html"], "/landed.html": [LANDED, "text/html"] }
})

describe("an open whose page redirects while it is read", () => {
  it("answers as opened where the page landed, as the first open and as an open in a running browser", async () => {
    for (const attempt of ["first open (launch)", "open in the running browser"]) {
      const opened = await live.tool.call({ args: ["open", live.url("/leaving.html")] })
      expect(opened.isError, `${attempt}: ${textOf(opened)}`).toBe(false)
      expect(textOf(opened), attempt).toMatch(
        /^Opened: Landed\nURL: http:\/\/127\.0\.0\.1:\d+\/landed\.html\?from=leaving/
      )
      // the page's real state, read outside the tool: the landed page
      expect(live.world.raw(["--session", opened.details.sessionName ?? "", "get", "url"]).trim(), attempt).toBe(
        live.url("/landed.html?from=leaving")
      )
    }
  })
})
