/**
 * A text click on a control inside a web component's open shadow root, on the real agent-browser 0.41.2 and
 * Chromium: upstream's text locator reads page text only and finds nothing there, so the tool clicks the one control
 * the words name by its ref, in the same call (bench shadow.click-by-text). Where that is not sure (two controls, a
 * hidden one in the page's own text, a hidden control, a name that is not in a shadow root) nothing is clicked by the
 * tool: the miss names the refs as before. Each page counts its handlers' runs, read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

// controls built in script, as a web component's are: no page text outside the shadow root holds their words
const hit = `const hit = (id) => {
  window.__hits = window.__hits || {}; window.__hits[id] = (window.__hits[id] || 0) + 1 };
const shadowButton = (root, id, words, hidden) => { const b = document.createElement("button");
  b.textContent = words; b.hidden = !!hidden; b.onclick = () => hit(id); root.append(b) };`
const card = (script: string, light = "") =>
  htmlPage(`<h1>Card</h1>${light}<div id="host"></div><script>${hit}
const root = host.attachShadow({ mode: "open" }); ${script}</script>`)
const PUBLISH = `"Publish" + " now"`

const live = liveWorld({
  files: {
    "/one.html": card(`shadowButton(root, "shadow", ${PUBLISH})`),
    "/two.html": card(`shadowButton(root, "a", ${PUBLISH}); shadowButton(root, "b", ${PUBLISH})`),
    "/lightHidden.html": card(
      `shadowButton(root, "shadow", ${PUBLISH})`,
      `<button style="display:none" onclick="hit('light')">Publish now</button>`
    ),
    "/hiddenShadow.html": card(`shadowButton(root, "shadow", ${PUBLISH}, true)`),
    "/status.html": card(
      `shadowButton(root, "shadow", ${PUBLISH}); root.querySelector("button").addEventListener("click", () => {
        note.textContent = "Post published" })`,
      `<p id="note">Draft</p>`
    ),
    "/nested.html": card(`const inner = document.createElement("span"); root.append(inner);
      shadowButton(inner.attachShadow({ mode: "open" }), "inner", ${PUBLISH})`),
    "/label.html": card("", `<button aria-label="Publish now" onclick="hit('light')">✓</button>`)
  }
})

const evalIn = (session: string, script: string): unknown => rawEval(live.world, session, script)
const hits = (session: string): unknown => evalIn(session, "JSON.stringify(window.__hits || {})")

const clickOn = async (page: string, words = "Publish now") => {
  const opened = await live.tool.call({ args: ["open", `${live.site.origin}/${page}`] })
  const session = opened.details.sessionName ?? ""
  const clicked = await live.tool.call({ args: ["find", "text", words, "click"] })
  return { session, clicked }
}

describe("a text click on a shadow-root control clicks it in the same call (#45)", () => {
  it("clicks the one control the words name, by its ref, and says so; its handler ran once", async () => {
    const { session, clicked } = await clickOn("one.html")
    expect(clicked.isError, textOf(clicked)).toBe(false)
    const said = /^Clicked button "Publish now" \(inside a shadow root, found as @e\d+; (.*)\)$/.exec(textOf(clicked))
    expect(said?.[1], textOf(clicked)).toBe("upstream's text locator does not read there")
    expect(hits(session)).toBe(JSON.stringify({ shadow: 1 }))
  })

  it("the click's effects are read and said as for any click", async () => {
    const { session, clicked } = await clickOn("status.html")
    expect(textOf(clicked)).toMatch(/^Clicked button "Publish now" \(inside a shadow root, found as @e\d+; .*\)\n/)
    expect(textOf(clicked).split("\n").slice(1)).toEqual(['New text: "Post published"'])
    expect(hits(session)).toBe(JSON.stringify({ shadow: 1 }))
    expect(evalIn(session, "note.textContent")).toBe("Post published")
  })

  it("a control in a shadow root inside another (a component in a component) is reached too", async () => {
    const { session, clicked } = await clickOn("nested.html")
    expect(textOf(clicked)).toMatch(/^Clicked button "Publish now" \(inside a shadow root, found as @e\d+;/)
    expect(hits(session)).toBe(JSON.stringify({ inner: 1 }))
  })

  it("other case than the control's text (upstream's text locator is case-sensitive): nothing clicked", async () => {
    const { session, clicked } = await clickOn("one.html", "publish now")
    expect(clicked.details.failureCategory, textOf(clicked)).toBe("selector-not-found")
    expect(hits(session)).toBe("{}")
  })

  it("two controls of those words: nothing clicked; the miss names both refs", async () => {
    const { session, clicked } = await clickOn("two.html")
    expect(clicked.details.failureCategory, textOf(clicked)).toBe("selector-not-found")
    expect(textOf(clicked)).toMatch(/Click @e\d+: the snapshot names it exactly so\./)
    expect(hits(session)).toBe("{}")
  })

  it("a hidden control of those words in the page's own text: the shadow one is not clicked", async () => {
    const { session, clicked } = await clickOn("lightHidden.html")
    expect(clicked.isError, textOf(clicked)).toBe(true)
    expect(textOf(clicked)).not.toContain("inside a shadow root, found as")
    expect(hits(session)).toBe("{}")
  })

  it("a hidden shadow-root control is never clicked", async () => {
    const { session, clicked } = await clickOn("hiddenShadow.html")
    expect(clicked.isError, textOf(clicked)).toBe(true)
    expect(hits(session)).toBe("{}")
  })

  it("a name from aria-label outside any shadow root keeps the miss and its ref", async () => {
    const { session, clicked } = await clickOn("label.html")
    expect(clicked.details.failureCategory, textOf(clicked)).toBe("selector-not-found")
    const ref = /Click (@e\d+): the snapshot names it exactly so\./.exec(textOf(clicked))?.[1]
    expect(ref, textOf(clicked)).toBeDefined()
    const retry = (clicked.details.nextActions ?? []).find((a) => a.id === "try-current-visible-ref")
    expect(retry?.params?.args?.slice(-2)).toEqual(["click", ref])
    expect(hits(session)).toBe("{}")
  })

  it("in a job: the step clicks the one shadow-root control by its ref, says so on its row; later steps run", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/status.html`] })
    const session = opened.details.sessionName ?? ""
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "click", locator: "text", value: "Publish now" },
          { action: "assertText", text: "Post published" }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    expect(textOf(job)).toMatch(/ → button "Publish now" \(inside a shadow root, found as @e\d+\)/)
    expect(hits(session)).toBe(JSON.stringify({ shadow: 1 }))
    expect(evalIn(session, "note.textContent")).toBe("Post published")
  })

  it("in a job: two controls of those words: the step fails and nothing is clicked", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/two.html`] })
    const session = opened.details.sessionName ?? ""
    const job = await live.tool.call({ job: { steps: [{ action: "click", locator: "text", value: "Publish now" }] } })
    expect(job.isError, textOf(job)).toBe(true)
    expect(textOf(job)).not.toContain("inside a shadow root")
    expect(hits(session)).toBe("{}")
  })
})
