/**
 * Text only a screen reader gets (a live region clipped to a 1 px box, as react-select and most UI kits write their
 * announcements) is not said as text that appeared or went: no one sees it on the page. What does show is said as
 * before. On the real agent-browser 0.41.2 and Chromium, the page read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const SR_ONLY = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"
const page = htmlPage(`<style>.sr{${SR_ONLY}}</style>
<span class="sr" aria-live="polite"><span id="say">Menu closed.</span></span>
<button id="open" onclick="say.textContent = '3 results available. Use Up and Down to choose options.';
  list.hidden = false">Speed</button>
<ul id="list" hidden><li>Slow</li><li>Fast</li></ul>`)
// a scrollable list (it clips what overflows it) whose every item a click hides: 0 px high then, and still wide
const emptied = htmlPage(`<ul id="fruit" style="overflow:auto;max-height:200px;margin:0;padding:0">
<li>apple</li><li>banana</li></ul>
<button id="none" onclick="for (const li of fruit.children) li.hidden = true">Hide all</button>`)
const live = liveWorld({ files: { "/sr.html": page, "/emptied.html": emptied } })

describe("screen-reader-only text", () => {
  it("a click that fills a clipped live region and shows a list says the list, not the announcement", async () => {
    const session = await live.openedSession("/sr.html")
    const text = textOf(await live.tool.call({ args: ["click", "#open"] }))
    // the page did write the announcement, and shows the list
    expect(rawEval(live.world, session, "say.textContent")).toContain("3 results available.")
    expect(rawEval(live.world, session, "list.checkVisibility()")).toBe(true)
    expect(text).toContain('New text: "Slow Fast"')
    expect(text).not.toContain("results available")
    expect(text).not.toContain("Menu closed")
  })

  it("a shown list that a click emptied, 0 px high after it, is no such box: what it hid is said", async () => {
    const session = await live.openedSession("/emptied.html")
    const text = textOf(await live.tool.call({ args: ["click", "#none"] }))
    expect(rawEval(live.world, session, "fruit.getBoundingClientRect().height")).toBe(0)
    expect(text).toContain('Hidden: "apple"; "banana"; nothing else in their list is shown')
  })
})
