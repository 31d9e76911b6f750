/**
 * What a click or a fill changes inside a web component's open shadow root is said, as it is in the page's own text
 * (bench cases shadowx.*): a like button whose count lives in its own root, a component nested in another's root.
 * Before, the watch observed the document only, so a click said `Clicked @e2` and nothing else while the component
 * showed "13 likes". Judged on the page's own state read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

// components built in script, as a web component's are: their words are in their roots only
const live = liveWorld({
  files: {
    "/like.html": htmlPage(`<h1>Post</h1><like-button id="lb"></like-button><script>
customElements.define("like-button", class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: "open" })
    root.innerHTML = '<button id="b">Like</button> <span id="n">12 likes</span>'
    root.getElementById("b").onclick = () => { root.getElementById("b").textContent = "Liked"
      root.getElementById("n").textContent = "13 likes" }
  }
})</script>`),
    "/nested.html": htmlPage(`<h1>Digest</h1><div id="outer"></div><script>
const outer = document.getElementById("outer").attachShadow({ mode: "open" })
outer.innerHTML = '<section id="inner"></section>'
const inner = outer.getElementById("inner").attachShadow({ mode: "open" })
inner.innerHTML = '<input id="e" aria-label="Email"> <button id="go">Subscribe</button> <p id="msg"></p>'
inner.getElementById("go").onclick = () => {
  inner.getElementById("msg").textContent = "Subscribed " + inner.getElementById("e").value }</script>`)
  }
})

/** The ref `snapshot -i` gives the control named `name`. */
const refOf = async (role: string, name: string): Promise<string> => {
  const snap = okText(await live.tool.call({ args: ["snapshot", "-i"] }))
  return `@${new RegExp(`${role} "${name}" \\[ref=(e\\d+)\\]`).exec(snap)?.[1] ?? "e0"}`
}

describe("what a click changes inside a shadow root", () => {
  it("a component's own count and label are said", async () => {
    const session = await live.openedSession("/like.html")
    const clicked = okText(await live.tool.call({ args: ["click", await refOf("button", "Like")] }))
    expect(rawEval(live.world, session, "lb.shadowRoot.getElementById('n').textContent")).toBe("13 likes")
    // before: `Clicked @e2`
    expect(clicked).toContain("13 likes")
    expect(clicked).toContain("Liked")
  })

  it("a root nested in another's root: the message is said", async () => {
    const session = await live.openedSession("/nested.html")
    await live.tool.call({ args: ["fill", await refOf("textbox", "Email"), "ada@example.com"] })
    const clicked = okText(await live.tool.call({ args: ["click", await refOf("button", "Subscribe")] }))
    // `outer` is the page's own name for the outer root
    const inner = "outer.getElementById('inner').shadowRoot.getElementById('msg').textContent"
    expect(rawEval(live.world, session, inner)).toBe("Subscribed ada@example.com")
    expect(clicked).toContain('New text: "Subscribed ada@example.com"')
  })
})
