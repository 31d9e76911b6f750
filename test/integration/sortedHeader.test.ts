/**
 * A click on a sortable column's header: the order the page gave it (aria-sort) is said, the first click's and the
 * second's, judged on the page's own state read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/sort.html": htmlPage(`<table><thead><tr><th aria-sort="none">Product</th>
<th id="th" aria-sort="none"><button id="sp">Price</button></th></tr></thead><tbody id="tb"></tbody></table>
<button id="plain">Plain</button>
<script>const rows=[["Lamp",24],["Monitor",329],["Pad",9]];
const draw=()=>{tb.innerHTML=rows.map(r=>"<tr><td>"+r[0]+"</td><td>"+r[1]+"</td></tr>").join("")};draw();
sp.onclick=()=>{const up=th.getAttribute("aria-sort")!=="ascending";rows.sort((a,b)=>up?a[1]-b[1]:b[1]-a[1]);
th.setAttribute("aria-sort",up?"ascending":"descending");draw()}</script>`)
  }
})

describe("a click that sorts a column", () => {
  it("says the header's new order each time; a click that sorts nothing says no order", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/sort.html")] })).details.sessionName ?? ""
    const first = textOf(await live.tool.call({ args: ["click", "#sp"] }))
    expect(rawEval(live.world, session, "th.getAttribute('aria-sort')")).toBe("ascending")
    expect(first).toContain('Header "Price" now sorted ascending')
    const second = textOf(await live.tool.call({ args: ["click", "#sp"] }))
    expect(rawEval(live.world, session, "[th.getAttribute('aria-sort'), tb.rows[0].cells[0].textContent]")).toEqual([
      "descending",
      "Monitor"
    ])
    expect(second).toContain('Header "Price" now sorted descending')
    expect(second).not.toContain("ascending")
    const plain = textOf(await live.tool.call({ args: ["click", "#plain"] }))
    expect(plain).not.toContain("sorted")
  })
})
