/**
 * A click on a sortable column's header: the order the page gave it (aria-sort) is said, the first click's and the
 * second's, a third that unsorts it, and a custom order (aria-sort=other), judged on the page's own state read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/sort.html": htmlPage(`<table><thead><tr><th aria-sort="none">Product</th>
<th id="th" aria-sort="none"><button id="sp">Price</button></th>
<th aria-label="Relevance" aria-sort="none"><button id="rel">Best match</button></th></tr></thead><tbody id="tb"></tbody></table>
<button id="plain">Plain</button>
<script>const rows=[["Lamp",24],["Monitor",329],["Pad",9]];
const draw=()=>{tb.innerHTML=rows.map(r=>"<tr><td>"+r[0]+"</td><td>"+r[1]+"</td></tr>").join("")};draw();
const next={none:"ascending",ascending:"descending",descending:"none"};
sp.onclick=()=>{const to=next[th.getAttribute("aria-sort")];rows.sort((a,b)=>to==="ascending"?a[1]-b[1]:
to==="descending"?b[1]-a[1]:a[0].localeCompare(b[0]));th.setAttribute("aria-sort",to);draw()}
rel.onclick=()=>{rows.reverse();document.querySelector("[aria-label=Relevance]").setAttribute("aria-sort","other");
draw()}</script>`)
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

  it("a third click that unsorts says so; a custom order (aria-sort=other) is said as such", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/sort.html")] })).details.sessionName ?? ""
    await live.tool.call({ args: ["click", "#sp"] })
    await live.tool.call({ args: ["click", "#sp"] })
    // before: 'Clicked #sp' and the new text, no word of the order
    const third = textOf(await live.tool.call({ args: ["click", "#sp"] }))
    expect(rawEval(live.world, session, "th.getAttribute('aria-sort')")).toBe("none")
    expect(third).toContain('Header "Price" no longer sorted')
    const custom = textOf(await live.tool.call({ args: ["click", "#rel"] }))
    expect(rawEval(live.world, session, "document.querySelector('[aria-label=Relevance]').ariaSort")).toBe("other")
    expect(custom).toContain('Header "Relevance" now sorted in a custom order')
    expect(custom).not.toContain("Price")
  })
})
