/**
 * Issue #41 item 8 on the real agent-browser: a page with one resource that never loads (an image from `/hang`) is
 * shown and usable at once, while upstream's `open` waits for the load event and fails after 25 s. The open answers
 * as a success that says what is still loading; the page's state is read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld()
let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)

const STILL_LOADING = /Still loading: the page is shown and usable .*waiting on http:\/\/127\.0\.0\.1:\d+\/hang\./

describe("open of a page with a resource that never loads (#41)", () => {
  it("as the session's first open (upstream's open launches the browser): opened after upstream's 25 s, still loading", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/slow-resource.html`] })
    session = opened.details.sessionName ?? ""
    console.log(`[slow first open] ${textOf(opened)}`)
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(textOf(opened)).toMatch(STILL_LOADING)
    expect(raw<{ result: string }>(["eval", "document.readyState + ' ' + document.images[0].complete"]).result).toBe(
      "interactive false"
    )
  }, 90_000)

  it("in a running browser: answers once the page is usable (not 25 s), says what is still loading, and the page works", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const started = Date.now()
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/slow-resource.html`] })
    const tookMs = Date.now() - started
    session = opened.details.sessionName ?? ""
    console.log(`[slow open] ${tookMs} ms: ${textOf(opened)}`)
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(textOf(opened)).toMatch(STILL_LOADING)
    expect(tookMs).toBeLessThan(10_000)
    expect(raw<{ url: string }>(["get", "url"]).url).toBe(`${live.site.origin}/slow-resource.html`)
    const clicked = await live.tool.call({ args: ["click", "#buy"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(raw<{ text: string }>(["get", "text", "h1"]).text).toBe("Bought")
  }, 90_000)
})
