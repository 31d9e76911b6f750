/**
 * A click whose effect comes through a chain the page builds after it (bench cases asyncx.*): a fetch whose answer
 * starts the next fetch, a fetch whose answer renders in a short timer, a microtask that starts a timer that renders in
 * the next animation frame, a render asked for "when idle", a popover shown (no attribute changes), a view transition
 * whose update fetches; an image's load and an event stream's first message as requests. Before, each said
 * `Clicked #…` alone or the page's placeholder ("Loading…"). Judged on the page's own state read outside the tool
 * (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

// `/hang` never answers: a fetch with an AbortSignal timeout is a request that ends that long after it started
const slow = (ms: number) => `fetch("/hang", { signal: AbortSignal.timeout(${ms}) }).catch(() => null)`
const live = liveWorld({
  files: {
    "/chain.html": htmlPage(`<button id="me">My orders</button><p id="out">none</p>
<button id="bal">Refresh</button><p id="b">Balance: 80.00 EUR</p>
<button id="fl">Follow</button><p id="st">No followers yet</p>
<button id="idle">Details</button><p id="d"></p>
<button id="info" popovertarget="tip">Delivery</button><div id="tip" popover>Free delivery in 2 days</div>
<button id="nx">Next article</button><h2 id="h">Local news</h2>
<button id="mp">Show map</button><img id="im" alt="" width="20" height="10"><p id="cap"></p>
<button id="ex">Export</button><p id="xs"></p>
<script>
me.onclick = async () => { out.textContent = "Loading…"; await ${slow(120)}; await ${slow(120)}
  out.textContent = "Ada has 3 open orders" };
bal.onclick = async () => { b.textContent = "Updating…"; await ${slow(100)}
  setTimeout(() => { b.textContent = "Balance: 87.40 EUR" }, 150) };
const follow = () => requestAnimationFrame(() => { st.textContent = "1 follower" });
fl.onclick = () => queueMicrotask(() => setTimeout(follow, 0));
idle.onclick = () => requestIdleCallback(() => { d.textContent = "Order 1042, delivered 3 May" }, { timeout: 200 });
mp.onclick = () => { cap.textContent = "Loading map…"; im.onload = () => { cap.textContent = "Map" }
  im.src = "/hang" };
ex.onclick = () => { xs.textContent = "Export started"; const es = new EventSource("/hang")
  es.onmessage = (e) => { xs.textContent = e.data }; xs.dataset.kind = es instanceof EventSource && EventSource.OPEN };
nx.onclick = () =>
  document.startViewTransition(async () => { await ${slow(150)}; h.textContent = "City opens a library" });
</script>`)
  }
})

describe("a click's effect through a chain the page builds", () => {
  it("a fetch chain, a render timer after an answer, microtask → timer → frame, an idle render", async () => {
    const session = await live.openedSession("/chain.html")
    const page = (js: string) => rawEval(live.world, session, js)
    const chain = okText(await live.tool.call({ args: ["click", "#me"] }))
    // before: `New text: "Loading…"`
    expect(chain).toContain('New text: "Ada has 3 open orders"')
    expect(page("out.textContent")).toBe("Ada has 3 open orders")
    const balance = okText(await live.tool.call({ args: ["click", "#bal"] }))
    // before: `New text: "Updating…"`
    expect(balance).toContain('New text: "Balance: 87.40 EUR"')
    expect(page("b.textContent")).toBe("Balance: 87.40 EUR")
    const follow = okText(await live.tool.call({ args: ["click", "#fl"] }))
    // before: `Clicked #fl`
    expect(follow).toContain('New text: "1 follower"')
    const idle = okText(await live.tool.call({ args: ["click", "#idle"] }))
    // before: `Clicked #idle`
    expect(idle).toContain('New text: "Order 1042, delivered 3 May"')
    expect(page("[st.textContent, d.textContent]")).toEqual(["1 follower", "Order 1042, delivered 3 May"])
  })

  it("a popover shown and a view transition's fetched update are said", async () => {
    const session = await live.openedSession("/chain.html")
    const page = (js: string) => rawEval(live.world, session, js)
    const shown = okText(await live.tool.call({ args: ["click", "#info"] }))
    // before: `Clicked #info`
    expect(shown).toContain('New text: "Free delivery in 2 days"')
    expect(page("tip.matches(':popover-open')")).toBe(true)
    const next = okText(await live.tool.call({ args: ["click", "#nx"] }))
    // before: `Clicked #nx`
    expect(next).toContain("City opens a library")
    expect(page("h.textContent")).toBe("City opens a library")
  })

  it("an image's load and an event stream's first message are the click's requests: said as still out", async () => {
    const session = await live.openedSession("/chain.html")
    const map = okText(await live.tool.call({ args: ["click", "#mp"] }))
    // before: `New text: "Loading map…"` alone, as if the caption were where the page ended
    expect(map).toContain('1 request the click started had not answered when the page was read ("GET /hang")')
    const exported = okText(await live.tool.call({ args: ["click", "#ex"] }))
    expect(exported).toContain('1 request the click started had not answered when the page was read ("GET /hang (event')
    expect(rawEval(live.world, session, "[cap.textContent, xs.textContent]")).toEqual([
      "Loading map…",
      "Export started"
    ])
    // the page's own EventSource, as it was (its class and constants), while the click's watch had it wrapped
    expect(rawEval(live.world, session, "xs.dataset.kind")).toBe("1")
  })
})
