/**
 * A scroll that moved nothing says so from its first word, and why, on the real agent-browser 0.41.2 and Chromium:
 * a page already at its bottom, a page that fits the window. A scroll that moved says where it went. Each claim is
 * checked with a raw `eval` of the page's offsets outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const rows = Array.from({ length: 30 }, (_, i) => `<p style="height:60px;margin:0">Row ${i + 1}</p>`).join("")

// an infinite list: reaching the bottom loads 20 more rows 200 ms later
const feed = htmlPage(
  `<ul id="l">${rows}</ul><script>let busy = false; addEventListener("scroll", () => {
  if (busy || innerHeight + scrollY < document.body.scrollHeight - 100) return; busy = true
  setTimeout(() => { const n = l.children.length; for (let i = 1; i <= 20; i++) l.insertAdjacentHTML("beforeend",
    '<p style="height:60px;margin:0">Row ' + (n + i) + "</p>"); busy = false }, 200) })</script>`
)
const live = liveWorld({
  files: { "/rows.html": htmlPage(rows), "/short.html": htmlPage("<p>One line</p>"), "/feed.html": feed }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)

describe("a scroll that moved nothing says so (#45)", () => {
  it("scroll down at the bottom: 'moved nothing', and the page is already at the bottom", async () => {
    const session = await live.openSession("/rows.html")
    const first = await live.tool.call({ args: ["scroll", "down", "5000"] })
    const max = evalRaw(session, "document.documentElement.scrollHeight - innerHeight") as number
    expect(textOf(first)).toBe(`Scrolled down 5000\nPage scrolled: y 0 → ${max}.`)
    const again = await live.tool.call({ args: ["scroll", "down", "500"] })
    expect(again.isError).toBe(false)
    expect(textOf(again)).toBe(`Scroll down 500 moved nothing\nThe page is already at the bottom (y ${max} of ${max}).`)
    expect(again.details.scrollNoop?.edge).toBe("bottom")
    expect(evalRaw(session, "Math.round(scrollY)")).toBe(max)
    const up = await live.tool.call({ args: ["scroll", "up", "200"] })
    expect(textOf(up)).toBe(`Scrolled up 200\nPage scrolled: y ${max} → ${max - 200}.`)
  })

  it("a scroll that reaches the bottom of an infinite list says the page grew (more loaded below)", async () => {
    const session = await live.openSession("/feed.html")
    const max = evalRaw(session, "document.documentElement.scrollHeight - innerHeight") as number
    const result = await live.tool.call({ args: ["scroll", "down", "5000"] })
    expect(result.isError).toBe(false)
    expect(evalRaw(session, "l.children.length")).toBe(50)
    expect(textOf(result)).toBe(
      `Scrolled down 5000\nPage scrolled: y 0 → ${max} (the bottom); then the page grew 1200 px taller: more loaded ` +
        "below (scroll down again)."
    )
    expect(result.details.scrollPage).toMatchObject({ moved: true, grewBy: 1200 })
  })

  it("a page that fits the window: it does not scroll that way", async () => {
    const session = await live.openSession("/short.html")
    const result = await live.tool.call({ args: ["scroll", "down", "300"] })
    expect(textOf(result)).toBe("Scroll down 300 moved nothing\nThe page fits the window: it does not scroll that way.")
    expect(evalRaw(session, "scrollY")).toBe(0)
  })
})
