/**
 * Effects that show a moment after an action, said by the action, on the real agent-browser 0.41.2 and Chromium: a
 * double-click that opens an inline editor names the field it focused; a hover-intent menu (opened by a 300 ms timer
 * the hover's handler started) and a section that fills in after it scrolled into view (an IntersectionObserver and a
 * 200 ms timer) are read once those timers ran, while a hover whose timer is long is not waited for; a reload says
 * where the browser kept the page scrolled. A page that replaced itself (a timer's `location.replace`) between two
 * commands is read as the same tab's new page, not as a tab it opened. Each claim is checked on the page's own state
 * with the raw binary (or, where a raw command would itself move upstream's record of the tab, the server's log).
 */
import { createServer, type Server } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const html = (body: string) =>
  [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html; charset=utf-8"] as const

const live = liveWorld({
  files: {
    "/grid.html": html(`<table border=1><tr><th>Item</th><th>Qty</th></tr><tr><td>Apples</td><td id="qty">3</td></tr>
</table><script>qty.addEventListener("dblclick", () => { const i = document.createElement("input"); i.id = "cell";
i.setAttribute("aria-label", "Quantity"); i.value = qty.textContent; qty.textContent = ""; qty.appendChild(i);
i.focus() })</script>`),
    "/menu.html": html(`<nav id="acct" style="display:inline-block;padding:8px">Account<div id="sub" hidden>
<a href="#billing">Billing settings</a></div></nav> <span id="slow">Slow tip</span><p id="tip"></p><script>
let t; acct.addEventListener("mouseenter", () => { t = setTimeout(() => { sub.hidden = false }, 300) });
acct.addEventListener("mouseleave", () => { clearTimeout(t); sub.hidden = true });
slow.addEventListener("mouseenter", () => setTimeout(() => { tip.textContent = "Late words" }, 2500))</script>`),
    "/lazy.html": html(`<h1>Kettle</h1><div style="height:2000px">Description</div><section id="rev"><h2>Reviews</h2>
<div id="list">Loading</div></section><script>new IntersectionObserver((es, o) => { if (!es[0].isIntersecting) return;
o.disconnect(); setTimeout(() => { list.textContent = "Great kettle, 5 stars" }, 200) }).observe(rev)</script>`),
    // a modal edit form: its dialog's close event (fired in a task after the form closed it) shows the saved name
    "/modal.html": html(`<p id="shown">Name: Ada</p><button id="edit" onclick="dlg.showModal()">Edit name</button>
<dialog id="dlg" aria-label="Edit name"><form method="dialog"><label>New name <input id="nm"></label>
<button id="save" value="save">Save</button></form></dialog><script>dlg.addEventListener("close", () => {
shown.textContent = "Name: " + nm.value })</script>`),
    // a section that loads its text from its toggle event (fired in a task after the details opened)
    "/details.html": html(`<details id="more"><summary id="sum">Reviews</summary><div id="list"></div></details>
<script>more.addEventListener("toggle", () => { if (more.open) list.textContent = "Sturdy and quiet, 4 stars" })
</script>`),
    "/long.html": html(Array.from({ length: 80 }, (_, i) => `<p style="height:60px">Item ${i + 1}</p>`).join(""))
  }
})

let session = ""
const evalRaw = (script: string): unknown =>
  (JSON.parse(live.world.raw(["--json", "--session", session, "eval", script])) as { data: { result: unknown } }).data
    .result
const open = async (path: string) => {
  session = (await live.tool.call({ args: ["open", `${live.site.origin}${path}`] })).details.sessionName ?? ""
}

describe("effects that show a moment after the action are said by it (#45)", () => {
  it("a double-click that opens an inline editor names the field it focused", async () => {
    await open("/grid.html")
    const edited = await live.tool.call({ args: ["dblclick", "#qty"] })
    expect(textOf(edited)).toBe('Double-clicked #qty\nFocus moved to input#cell "Quantity"')
    expect(evalRaw("document.activeElement.id")).toBe("cell")
  })

  it("a hover-intent menu is read once the hover's 300 ms timer opened it", async () => {
    await open("/menu.html")
    const hovered = await live.tool.call({ args: ["hover", "#acct"] })
    expect(textOf(hovered)).toBe('Hovered #acct\nNew text: "Billing settings"')
    expect(evalRaw("sub.hidden")).toBe(false)
  })

  it("a hover whose handler starts a long timer is not waited for", async () => {
    await open("/menu.html")
    const hovered = await live.tool.call({ args: ["hover", "#slow"] })
    expect(textOf(hovered)).toBe("Hovered #slow")
    // the 2.5 s timer has not run yet: the hover answered without waiting for it
    expect(evalRaw("tip.textContent")).toBe("")
  })

  it("scrollintoview says the text a section loaded once it came into view", async () => {
    await open("/lazy.html")
    const scrolled = await live.tool.call({ args: ["scrollintoview", "#rev"] })
    expect(textOf(scrolled)).toBe('Scrolled #rev into view\nNew text: "Great kettle, 5 stars"')
    expect(evalRaw("list.textContent")).toBe("Great kettle, 5 stars")
  })

  it("saving a modal form says what its dialog's close event showed, by a click or by Enter", async () => {
    for (const [name, save] of [
      ["Grace", ["click", "#save"]],
      ["Linus", ["press", "Enter"]]
    ] as const) {
      await open("/modal.html")
      await live.tool.call({ args: ["click", "#edit"] })
      await live.tool.call({ args: ["fill", "#nm", name] })
      const saved = await live.tool.call({ args: [...save] })
      expect(evalRaw("[shown.textContent, dlg.open]")).toEqual([`Name: ${name}`, false])
      expect(textOf(saved)).toContain(`New text: "Name: ${name}"`)
    }
  })

  it("opening a details says the text its toggle event filled in", async () => {
    await open("/details.html")
    const opened = await live.tool.call({ args: ["click", "#sum"] })
    expect(evalRaw("list.textContent")).toBe("Sturdy and quiet, 4 stars")
    expect(textOf(opened)).toContain("Sturdy and quiet, 4 stars")
  })

  it("a reload says where the browser kept the page scrolled; at the top it says nothing more", async () => {
    await open("/long.html")
    const top = await live.tool.call({ args: ["reload"] })
    expect(textOf(top)).toBe(`Reloaded ${live.site.origin}/long.html`)
    await live.tool.call({ args: ["scroll", "down", "2000"] })
    const reloaded = await live.tool.call({ args: ["reload"] })
    const max = evalRaw("document.documentElement.scrollHeight - innerHeight")
    expect(evalRaw("Math.round(scrollY)")).toBe(2000)
    expect(textOf(reloaded)).toBe(
      `Reloaded ${live.site.origin}/long.html\n` +
        `Still scrolled to y=2000 of ${String(max)}: the browser kept the page's scroll position.`
    )
  })
})

// a page that replaces itself 300 ms after it loads; the page it lands on reports itself to the server
const seen: Array<string> = []
let mover: Server | undefined
let moverOrigin = ""
beforeAll(async () => {
  const pages: Record<string, string> = {
    "/start": `<title>Start page</title><p>Moving</p><script>setTimeout(() => location.replace("final"), 300)</script>`,
    "/final": `<title>Final page</title><h1>Landed</h1><script>fetch("arrived")</script>`
  }
  mover = createServer((req, res) => {
    seen.push(req.url ?? "")
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(pages[req.url ?? ""] ?? "")
  })
  await new Promise<void>((resolve) => mover?.listen(0, "127.0.0.1", resolve))
  const address = mover.address()
  moverOrigin = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})
afterAll(async () => {
  mover?.closeAllConnections()
  await new Promise<void>((resolve) => mover?.close(() => resolve()))
})

describe("a page that moved on by itself between two commands (#45)", () => {
  it("the next read names the page it moved to, in its own tab, with no claim of another tab", async () => {
    session = (await live.tool.call({ args: ["open", `${moverOrigin}/start`] })).details.sessionName ?? ""
    // the landed page reported itself (no command runs in the session meanwhile)
    const deadline = Date.now() + 15_000
    while (!seen.includes("/arrived") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(seen).toContain("/arrived")
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(title)).toBe(
      `Final page\n(from ${moverOrigin})\nSince the last command the page moved on by itself to ${moverOrigin}/final.`
    )
    expect(evalRaw("location.pathname")).toBe("/final")
    // one tab: the page replaced itself in it
    expect(live.world.raw(["--session", session, "tab", "list"]).trim().split("\n").length).toBe(1)
  })
})
