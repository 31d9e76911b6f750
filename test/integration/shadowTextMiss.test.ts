/**
 * A text click on a control inside a web component's shadow root, on the real agent-browser 0.41.2 and Chromium:
 * upstream's text locator reads page text only and finds nothing, while the snapshot names the button. The failure
 * says which ref to click and why; that ref, run through the tool, reaches the button (read with the raw binary).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const html = (body: string) =>
  [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html; charset=utf-8"] as const

// the label is built in script, as a web component's is: no page text outside the shadow root holds it
const live = liveWorld({
  files: {
    "/card.html": html(`<h1>Card</h1><div id="host"></div><script>const b = document.createElement("button");
b.textContent = "Publish" + " now"; b.onclick = () => { window.__hits = (window.__hits || 0) + 1 };
host.attachShadow({ mode: "open" }).append(b)</script>`)
  }
})

describe("a text click that misses a shadow-root control names its ref (#45)", () => {
  it("says the ref and why; the ref's next action clicks the button once", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/card.html`] })
    const session = opened.details.sessionName ?? ""
    const missed = await live.tool.call({ args: ["find", "text", "Publish now", "click"] })
    expect(missed.details.failureCategory).toBe("selector-not-found")
    const ref = /Click (@e\d+): the snapshot names it exactly so\./.exec(textOf(missed))?.[1]
    expect(ref, textOf(missed)).toBeDefined()
    expect(textOf(missed)).toContain("not a name from aria-label or text inside a shadow root")
    const retry = (missed.details.nextActions ?? []).find((a) => a.id === "try-current-visible-ref")
    expect(retry?.params?.args?.slice(-2)).toEqual(["click", ref])
    const clicked = await live.tool.call({ args: [...(retry?.params?.args ?? [])] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    const read = live.world.raw(["--json", "--session", session, "eval", "window.__hits"])
    expect((JSON.parse(read) as { data: { result: unknown } }).data.result).toBe(1)
  })
})
