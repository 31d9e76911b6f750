/**
 * A click on a control the page marks aria-disabled (a pager's Next on its last page) reaches it, as upstream's click
 * does; when nothing changes on the page the text says the page ignored it, judged on the page's own state read
 * outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/pager.html": htmlPage(`<p id="at">Page 3 of 3</p>
<button id="nx" aria-disabled="true" onclick="if (this.getAttribute('aria-disabled') !== 'true') at.textContent='Page 4'">Next</button>
<button id="soft" aria-disabled="true" onclick="at.textContent='Still went on'">Soft</button>
<button id="warn" aria-disabled="true" onclick="alert('Not yet')">Warn</button>
<button id="tab" aria-disabled="true" onclick="location.hash = 'later'">Later</button>
<button id="titled" aria-disabled="true" onclick="document.title = 'Pager: waiting'">Wait</button>`)
  }
})

describe("a click on an aria-disabled control", () => {
  it("ignored by the page: said so; acted on anyway: the change is said instead", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/pager.html")] })).details.sessionName ?? ""
    const ignored = await live.tool.call({ args: ["click", "#nx"] })
    expect(textOf(ignored)).toBe(
      "Clicked #nx\nThe clicked control is marked aria-disabled, and nothing changed on the page."
    )
    expect(rawEval(live.world, session, "at.textContent")).toBe("Page 3 of 3")
    const acted = textOf(await live.tool.call({ args: ["click", "#soft"] }))
    expect(acted).toContain('New text: "Still went on"')
    expect(acted).not.toContain("aria-disabled")
    // a dialog it opened is said, and "nothing changed" is not
    const warned = textOf(await live.tool.call({ args: ["click", "#warn"] }))
    expect(warned).toContain("Not yet")
    expect(warned).not.toContain("nothing changed")
    // a click that only moved the page's hash or its title did not leave the page unchanged
    const hashed = textOf(await live.tool.call({ args: ["click", "#tab"] }))
    expect(rawEval(live.world, session, "location.hash")).toBe("#later")
    expect(hashed).toContain("hash now #later")
    expect(hashed).not.toContain("nothing changed")
    const titled = textOf(await live.tool.call({ args: ["click", "#titled"] }))
    expect(rawEval(live.world, session, "document.title")).toBe("Pager: waiting")
    expect(titled).not.toContain("nothing changed")
  })
})
