/**
 * What the page marks draggable gets a ref in a plain `snapshot -i`, on the real agent-browser 0.41.2 and Chromium:
 * an HTML5 kanban card (`draggable="true"`, no role: upstream gives it none), a column the page marks as a drop target
 * (`aria-dropeffect`), and the items of a real SortableJS list of divs (node_modules/sortablejs). `drag @card @column`
 * by those refs moves the card, judged on the page read with the raw binary; no handler of the tool's stays on the
 * page; and a page with nothing draggable reads byte for byte as upstream's own `snapshot -i` shown without them.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { presentSnapshot } from "../../src/presenters/text/presentSnapshot.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const html = (body: string) =>
  [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html; charset=utf-8"] as const

const board = (marked: boolean) =>
  html(`<style>.col{display:inline-block;vertical-align:top;width:180px;min-height:200px;margin:8px}
.card{height:36px;margin:6px;border:1px solid #999;cursor:grab}</style>
<div class="col" id="col-a"${marked ? ' aria-dropeffect="move"' : ""}><h3>Backlog</h3>
<div class="card" id="k1" draggable="true">Write spec</div><div class="card" id="k2" draggable="true">Fix login</div></div>
<div class="col" id="col-b"${marked ? ' aria-dropeffect="move"' : ""}><h3>Doing</h3></div><p id="note"></p>
<script>for (const k of document.querySelectorAll(".card"))
  k.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", k.id));
for (const col of document.querySelectorAll(".col")) {
  col.addEventListener("dragover", (e) => e.preventDefault());
  col.addEventListener("drop", (e) => { e.preventDefault(); const k = document.getElementById(e.dataTransfer.getData("text/plain"));
    col.appendChild(k); note.textContent = k.textContent + " moved to " + col.querySelector("h3").textContent });
}</script>`)

const SORTABLE = readFileSync(new URL("../../node_modules/sortablejs/Sortable.min.js", import.meta.url), "utf8")

const live = liveWorld({
  files: {
    "/board.html": board(false),
    "/marked.html": board(true),
    "/Sortable.min.js": [SORTABLE, "text/javascript"],
    "/sortable.html": html(`<h1>Sprint</h1><div id="tasks" style="width:220px">
<div style="height:36px;border:1px solid #999;margin:4px">Design</div>
<div style="height:36px;border:1px solid #999;margin:4px">Build</div>
<div style="height:36px;border:1px solid #999;margin:4px">Test</div></div><p id="order"></p>
<script src="/Sortable.min.js"></script><script>Sortable.create(tasks, { animation: 0, onEnd: () =>
  order.textContent = "Order: " + [...tasks.children].map((d) => d.textContent).join(", ") })</script>`),
    "/busy.html":
      html(`<h1>Busy</h1><button id="go" onclick="setInterval(() => out.textContent = Date.now(), 40)">Go</button>
<p id="out">x</p><div draggable="true" style="width:100px;height:30px">Card A</div>`),
    "/plain.html": html(`<h1>Settings</h1><ul><li>One</li><li>Two</li></ul><label>Name <input></label>
<div style="cursor:pointer" onclick="void 0">Open menu</div><div draggable="false">Not this</div>
<button>Save</button><a href="#x">Help</a>`)
  }
})
const evalRaw = (session: string, script: string): unknown =>
  (JSON.parse(live.world.raw(["--json", "--session", session, "eval", script])) as { data: { result: unknown } }).data
    .result
const refIn = (text: string, pattern: RegExp): string => {
  const ref = pattern.exec(text)?.[1]
  if (ref === undefined) throw new Error(`no ref for ${String(pattern)} in:\n${text}`)
  return `@${ref}`
}
const open = async (path: string): Promise<string> =>
  (await live.tool.call({ args: ["open", `${live.site.origin}${path}`] })).details.sessionName ?? ""
/** Elements that still carry a click handler set as a property (the tool's marks are such handlers). */
const HANDLERS =
  "[...document.querySelectorAll('*')].filter((e) => e.onclick !== null && !e.hasAttribute('onclick')).length"

describe("refs for what the page marks draggable (#45)", () => {
  it("a kanban card gets a ref in snapshot -i, and drag @card @column moves it", async () => {
    const session = await open("/board.html")
    const snapshot = await live.tool.call({ args: ["snapshot", "-i"] })
    const text = textOf(snapshot)
    expect(text).toMatch(/^- group "Write spec" \[ref=e\d+\] draggable$/m)
    expect(text).toMatch(/^- group "Fix login" \[ref=e\d+\] draggable$/m)
    // the tool's own click handlers are gone, and upstream's word for them is not shown as the page's
    expect(text).not.toContain("clickable")
    expect(evalRaw(session, HANDLERS)).toBe(0)
    const card = refIn(text, /group "Write spec" \[ref=(e\d+)\]/)
    const column = refIn(text, /heading "Doing" \[ref=(e\d+)\]/)
    const dragged = await live.tool.call({ args: ["drag", card, column] })
    expect(dragged.isError, textOf(dragged)).toBe(false)
    expect(textOf(dragged)).toContain("Write spec moved to Doing")
    expect(evalRaw(session, "k1.parentElement.id")).toBe("col-b")
    expect(evalRaw(session, "k2.parentElement.id")).toBe("col-a")
  })

  it("a drag of what the page does not drag (a column's heading) says the page started no drag", async () => {
    const session = await open("/board.html")
    const text = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const dragged = await live.tool.call({
      args: ["drag", refIn(text, /heading "Backlog" \[ref=(e\d+)\]/), refIn(text, /heading "Doing" \[ref=(e\d+)\]/)]
    })
    expect(dragged.isError, textOf(dragged)).toBe(false)
    expect(textOf(dragged)).toContain("The page did not start an HTML5 drag (no dragstart) and no new text appeared.")
    expect(evalRaw(session, "[k1.parentElement.id, k2.parentElement.id, note.textContent]")).toEqual([
      "col-a",
      "col-a",
      ""
    ])
  })

  it("a snapshot -i step of a caller's batch marks the cards the same way and leaves no trace", async () => {
    const session = await open("/board.html")
    const batch = await live.tool.call({ args: ["batch"], stdin: JSON.stringify([["snapshot", "-i"]]) })
    expect(batch.isError, textOf(batch)).toBe(false)
    expect(textOf(batch)).toMatch(/- group "Write spec" \[ref=e\d+\] draggable/)
    expect(evalRaw(session, HANDLERS)).toBe(0)
  })

  it("a column the page marks with aria-dropeffect is a drop target with its own ref", async () => {
    const session = await open("/marked.html")
    const text = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    expect(text).toMatch(/\[ref=e\d+\] drop target\n {2}- heading "Doing"/)
    const column = refIn(text, /\[ref=(e\d+)\] drop target\n {2}- heading "Doing"/)
    const card = refIn(text, /group "Fix login" \[ref=(e\d+)\] draggable/)
    const dragged = await live.tool.call({ args: ["drag", card, column] })
    expect(dragged.isError, textOf(dragged)).toBe(false)
    expect(evalRaw(session, "k2.parentElement.id")).toBe("col-b")
    expect(evalRaw(session, HANDLERS)).toBe(0)
  })

  it("the items of a real SortableJS list get refs in snapshot -i, and a drag by them reorders the list", async () => {
    const session = await open("/sortable.html")
    const text = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    expect(text).toMatch(/^- generic "Design" \[ref=e\d+\] draggable$/m)
    const test = refIn(text, /generic "Test" \[ref=(e\d+)\]/)
    const design = refIn(text, /generic "Design" \[ref=(e\d+)\]/)
    const dragged = await live.tool.call({ args: ["drag", test, design] })
    expect(dragged.isError, textOf(dragged)).toBe(false)
    expect(evalRaw(session, "[...tasks.children].map((d) => d.textContent).join(',')")).toBe("Test,Design,Build")
    expect(evalRaw(session, HANDLERS)).toBe(0)
  })

  it("after a click that left the page changing, one read says so and gives the card its ref", async () => {
    await open("/busy.html")
    expect((await live.tool.call({ args: ["click", "#go"] })).isError).toBe(false)
    const text = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    expect(text).toMatch(/^- group "Card A" \[ref=e\d+\] draggable$/m)
    expect(text).toMatch(/Page still changing after \d\.\d s when this snapshot was taken/)
  })

  it("a page with nothing draggable reads byte for byte as upstream's snapshot -i shown without the marks", async () => {
    const session = await open("/plain.html")
    const text = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const upstream = (
      JSON.parse(live.world.raw(["--json", "--session", session, "snapshot", "-i"])) as {
        data: Record<string, unknown> & { origin: string }
      }
    ).data
    expect(upstream["snapshot"]).toContain('"Open menu"')
    // the presenter over upstream's own reply, with nothing the tool read beside it: the text as it was before marks
    expect(text).toBe(presentSnapshot(["snapshot", "-i"], upstream, upstream.origin).text)
    expect(text).not.toMatch(/draggable|drop target|Not this/)
  })
})
