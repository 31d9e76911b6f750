/**
 * A click whose effect comes with a request's answer says the page as it ended, on the real agent-browser 0.41.2 and
 * Chromium: a counter a fetch updates 250 ms after the click, a "Saving…" button that turns "Saved", an XHR's answer;
 * a request still unanswered is said with its path, not left as if the click's text were the end state. A list the
 * pointer re-renders with the same items says no new text; one a click sorts says its new order. Each judged on the
 * page's own state, read outside the tool with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

// `/hang` never answers: a fetch with a 250 ms timeout is a request that ends 250 ms after the click
const live = liveWorld({
  files: {
    "/likes.json": ['{"likes":42}', "application/json"],
    "/requests.html": htmlPage(`<button id="like">Like</button><span id="cnt">41 likes</span>
<button id="save">Save</button><button id="xhr">Load</button><p id="out">none</p><button id="pay">Pay</button>
<script>
like.onclick = () => fetch("/hang", { signal: AbortSignal.timeout(250) }).catch(() => { cnt.textContent = "42 likes" });
save.onclick = () => { save.textContent = "Saving…";
  fetch("/hang", { signal: AbortSignal.timeout(200) }).catch(() => { save.textContent = "Saved" }) };
xhr.onclick = () => { const x = new XMLHttpRequest(); x.open("GET", "/likes.json");
  x.onload = () => { out.textContent = "Loaded " + JSON.parse(x.responseText).likes }; x.send() };
pay.onclick = () => { fetch("/hang", { method: "POST" }) };
</script>`),
    // a router's effect: the click swaps in the view, then a 0 ms timer (useEffect) fetches its data (250 ms)
    "/route.html": htmlPage(`<a id="o9" href="#/orders/9">Order 9</a><div id="view"></div><script>
o9.onclick = (e) => { e.preventDefault(); history.pushState({}, "", "#/orders/9"); view.textContent = "Loading order…"
  setTimeout(() => fetch("/hang", { signal: AbortSignal.timeout(250) })
    .catch(() => { view.textContent = "Shipped to Leeds on 3 June" }), 0) };
</script>`),
    "/list.html": htmlPage(`<div style="height:40px"></div><ul id="l"></ul><button id="sort">Sort Z-A</button><script>
let items = ["Apple", "Banana", "Cherry"];
const draw = () => { l.innerHTML = items.map((t) => "<li><button>" + t + "</button></li>").join("") };
draw(); l.addEventListener("mouseenter", draw);
l.addEventListener("click", (e) => { document.title = "picked " + e.target.textContent });
sort.onclick = () => { items = [...items].reverse(); draw() };
</script>`)
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)
const open = async (path: string) => {
  session = await live.openedSession(`/${path}`)
}

describe("a click's requests and re-renders", () => {
  it("a counter a fetch updates 250 ms after the click: the new count is said", async () => {
    await open("requests.html")
    const text = okText(await live.tool.call({ args: ["click", "#like"] }))
    expect(evalPage("cnt.textContent")).toBe("42 likes")
    expect(text).toContain('New text: "42 likes"')
  })

  it('"Saving…" that turns "Saved" once its request answered: "Saved" is said, not "Saving…"', async () => {
    const text = okText(await live.tool.call({ args: ["click", "#save"] }))
    expect(evalPage("save.textContent")).toBe("Saved")
    expect(text).toContain('New text: "Saved"')
    expect(text).not.toContain("Saving")
  })

  it("an XMLHttpRequest's answer is waited for too", async () => {
    const text = okText(await live.tool.call({ args: ["click", "#xhr"] }))
    expect(evalPage("out.textContent")).toBe("Loaded 42")
    expect(text).toContain('New text: "Loaded 42"')
  })

  it("a request a short timer of the click starts (a router's effect) is waited for: not the placeholder", async () => {
    await open("route.html")
    const text = okText(await live.tool.call({ args: ["click", "#o9"] }))
    // before: `New text: "Loading order…"`
    expect(text).toContain('New text: "Shipped to Leeds on 3 June"')
    expect(text).not.toContain("Loading order")
    expect(evalPage("view.textContent")).toBe("Shipped to Leeds on 3 June")
    await open("requests.html")
  })

  it("a request that does not answer: said with its path, the click not held past the cap", async () => {
    const started = Date.now()
    const text = okText(await live.tool.call({ args: ["click", "#pay"] }))
    expect(Date.now() - started).toBeLessThan(6000)
    expect(text).toContain('1 request the click started had not answered when the page was read ("POST /hang")')
  })

  it("a list the pointer re-renders with the same items says no new text; a sort says its new order", async () => {
    await open("list.html")
    const picked = okText(await live.tool.call({ args: ["click", "#l li:nth-child(2) button"] }))
    expect(evalPage("document.title")).toBe("picked Banana")
    expect(picked).not.toContain("New text")
    const sorted = okText(await live.tool.call({ args: ["click", "#sort"] }))
    expect(evalPage("l.innerText.replace(/\\s+/g, ' ')")).toBe("Cherry Banana Apple")
    expect(sorted).toContain("New text:")
  })
})
