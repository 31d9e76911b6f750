/**
 * A key that moves a widget's active item or scrolls the page says so, on the real agent-browser 0.41.2 and Chromium:
 * ArrowDown in a listbox that keeps the focus (aria-activedescendant), End on a long page (Chromium animates the
 * scroll; the text gives where it stopped). Each claim is compared with the page's state read by the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/listbox.html": htmlPage(`<ul id="lb" role="listbox" tabindex="0" aria-activedescendant="o1">
<li id="o1" role="option">Apple</li><li id="o2" role="option">Banana</li></ul><script>
lb.addEventListener("keydown", (e) => { if (e.key === "ArrowDown") { e.preventDefault();
lb.setAttribute("aria-activedescendant", "o2") } })</script>`),
    "/menu.html": htmlPage(`<button id="mb" aria-haspopup="menu" aria-expanded="false">Actions</button>
<ul id="mn" role="menu" hidden><li id="m1" role="menuitem" tabindex="-1">Rename</li></ul><script>
mb.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); mn.hidden = false;
mb.setAttribute("aria-expanded", "true"); m1.focus() } })</script>`),
    "/box.html": htmlPage(`<h1>Build</h1><div id="logbox" tabindex="0" style="height:150px;overflow:auto">
${Array.from({ length: 60 }, (_, i) => `<div>log line ${i + 1}</div>`).join("")}</div>`),
    "/long.html": htmlPage(`<h1>Top</h1>${"<p style='height:300px'>Filler</p>".repeat(20)}<footer>End</footer>`),
    // End whose scroll stops a pixel short of the bottom, and reaches it 8 frames later (a smooth scroll's last frame)
    "/lastpx.html": htmlPage(`<h1>Top</h1>${"<p style='height:300px'>Filler</p>".repeat(20)}<script>
addEventListener("keydown", (e) => { if (e.key !== "End") return; e.preventDefault();
const max = document.documentElement.scrollHeight - innerHeight; scrollTo(0, max - 1);
let n = 0; const last = () => (++n < 8 ? requestAnimationFrame(last) : scrollTo(0, max)); requestAnimationFrame(last) })
</script>`)
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

describe("a key says the active item it moved and where it scrolled the page (#45)", () => {
  it("ArrowDown in a listbox names the option now active; the focus stayed on the listbox", async () => {
    const session = await live.openSession("/listbox.html")
    live.world.raw(["--session", session, "focus", "#lb"])
    const r = await live.tool.call({ args: ["press", "ArrowDown"] })
    expect(textOf(r)).toBe(
      'Pressed ArrowDown\nActive item now li#o2 "Banana" (aria-activedescendant of ul#lb, which kept the focus)'
    )
    expect(evalRaw(session, "[document.activeElement.id, lb.getAttribute('aria-activedescendant')]")).toEqual([
      "lb",
      "o2"
    ])
  })

  /** `press End` on `path`: the y and bottom the text said, and the page's own, read by the raw binary after it. */
  const endSaidAndRead = async (path: string) => {
    const session = await live.openSession(path)
    const r = await live.tool.call({ args: ["press", "End"] })
    const said = /^Pressed End\nThe page scrolled down to y=(\d+) of (\d+) \(the bottom\)\.$/.exec(textOf(r))
    expect(said, textOf(r)).not.toBeNull()
    const read = evalRaw(session, "[Math.round(scrollY), document.documentElement.scrollHeight - innerHeight]")
    return { said: [Number(said?.[1]), Number(said?.[2])], read: read as [number, number] }
  }

  it("End on a long page says where the page scrolled to, once the scroll stopped", async () => {
    const { said, read } = await endSaidAndRead("/long.html")
    expect(said).toEqual(read)
  })

  it("End whose scroll is a pixel short of the bottom says where it stopped, not that pixel", async () => {
    const { said, read } = await endSaidAndRead("/lastpx.html")
    // before: "y=5792 of 5793", read before the last pixel came
    expect(said).toEqual(read)
    expect(read[0]).toBe(read[1])
  })

  it("Enter on a menu button that focuses its first item says the button is expanded, not the item", async () => {
    const session = await live.openSession("/menu.html")
    live.world.raw(["--session", session, "focus", "#mb"])
    const r = await live.tool.call({ args: ["press", "Enter"] })
    expect(textOf(r)).toBe(
      'Pressed Enter\nFocus moved to li#m1 "Rename"\nThe control the key was pressed on is now expanded\nNew text: "Rename"'
    )
    expect(evalRaw(session, "[document.activeElement.id, mb.getAttribute('aria-expanded')]")).toEqual(["m1", "true"])
  })

  it("PageDown in a focused scrollable panel names the panel and where it scrolled; the page did not move", async () => {
    const session = await live.openSession("/box.html")
    live.world.raw(["--session", session, "focus", "#logbox"])
    const r = await live.tool.call({ args: ["press", "PageDown"] })
    const said = /^Pressed PageDown\nThe scrollable div#logbox scrolled down to y=(\d+) of (\d+)\.$/.exec(textOf(r))
    expect(said, textOf(r)).not.toBeNull()
    const [top, max, y] = evalRaw(
      session,
      "[Math.round(logbox.scrollTop), logbox.scrollHeight - logbox.clientHeight, scrollY]"
    ) as [number, number, number]
    expect([Number(said?.[1]), Number(said?.[2]), y]).toEqual([top, max, 0])
  })

  it("a key that neither scrolls nor moves an active item says only the key", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/long.html`] })
    const r = await live.tool.call({ args: ["press", "Shift"] })
    expect(textOf(r)).toBe("Pressed Shift")
  })
})
