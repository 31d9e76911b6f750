/**
 * Pointer gestures say the text they made appear, on the real agent-browser 0.41.2 and Chromium: a custom context menu
 * that opens on a right-click the tool sends itself (`click --button right`) is named by its items (the model acts on
 * them next); a slider whose handle is dragged with `mouse down/move/up` says its new value. The page's state is read
 * with the raw binary outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/files.html": htmlPage(`<ul id="files"><li id="f1">report.pdf</li><li id="f2">notes.txt</li></ul>
<div id="menu" role="menu" hidden style="position:fixed"><div role="menuitem">Rename</div>
<div role="menuitem">Delete file</div></div>
<script>files.addEventListener("contextmenu", (e) => { e.preventDefault(); menu.hidden = false })</script>`),
    "/link.html": htmlPage(`<a id="go" href="/landed.html" style="position:fixed;left:0;top:0;padding:20px">Go</a>`),
    "/landed.html": htmlPage("<h1>Landed</h1>"),
    "/slider.html": htmlPage(`<div id="track" style="position:absolute;left:100px;top:100px;width:300px;height:8px">
<div id="knob" style="position:absolute;left:-8px;top:-6px;width:16px;height:20px;background:#36c"></div></div>
<p style="margin-top:160px">Volume: <output id="val">0</output></p><script>let on = false;
knob.addEventListener("mousedown", (e) => { on = true; e.preventDefault() });
document.addEventListener("mousemove", (e) => { if (!on) return;
  const v = Math.max(0, Math.min(100, Math.round((e.clientX - 100) / 3))); val.textContent = v });
document.addEventListener("mouseup", () => { on = false })</script>`)
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

describe("pointer gestures say the text they made appear", () => {
  it("click --button right names the custom menu's items", async () => {
    const session = await live.openSession("/files.html")
    const clicked = await live.tool.call({ args: ["click", "#f1", "--button", "right"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(clicked)).toMatch(/^Clicked #f1 \(right button\) at \(\d+, \d+\)\nNew text: "Rename Delete file"$/)
    expect(evalRaw(session, "menu.hidden")).toBe(false)
  })

  it("mouse down, move, up on a slider's handle: the move says the value it now shows", async () => {
    const session = await live.openSession("/slider.html")
    await live.tool.call({ args: ["mouse", "move", "100", "104"] })
    await live.tool.call({ args: ["mouse", "down"] })
    const moved = await live.tool.call({ args: ["mouse", "move", "325", "104"] })
    await live.tool.call({ args: ["mouse", "up"] })
    expect(moved.isError, textOf(moved)).toBe(false)
    expect(textOf(moved)).toContain('New text: "75"')
    expect(evalRaw(session, "val.textContent")).toBe("75")
  })

  it("a point click that leaves the page is said as sent, not failed by the read after it", async () => {
    const session = await live.openSession("/link.html")
    const clicked = await live.tool.call({ args: ["mouse", "click", "30", "30"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(clicked)).toMatch(/^Clicked at \(30, 30\)/)
    const deadline = Date.now() + 5000
    while (Date.now() < deadline && evalRaw(session, "location.pathname") !== "/landed.html")
      await new Promise((r) => setTimeout(r, 100))
    expect(evalRaw(session, "location.pathname")).toBe("/landed.html")
  })
})
