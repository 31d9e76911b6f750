/**
 * What a click did beyond its answer, on the real agent-browser 0.41.2 (issue #41, item 5): a console error and an
 * uncaught error logged by the click's handler are said with their messages; a page that goes to another URL 100 ms
 * after the click is said as that navigation; a click that changed the main heading says the heading now, one that
 * expanded its control says so; a click that changed nothing says nothing more than before. `mouse move|down|up` say
 * the point and the element the page's own mouse event reached; a key press says its errors and changes too. Each
 * judged on the page's own state, read outside the tool.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const page = (body: string) => servedHtml(`<!doctype html><title>Effects</title><h1 id="h">Draft</h1>${body}`)
const live = liveWorld({
  files: {
    "/fx.html": page(`<button id="err">Break</button><button id="save">Save</button><button id="noop">Nothing</button>
<button id="later">Later</button><button id="more" aria-expanded="false">More</button><p id="out"></p>
<input id="q" aria-label="Query"><div id="pad" style="position:fixed;left:300px;top:200px;width:120px;height:60px" aria-label="Drawing pad"></div>
<script>
document.getElementById("pad").onmouseup = (e) => { document.getElementById("out").textContent = "up " + e.clientX + "," + e.clientY };
document.getElementById("err").onclick = () => { console.error("save failed: 500"); document.getElementById("out").textContent = "err"; setTimeout(() => { throw new Error("boom") }, 0) };
document.getElementById("save").onclick = () => { document.getElementById("h").textContent = "Saved" };
document.getElementById("q").onkeydown = (e) => { if (e.key === "Enter") { console.error("search failed"); document.getElementById("h").textContent = "No results" } };
document.getElementById("more").onclick = (e) => e.currentTarget.setAttribute("aria-expanded", "true");
document.getElementById("later").onclick = () => { setTimeout(() => { location.href = "/fx-next.html" }, 100) };
</script>`),
    "/fx-next.html": servedHtml("<!doctype html><title>Next</title><h1>Next page</h1>")
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)

describe("a click's effects", () => {
  it("a click that changed nothing says only that it clicked", async () => {
    session = await live.openedSession("/fx.html")
    const text = okText(await live.tool.call({ args: ["click", "#noop"] }))
    expect(text).not.toMatch(/Console error|Heading now|went to/)
  })

  it("a click whose handler logs a console error and throws in a timer: both said, with their messages", async () => {
    const text = okText(await live.tool.call({ args: ["click", "#err"] }))
    expect(evalPage(`document.getElementById("out").textContent`)).toBe("err")
    expect(text).toContain(`2 console errors after the click: "save failed: 500"; "Uncaught Error: boom"`)
  })

  it("a click that changed the main heading says the heading now", async () => {
    const text = okText(await live.tool.call({ args: ["click", "#save"] }))
    expect(evalPage(`document.getElementById("h").textContent`)).toBe("Saved")
    expect(text).toContain(`Heading now: "Saved"`)
    expect(text).not.toContain("Console error")
  })

  it("a click that expanded its control says so, and nothing about the unchanged heading", async () => {
    const text = okText(await live.tool.call({ args: ["click", "#more"] }))
    expect(evalPage(`document.getElementById("more").getAttribute("aria-expanded")`)).toBe("true")
    expect(text).toContain("The clicked control is now expanded")
    expect(text).not.toContain("Heading now")
  })

  it("a key press that logs an error and changes the heading says both, naming the key press", async () => {
    okText(await live.tool.call({ args: ["focus", "#q"] }))
    const text = okText(await live.tool.call({ args: ["press", "Enter"] }))
    expect(evalPage(`document.getElementById("h").textContent`)).toBe("No results")
    expect(text).toContain(`Console error after the key press: "search failed"`)
    expect(text).toContain(`Heading now: "No results"`)
  })

  it("a key name the browser does not know: said, with the names that work; a known key is not", async () => {
    okText(await live.tool.call({ args: ["focus", "#q"] }))
    // before: `Pressed NotAKey`, while the page got a keydown with an empty key and nothing was typed
    const text = okText(await live.tool.call({ args: ["press", "NotAKey"] }))
    expect(evalPage(`document.getElementById("q").value`)).toBe("")
    expect(text).toContain(
      "The browser does not know that key name: the page got a key event with no key, and nothing was typed."
    )
    const known = okText(await live.tool.call({ args: ["press", "a"] }))
    expect(evalPage(`document.getElementById("q").value`)).toBe("a")
    expect(known).not.toContain("does not know that key name")
  })

  it("mouse move, down and up say where they acted and what element is there", async () => {
    const moved = okText(await live.tool.call({ args: ["mouse", "move", "310", "215"] }))
    expect(moved).toContain(`At (310, 215), over div#pad "Drawing pad"`)
    okText(await live.tool.call({ args: ["mouse", "down"] }))
    const up = okText(await live.tool.call({ args: ["mouse", "up"] }))
    expect(evalPage(`document.getElementById("out").textContent`)).toBe("up 310,215")
    expect(up).toContain(`At (310, 215), over div#pad "Drawing pad"`)
  })

  it("a page that goes to another URL 100 ms after the click: the navigation is said", async () => {
    const result = await live.tool.call({ args: ["click", "#later"] })
    const text = okText(result)
    expect(evalPage("location.pathname")).toBe("/fx-next.html")
    expect(text).toContain(`Page: Next — ${live.url("/fx-next.html")}`)
  })
})
