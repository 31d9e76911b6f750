/**
 * A drag says where its element landed when that is not where it was aimed, on the real agent-browser 0.41.2 and
 * Chromium, judged on the page's own state read with the raw binary: a real SortableJS list (as bench:cases
 * drag.sortable-by-refs) whose first item is pinned (its onMove refuses any move onto it), a plain HTML5 list whose
 * drop handler inserts one place short, and an HTML5 kanban board whose drop handler puts the card in the column
 * before the one it was dropped on. Where it lands on the aim (the same pages without the twist), the text is as it
 * was: `Dragged <src> to <dst>`.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const SORTABLE = readFileSync(new URL("../../node_modules/sortablejs/Sortable.min.js", import.meta.url), "utf8")

/** The bench case's list; `pinned`: nothing may be moved above its first item. */
const sortable = (pinned: boolean) =>
  htmlPage(`<ul id="tasks" style="width:220px"><li>Design</li><li>Build</li><li>Test</li><li>Ship</li></ul>
<style>#tasks li{height:36px;border:1px solid #999;margin:4px;list-style:none}</style><p id="order"></p>
<script src="/Sortable.min.js"></script><script>const show = () =>
  order.textContent = "Order: " + [...tasks.children].map((l) => l.textContent).join(", ");
show(); new Sortable(tasks, { animation: 0, onEnd: show,
  ${pinned ? "onMove: (e) => e.related !== tasks.firstElementChild" : ""} })</script>`)

/** An HTML5 list; `short`: the drop handler puts the dragged item one place short of the item it was dropped on. */
const list = (short: boolean) =>
  htmlPage(`<ul id="list" style="width:220px"><li draggable="true">Design</li><li draggable="true">Build</li>
<li draggable="true">Test</li><li draggable="true">Ship</li></ul>
<style>#list li{height:36px;border:1px solid #999;margin:4px;list-style:none}</style>
<script>let held = null;
for (const li of list.children) li.addEventListener("dragstart", (e) => { held = li; e.dataTransfer.setData("text/plain", "") });
list.addEventListener("dragover", (e) => e.preventDefault());
list.addEventListener("drop", (e) => { e.preventDefault(); const on = e.target.closest("li");
  if (!on || on === held) return;
  const down = [...list.children].indexOf(held) < [...list.children].indexOf(on);
  list.insertBefore(held, ${short ? "down ? on : on.nextElementSibling" : "down ? on.nextElementSibling : on"}) });</script>`)

/** An HTML5 kanban board; `short`: a card dropped on a column lands in the column before it. */
const board = (short: boolean) =>
  htmlPage(`<style>.col{display:inline-block;vertical-align:top;width:180px;min-height:200px;margin:8px}
.card{height:36px;margin:6px;border:1px solid #999}</style>
<div class="col" id="col-a"><h3>Backlog</h3><div class="card" id="k1" draggable="true">Write spec</div></div>
<div class="col" id="col-b"><h3>Doing</h3></div><div class="col" id="col-c"><h3>Shipped</h3></div><p id="note"></p>
<script>k1.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", "k1"));
for (const col of document.querySelectorAll(".col")) {
  col.addEventListener("dragover", (e) => e.preventDefault());
  col.addEventListener("drop", (e) => { e.preventDefault();
    const to = ${short ? "col.previousElementSibling || col" : "col"}; to.appendChild(k1);
    note.textContent = "Write spec moved to " + to.querySelector("h3").textContent });
}</script>`)

const live = liveWorld({
  files: {
    "/Sortable.min.js": [SORTABLE, "text/javascript"],
    "/sortable.html": sortable(false),
    "/pinned.html": sortable(true),
    "/list.html": list(false),
    "/short-list.html": list(true),
    "/board.html": board(false),
    "/short-board.html": board(true)
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)
const ORDER = "[...document.querySelectorAll('li')].map((l) => l.textContent).join(',')"

/** `drag` of two list items by the refs a `snapshot -i` gave them (as the bench case). */
const dragByRefs = async (from: string, onto: string, ...flags: ReadonlyArray<string>) => {
  const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
  const ref = (name: string) => {
    const found = new RegExp(`listitem "${name}" \\[[^\\]]*ref=(e\\d+)\\]`).exec(snap)?.[1]
    if (found === undefined) throw new Error(`no ref for ${name} in:\n${snap}`)
    return `@${found}`
  }
  const [src, dst] = [ref(from), ref(onto)]
  return { src, dst, result: await live.tool.call({ args: ["drag", src, dst, ...flags] }) }
}

describe("a drag says where its element landed against the aim", () => {
  it("a SortableJS item kept from the top: where it is, as the page holds it, and a drag that moves it on", async () => {
    const session = await live.openedSession("/pinned.html")
    const { src, dst, result } = await dragByRefs("Test", "Design")
    expect(result.isError, textOf(result)).toBe(false)
    expect(evalRaw(session, ORDER)).toBe("Design,Test,Build,Ship")
    expect(textOf(result)).toBe(
      `Dragged ${src} toward ${dst}, but it landed after "Design" (position 2 of 4, aimed at 1). To move it on, ` +
        `drag it onto ${dst} again with --human (a slower, eased path).\nNew text: "Order: Design, Test, Build, Ship"`
    )
  })

  it("a job's drag step says the same miss in its row, as the page holds it", async () => {
    const url = live.url("/pinned.html")
    const steps = [
      { action: "open", url },
      { action: "drag", selector: "#tasks li:nth-child(3)", target: "#tasks li:nth-child(1)" }
    ]
    const result = await live.tool.call({ job: { steps } })
    expect(evalRaw(result.details.sessionName ?? "", ORDER)).toBe("Design,Test,Build,Ship")
    expect(textOf(result)).toContain(
      '2. drag #tasks li:nth-child(3) #tasks li:nth-child(1) → landed after "Design" (position 2 of 4, aimed at 1). ' +
        'To move it on, drag it onto "Design" again with --human (a slower, eased path).'
    )
  })

  it("a SortableJS item that lands on the aim: the text as it was", async () => {
    const session = await live.openedSession("/sortable.html")
    const { src, dst, result } = await dragByRefs("Build", "Design")
    expect(evalRaw(session, ORDER)).toBe("Build,Design,Test,Ship")
    expect(textOf(result)).toBe(`Dragged ${src} to ${dst}\nNew text: "Order: Build, Design, Test, Ship"`)
  })

  it("the retry the text names, --human, reaches upstream: the last item onto the first lands there", async () => {
    const session = await live.openedSession("/sortable.html")
    const { src, dst, result } = await dragByRefs("Ship", "Design", "--human")
    expect(evalRaw(session, ORDER)).toBe("Ship,Design,Build,Test")
    expect(textOf(result)).toBe(`Dragged ${src} to ${dst}\nNew text: "Order: Ship, Design, Build, Test"`)
  })

  it("an HTML5 list that inserts one place short: the item named by its text (a CSS selector moved on)", async () => {
    const session = await live.openedSession("/short-list.html")
    const result = await live.tool.call({ args: ["drag", "#list li:nth-child(1)", "#list li:nth-child(4)"] })
    expect(evalRaw(session, ORDER)).toBe("Build,Test,Design,Ship")
    expect(textOf(result)).toBe(
      'Dragged #list li:nth-child(1) toward #list li:nth-child(4), but it landed before "Ship" (position 3 of 4, ' +
        'aimed at 4). To move it on, drag it onto "Ship" again with --human (a slower, eased path).'
    )
  })

  it("an HTML5 list that inserts where it was dropped: the text as it was", async () => {
    const session = await live.openedSession("/list.html")
    const result = await live.tool.call({ args: ["drag", "#list li:nth-child(1)", "#list li:nth-child(4)"] })
    expect(evalRaw(session, ORDER)).toBe("Build,Test,Ship,Design")
    expect(textOf(result)).toBe("Dragged #list li:nth-child(1) to #list li:nth-child(4)")
  })

  it("a kanban card put in the column before its target: the column it is in", async () => {
    const session = await live.openedSession("/short-board.html")
    const result = await live.tool.call({ args: ["drag", "#k1", "#col-c"] })
    expect(evalRaw(session, "k1.parentElement.id")).toBe("col-b")
    expect(textOf(result)).toBe(
      'Dragged #k1 toward #col-c, but it landed in div#col-b "Doing", not in or next to #col-c. To retry: drag it ' +
        'onto #col-c again with --human (a slower, eased path).\nNew text: "Write spec"; "Write spec moved to Doing"'
    )
  })

  it("a kanban card dropped in its column, by the column or by its heading: the text as it was", async () => {
    const session = await live.openedSession("/board.html")
    const result = await live.tool.call({ args: ["drag", "#k1", "#col-c"] })
    expect(evalRaw(session, "k1.parentElement.id")).toBe("col-c")
    expect(textOf(result)).toBe('Dragged #k1 to #col-c\nNew text: "Write spec"; "Write spec moved to Shipped"')
    const back = await live.tool.call({ args: ["drag", "#k1", "#col-b h3"] })
    expect(evalRaw(session, "k1.parentElement.id")).toBe("col-b")
    expect(textOf(back)).toBe('Dragged #k1 to #col-b h3\nNew text: "Write spec"; "Write spec moved to Doing"')
  })
})
