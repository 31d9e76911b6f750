/**
 * `network requests` past its row cap (40): the request the last action started is listed (the newest kept, the older
 * ones counted), not cut off behind the session's earlier requests. Judged on the page's own record of the request
 * read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/many.html": htmlPage(`<button id="save">Save</button><p id="st"></p><script>
window.loaded=0;for(let i=0;i<45;i++)fetch("/item.json?i="+i).then(()=>window.loaded++);
save.onclick=()=>fetch("/saved.json?draft=1").then((r)=>{window.saved=r.status;st.textContent="Saved"})</script>`),
    "/item.json": ["{}", "application/json"],
    "/saved.json": ['{"ok":true}', "application/json"]
  }
})

describe("network requests past the row cap", () => {
  it("lists the request the last click started, the older ones counted", async () => {
    const session = await live.openedSession("/many.html")
    const end = Date.now() + 10_000
    while (rawEval(live.world, session, "window.loaded") !== 45 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100))
    }
    await live.tool.call({ args: ["click", "#save"] })
    expect(rawEval(live.world, session, "window.saved")).toBe(200)
    const text = textOf(await live.tool.call({ args: ["network", "requests"] }))
    // before: the first 40 rows in request order, '… 7 more (see the full output)', and no saved.json
    expect(text).toMatch(/\/saved\.json\?draft=1 \(Fetch\) 200/)
    expect(text).toMatch(/\n… \d+ older \(see the full output\)\n/)
  }, 90_000)
})
