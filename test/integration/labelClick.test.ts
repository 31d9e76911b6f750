/**
 * A click on a checkbox's label, on the real agent-browser 0.41.2 (found by bench:cases inputs.check-by-label-click):
 * the browser ticks the label's box, and the tool said only `Clicked #l`. The click's own read (same upstream
 * process) now watches the label's box, so the text says what the box holds; a click on the box itself and on a
 * label of a text field are said as before. Judged on the page's own state, read outside the tool.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/label.html": servedHtml(
      `<!doctype html><title>Label</title>
<input type="checkbox" id="c"><label id="l" for="c">I agree to the terms</label>
<label id="w"><span id="ws">Wrapped</span> <input type="radio" name="r" id="r1"></label>
<label id="nl" for="n">Name</label> <input id="n">`
    )
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)

describe("click on a checkbox's label", () => {
  it("says the state of the box it ticked or cleared", async () => {
    session = await live.openedSession("/label.html")
    // before: `Clicked #l` (the box was ticked, unsaid)
    expect(okText(await live.tool.call({ args: ["click", "#l"] }))).toBe(
      "Clicked #l\nThe clicked control is now checked"
    )
    expect(evalPage("c.checked")).toBe(true)
    expect(okText(await live.tool.call({ args: ["click", "#l"] }))).toBe(
      "Clicked #l\nThe clicked control is now unchecked"
    )
    expect(evalPage("c.checked")).toBe(false)
    // the text inside a label that wraps a radio button
    expect(okText(await live.tool.call({ args: ["click", "#ws"] }))).toBe(
      "Clicked #ws\nThe clicked control is now checked"
    )
    expect(evalPage("r1.checked")).toBe(true)
    // a text field's label: no checked state to say
    expect(okText(await live.tool.call({ args: ["click", "#nl"] }))).toBe("Clicked #nl")
  }, 90_000)
})
