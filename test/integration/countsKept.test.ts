/**
 * A filter that redraws its list and its count line: the count ("Showing 3 of 6") is said among the new text even
 * when more places changed than are said, and a status line (role=status) before it; judged on the page's own state
 * read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/filter.html": htmlPage(`<label><input type="checkbox" id="stock"> In stock only</label>
<label><input type="checkbox" id="cheap"> Under 50</label><p id="count"></p><ul id="pl"></ul>
<p id="st" role="status"></p><script>
const all=[["Lamp",1,24],["Monitor",1,329],["Chair",0,80],["Pad",1,9],["Desk",0,250],["Mug",1,12]];
const draw=()=>{const v=all.filter(x=>(!stock.checked||x[1])&&(!cheap.checked||x[2]<50));
pl.innerHTML=v.map(x=>"<li>"+x[0]+"</li>").join("");count.textContent="Showing "+v.length+" of "+all.length};
draw();stock.onchange=draw;cheap.onchange=()=>{draw();st.textContent="Price filter on"}</script>`)
  }
})

describe("a filter that redraws more than is said", () => {
  it("says the count line, and a status before it", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/filter.html")] })).details.sessionName ?? ""
    const stocked = textOf(await live.tool.call({ args: ["check", "#stock"] }))
    expect(rawEval(live.world, session, "[count.textContent, pl.children.length]")).toEqual(["Showing 4 of 6", 4])
    expect(stocked).toBe('Checked #stock\nNew text: "Showing 4 of 6"; "Lamp" (and 3 more)')
    const cheap = textOf(await live.tool.call({ args: ["check", "#cheap"] }))
    expect(rawEval(live.world, session, "[count.textContent, st.textContent]")).toEqual([
      "Showing 3 of 6",
      "Price filter on"
    ])
    expect(cheap).toBe('Checked #cheap\nNew text: "Price filter on"; "Showing 3 of 6" (and 3 more)')
  })
})
