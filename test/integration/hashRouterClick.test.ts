/**
 * A click on a hash router's link whose app re-renders after the `hashchange` event (as TodoMVC's routers do, a task
 * or more after the click) says what the re-render showed and hid, on the real agent-browser 0.41.2 and Chromium, as a
 * direct click and as a job's step. Before, the click's read ran before the re-render and said only the new hash.
 * What the page shows is read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { okText, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

// the list renders 25 ms after the hash changed, as a router that schedules its render would
const todos = htmlPage(`<ul id="list"><li class="done">Walk dog</li><li>Buy milk</li></ul>
<a id="active" href="#/active">Active</a> <a id="all" href="#/">All</a>
<script>
const render = () => {
  for (const li of document.querySelectorAll("#list li.done")) li.hidden = location.hash === "#/active";
};
addEventListener("hashchange", () => setTimeout(render, 25));
</script>`)
const live = liveWorld({ files: { "/todos.html": todos } })

/** Whether "Walk dog" is hidden on the page, read with the raw binary. */
const walkDogHidden = (session: string) => rawEval(live.world, session, "document.querySelector('li.done').hidden")

describe("a hash router's link that re-renders after hashchange", () => {
  it("a direct click says the item the re-render hid, and the hash", async () => {
    const session = await live.openedSession("/todos.html")
    const text = textOf(await live.tool.call({ args: ["click", "#active"] }))
    expect(walkDogHidden(session)).toBe(true)
    expect(text).toContain("hash now #/active")
    expect(text).toContain('Hidden: "Walk dog"')
  })

  it("a job's click step says it on its row", async () => {
    const session = await live.openedSession("/todos.html")
    const text = okText(
      await live.tool.call({
        job: {
          steps: [
            { action: "click", selector: "#active" },
            { action: "click", selector: "#all" }
          ]
        }
      })
    )
    expect(walkDogHidden(session)).toBe(false)
    expect(text).toContain('1. click #active\n   Page: t — same URL, hash now #/active\n   Hidden: "Walk dog"')
    expect(text).toContain("2. click #all")
    expect(text).toMatch(/2\. click #all\n(.|\n)*(Shown|New text): "Walk dog"/)
  })
})
