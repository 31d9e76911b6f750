/**
 * A drag says what the page did with it, on the real agent-browser 0.41.2 and Chromium: an HTML5 drag onto a column
 * that accepts it is said with the text it made appear; one onto a column that does not cancel `dragover` (no drop
 * event fires, nothing moves) fails and says so, never "Dragged". The card's column is read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const board = (accepting: boolean) =>
  htmlPage(`<style>.col{display:inline-block;vertical-align:top;width:180px;min-height:200px;margin:8px}
.card{height:36px;margin:6px;border:1px solid #999}</style>
<div class="col" id="col-a"><h3>Backlog</h3><div class="card" id="k1" draggable="true">Write spec</div></div>
<div class="col" id="col-c"><h3>Shipped</h3></div><p id="note"></p>
<script>k1.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", "k1"));
for (const col of document.querySelectorAll(".col")) {
  ${accepting ? 'col.addEventListener("dragover", (e) => e.preventDefault());' : ""}
  col.addEventListener("drop", (e) => { e.preventDefault(); col.appendChild(k1);
    note.textContent = "Write spec moved to " + col.querySelector("h3").textContent });
}</script>`)

const live = liveWorld({ files: { "/board.html": board(true), "/closed.html": board(false) } })
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

describe("a drag says whether the page took its drop", () => {
  it("a drop the column accepts is said with the text it made appear", async () => {
    const session = await live.openSession("/board.html")
    const dragged = await live.tool.call({ args: ["drag", "#k1", "#col-c"] })
    expect(dragged.isError, textOf(dragged)).toBe(false)
    expect(textOf(dragged)).toMatch(/^Dragged #k1 to #col-c/)
    expect(textOf(dragged)).toContain("Write spec moved to Shipped")
    expect(evalRaw(session, "k1.parentElement.id")).toBe("col-c")
  })

  it("a drop the column refuses fails and says nothing was dropped", async () => {
    const session = await live.openSession("/closed.html")
    const dragged = await live.tool.call({ args: ["drag", "#k1", "#col-c"] })
    expect(dragged.isError, textOf(dragged)).toBe(true)
    expect(textOf(dragged)).not.toMatch(/Dragged/)
    expect(textOf(dragged)).toContain("#col-c did not accept it")
    expect(textOf(dragged)).toContain("nothing was dropped")
    expect(evalRaw(session, "k1.parentElement.id")).toBe("col-a")
  })

  it("a job's drag step the column refuses fails so, and the job stops there", async () => {
    const steps = [
      { action: "open", url: live.url("/closed.html") },
      { action: "drag", selector: "#k1", target: "#col-c" },
      { action: "click", selector: "#note" }
    ]
    const result = await live.tool.call({ job: { steps } })
    expect(result.isError, textOf(result)).toBe(true)
    expect(textOf(result)).toContain("2. ✗ drag #k1 #col-c: the drag started")
    expect(textOf(result)).toContain("#col-c did not accept it")
    expect(evalRaw(result.details.sessionName ?? "", "k1.parentElement.id")).toBe("col-a")
  })
})
