/**
 * A wait says what now holds on the page, on the real agent-browser 0.41.2 and Chromium: `wait <sel> --state hidden`
 * is the element state upstream waits for (not the `--state <file>` launch flag, which the tool refused on a running
 * browser), and a text wait names its text. Each claim is checked with the raw binary outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/slow.html": htmlPage(`<p id="sp">Loading results</p><div id="out"></div><script>
setTimeout(() => { sp.hidden = true; out.textContent = "Order #42 confirmed" }, 1500)</script>`)
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

describe("a wait says what it waited for (#45)", () => {
  it("wait <sel> --state hidden waits in the running browser and says the element is hidden", async () => {
    const session = await live.openSession("/slow.html")
    evalRaw(session, "window.__kept = 1")
    const waited = await live.tool.call({ args: ["wait", "#sp", "--state", "hidden"] })
    expect(waited.isError, textOf(waited)).toBe(false)
    expect(textOf(waited)).toBe("#sp is hidden or gone.")
    // the same page in the same browser (no relaunch), and the element is hidden
    expect(evalRaw(session, "[window.__kept, sp.hidden]")).toEqual([1, true])
  })

  it("wait --text names the text now on the page", async () => {
    const session = await live.openSession("/slow.html")
    const waited = await live.tool.call({ args: ["wait", "--text", "Order #42"] })
    expect(textOf(waited)).toBe('The text "Order #42" is on the page.')
    expect(evalRaw(session, "out.textContent")).toBe("Order #42 confirmed")
  })
})
