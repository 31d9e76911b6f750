/**
 * A wait for the page says where the page is or what it shows, on the real agent-browser 0.41.2 and Chromium
 * (bench:cases waitfor.*): `wait --url` names the URL the page reached after a late navigation, `wait --load
 * networkidle` on a page that polls says no more than upstream measured (500 ms with no request in flight; a page
 * polling every 1.5 s reaches it between polls, one polling every 500 ms may never do, and upstream then times out
 * in its own words), and a `wait --text` that times out says what the page shows instead. Each claim is checked with
 * the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/cart.html": htmlPage(
      `<button id="b" onclick="setTimeout(()=>location.href='checkout.html',300)">Checkout</button>`
    ),
    "/checkout.html": htmlPage("<h1>Pay now</h1>"),
    "/poll.html": htmlPage(`<p id="s">Live prices</p><script>window.polls=0;
setInterval(()=>fetch('cart.html').then(()=>{window.polls++}),1500)</script>`),
    "/declined.html": htmlPage("<p>Payment declined:\n card expired</p>")
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

describe("a wait for the page says where it is or what it shows", () => {
  it("wait --url after a late navigation names the URL the page is at", async () => {
    const session = await live.openSession("/cart.html")
    await live.tool.call({ args: ["eval", "document.getElementById('b').click()"] })
    const waited = await live.tool.call({ args: ["wait", "--url", "**/checkout.html"] })
    expect(waited.isError, textOf(waited)).toBe(false)
    expect(textOf(waited)).toBe(`URL matched; the page is at ${live.site.origin}/checkout.html`)
    expect(evalRaw(session, "location.pathname")).toBe("/checkout.html")
  })

  it("wait --load networkidle on a polling page says what idle meant, and the page polls on", async () => {
    const session = await live.openSession("/poll.html")
    const waited = await live.tool.call({ args: ["wait", "--load", "networkidle"] })
    expect(waited.isError, textOf(waited)).toBe(false)
    expect(textOf(waited)).toBe(
      "Network idle: no request was in flight for 500 ms (the page may start new ones later)."
    )
    const before = Number(evalRaw(session, "window.polls"))
    const deadline = Date.now() + 5_000
    while (Number(evalRaw(session, "window.polls")) <= before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(Number(evalRaw(session, "window.polls"))).toBeGreaterThan(before)
  })

  it("wait --fn names the expression that is now true", async () => {
    const session = await live.openSession("/cart.html")
    live.world.raw(["--session", session, "eval", "setTimeout(()=>{window.ready=3},600)"])
    const waited = await live.tool.call({ args: ["wait", "--fn", "window.ready === 3"] })
    expect(waited.isError, textOf(waited)).toBe(false)
    expect(textOf(waited)).toBe("The condition is now true: window.ready === 3")
    expect(evalRaw(session, "window.ready")).toBe(3)
  })

  it("a wait --text that times out says what the page shows instead", async () => {
    const session = await live.openSession("/declined.html")
    const waited = await live.tool.call({ args: ["wait", "--text", "Payment accepted", "--timeout", "1500"] })
    expect(waited.isError).toBe(true)
    expect(textOf(waited)).toContain(
      'the text "Payment accepted" was not visible on the page within 1500 ms; the page shows ' +
        '"Payment declined: card expired"'
    )
    expect(evalRaw(session, "document.body.innerText")).not.toContain("Payment accepted")
  })
})
