/**
 * A click whose page calls window.print(), on the real agent-browser 0.41.2 and Chromium: the page goes on (its own
 * mark after the call, read raw outside the tool) and the click says the page asked to print and how to save a PDF.
 * A click that prints nothing says nothing of it.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/receipt.html": [
      `<!doctype html><html><head><title>Receipt</title></head><body>` +
        `<button id="p" onclick="window.print(); document.title = 'after print'">Get receipt</button>` +
        `<button id="n" onclick="document.body.dataset.n = '1'">Noop</button></body></html>`,
      "text/html"
    ]
  }
})
const titleRaw = (session: string): unknown => rawData<{ title: string }>(live.world, session, ["get", "title"]).title

describe("a click whose page called window.print() (#45)", () => {
  it("says the page asked to print and went on; a plain click says nothing of it", async () => {
    const session = await live.openSession("/receipt.html")
    const plain = await live.tool.call({ args: ["click", "#n"] })
    expect(textOf(plain)).not.toContain("print")
    const clicked = await live.tool.call({ args: ["click", "#p"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(clicked)).toContain(
      "The page called window.print() and went on (no print dialog to answer). To save the page as a PDF: pdf <path>."
    )
    expect(titleRaw(session)).toBe("after print")
  })
})
