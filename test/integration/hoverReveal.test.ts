/**
 * A hover or focus that shows or hides text through the page's CSS alone (`.menu:hover .sub { display: block }`, a
 * `:focus-within` list) says it, on the real agent-browser 0.41.2 and Chromium: no DOM mutation happens, so the
 * mutation watch alone said nothing while the menu opened. A hover that changes nothing, and a menu that is always
 * shown, say nothing new. Each claim is checked on the page's own state with the raw binary outside the tool.
 */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { textOf } from "../support/harness.js"
import { REPO } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/menus.html": htmlPage(`<style>
.sub { display: none } .menu:hover .sub { display: block }
.fade { visibility: hidden; opacity: 0 } #tools:hover .fade { visibility: visible; opacity: 1 }
.open .sub { display: block }
#find .list { display: none } #find:focus-within .list { display: block }
</style>
<div id="menu" class="menu" style="width:200px"><span>Account</span>
  <div class="sub" id="sub"><a href="#">Sign out</a>
    <a href="#">Settings</a></div></div>
<div id="tools" style="width:200px"><button>Tools</button><div class="fade" id="fade">Export CSV</div></div>
<div id="always" class="menu open" style="width:200px"><span>Help</span><div class="sub" id="help">Docs</div></div>
<p id="plain">Plain words</p>
<div id="find"><input id="q" aria-label="Find"><ul class="list" id="list"><li>Recent: invoices</li></ul></div>`),
    "/far.html": htmlPage(`<div id="far" class="far" style="width:200px"><span>Orders</span>
  <div class="sub" id="farsub"><p>Open orders</p><p>Returns</p></div></div><p id="plain">Plain words</p><script>
const l = document.createElement("link"); l.rel = "stylesheet"; l.href = new URLSearchParams(location.search).get("css");
document.head.append(l)</script>`)
  }
})

// the menu's rules in a sheet from another origin (another port): the page may not read them
let other: StaticServer | undefined
beforeAll(async () => {
  other = await startStaticServer(join(REPO, "fixtures/site"), {
    files: { "/far.css": [".far .sub { display: none } .far:hover .sub { display: block }", "text/css; charset=utf-8"] }
  })
})
afterAll(async () => {
  await other?.close()
})

let session = ""
const evalRaw = (script: string): unknown => rawEval(live.world, session, script)
const display = (id: string) => evalRaw(`getComputedStyle(document.getElementById(${JSON.stringify(id)})).display`)

describe("a hover or focus says the text the page's CSS showed or hid (#45)", () => {
  it("hovering a CSS :hover menu names its items; moving off says they went; a plain hover says nothing", async () => {
    session = await live.openSession("/menus.html")
    const opened = await live.tool.call({ args: ["hover", "#menu"] })
    expect(textOf(opened)).toBe('Hovered #menu\nNew text: "Sign out Settings"')
    expect(display("sub")).toBe("block")
    // off the menu: it closed, said as hidden text
    const left = await live.tool.call({ args: ["hover", "#plain"] })
    expect(textOf(left)).toBe('Hovered #plain\nHidden: "Sign out Settings"')
    expect(display("sub")).toBe("none")
    // nothing changes: nothing said
    const again = await live.tool.call({ args: ["hover", "#plain"] })
    expect(textOf(again)).toBe("Hovered #plain")
    // a menu that is always shown: nothing new
    const always = await live.tool.call({ args: ["hover", "#always"] })
    expect(textOf(always)).toBe("Hovered #always")
    expect(display("help")).toBe("block")
  })

  it("a hover by ref reveals a visibility/opacity menu through the page's :hover rule", async () => {
    session = await live.openSession("/menus.html")
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const ref = /button "Tools" \[ref=(e\d+)\]/.exec(snap)?.[1]
    expect(ref, snap).toBeDefined()
    const hovered = await live.tool.call({ args: ["hover", `@${ref}`] })
    expect(textOf(hovered)).toBe(`Hovered @${ref}\nNew text: "Export CSV"`)
    expect(evalRaw("[getComputedStyle(fade).visibility, getComputedStyle(fade).opacity]")).toEqual(["visible", "1"])
  })

  it("a menu styled by a sheet the page may not read is found near the hovered element", async () => {
    const far = `${live.site.origin}/far.html?css=${encodeURIComponent(`${other?.origin}/far.css`)}`
    session = (await live.tool.call({ args: ["open", far] })).details.sessionName ?? ""
    // the sheet applies, and its rules are closed to the page's script
    const sheets =
      "[...document.styleSheets].map((s) => { try { return s.cssRules && 'read' } catch (e) { return e.name } })"
    expect([display("farsub"), evalRaw(sheets)]).toEqual(["none", ["SecurityError"]])
    // the sheet applies, and its rules are closed to the page
    expect(
      evalRaw(
        "[getComputedStyle(farsub).display, (() => { try { document.styleSheets[0].cssRules; return 'read' }" +
          " catch (e) { return e.name } })()]"
      )
    ).toEqual(["none", "SecurityError"])
    const hovered = await live.tool.call({ args: ["hover", "#far"] })
    expect(textOf(hovered)).toBe('Hovered #far\nNew text: "Open orders Returns"')
    expect(display("farsub")).toBe("block")
  })

  it("focusing a field inside a :focus-within list names what the list showed", async () => {
    session = await live.openSession("/menus.html")
    const focused = await live.tool.call({ args: ["focus", "#q"] })
    expect(textOf(focused)).toBe('Focused #q\nNew text: "Recent: invoices"')
    expect(display("list")).toBe("block")
    expect(evalRaw("document.activeElement.id")).toBe("q")
  })
})
