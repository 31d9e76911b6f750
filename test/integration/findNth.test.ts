/**
 * `find nth <index> <selector> <action>` on the real agent-browser 0.41.2 and Chromium: its action stands one place
 * later than other locators'; the text says which match was acted on, and the page (read with the raw binary) got it.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const button = (id: string) => `<li><button onclick="window.__hit = '${id}'">${id}</button></li>`
const live = liveWorld({ files: { "/list.html": htmlPage(`<ul>${button("A")}${button("B")}${button("C")}</ul>`) } })

describe("find nth says the match it acted on (#45)", () => {
  it("clicks the second button and says so", async () => {
    const session = await live.openSession("/list.html")
    const clicked = await live.tool.call({ args: ["find", "nth", "1", "li button", "click"] })
    expect(textOf(clicked)).toBe('Clicked nth 1 "li button"')
    expect(rawEval(live.world, session, "window.__hit")).toBe("B")
  })
})
