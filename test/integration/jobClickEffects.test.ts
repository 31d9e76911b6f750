/**
 * A job's click, key press or hover step says what it did, as a direct one says it, on the real agent-browser 0.41.2 and
 * Chromium: the console errors it logged, the heading it changed, the alert it opened and the page it led to, each on
 * the step's row; a click that changed nothing is counted and not written. What the page holds is read with the raw
 * binary. Before, every one of these rows read as the bare `✓ 5/5 steps`.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData, rawEval } from "../support/rawPage.js"
import { htmlPage, titledPage } from "../support/servedPages.js"

const start = htmlPage(`<h1 id="h">Start</h1><button id="nothing">Nothing</button>
<button id="err" onclick="console.error('boom'); throw new Error('bad')">Err</button>
<button id="head" onclick="h.textContent = 'Changed'">Head</button>
<button id="al" onclick="alert('hello there')">Alert</button><a id="nav" href="/next.html">Next</a>
<span id="tip" onmouseenter="setTimeout(() => { tipText.textContent = 'Saves your draft' }, 100)">Save</span>
<p id="tipText"></p><input id="q" onkeydown="if (event.key === 'Enter') { h.textContent = 'Searched'; console.error('no results') }">
<a id="hash" href="#/active">Active</a><a id="tab" target="_blank" href="/b.html">Tab</a><button id="push" onclick="history.pushState(null, '', '/done')">Done</button>`)
const live = liveWorld({
  files: {
    "/start.html": start,
    "/next.html": titledPage("Next page", "<h1>Next</h1>"),
    "/b.html": titledPage("B page", "<h1>In the new tab</h1>")
  }
})

const click = (selector: string) => ({ action: "click", selector })
/** Runs a job of `steps`, which must succeed, and returns its text. */
const jobText = async (steps: ReadonlyArray<object>) => {
  const job = await live.tool.call({ job: { steps } })
  expect(job.isError, textOf(job)).toBe(false)
  return textOf(job)
}

describe("a job's action step says what it did", () => {
  it("console errors, a changed heading, an alert and the page it led to, each on its row, as a direct click says them", async () => {
    const session = await live.openedSession("/start.html")
    const text = await jobText([click("#err"), click("#nothing"), click("#head"), click("#al"), click("#nav")])
    expect(rawEval(live.world, session, "location.pathname")).toBe("/next.html")
    expect(text).toBe(
      [
        "✓ 5/5 steps",
        "1. click #err",
        '   2 console errors after the click: "boom"; "Uncaught Error: bad"',
        "3. click #head",
        '   Heading now: "Changed"',
        "4. click #al",
        '   A dialog opened: alert "hello there" (accepted)',
        "5. click #nav",
        `   Page: Next page — ${live.url("/next.html")}`
      ].join("\n")
    )
    // the same lines as the direct clicks say them
    await live.openedSession("/start.html")
    expect(textOf(await live.tool.call({ args: ["click", "#err"] }))).toContain(
      '2 console errors after the click: "boom"; "Uncaught Error: bad"'
    )
    expect(textOf(await live.tool.call({ args: ["click", "#head"] }))).toContain('Heading now: "Changed"')
    expect(rawEval(live.world, session, "h.textContent")).toBe("Changed")
  })

  it("a click by role or by its text says what it did, as a click by selector", async () => {
    const session = await live.openedSession("/start.html")
    const steps = [
      { action: "click", locator: "role", value: "button", name: "Head" },
      { action: "click", locator: "text", value: "Err" }
    ]
    const text = await jobText(steps)
    expect(rawEval(live.world, session, "h.textContent")).toBe("Changed")
    expect(text).toBe(
      [
        "✓ 2/2 steps",
        "1. find role button click --name Head",
        '   Heading now: "Changed"',
        '2. find text Err click → button "Err" (1 matched)',
        '   2 console errors after the click: "boom"; "Uncaught Error: bad"'
      ].join("\n")
    )
  })

  it("a raw batch's click row says it too; a click that failed keeps its error", async () => {
    const url = live.url("/start.html")
    const batch = await live.tool.call({
      args: ["batch", "--bail"],
      stdin: JSON.stringify([
        ["open", url],
        ["click", "#err"]
      ])
    })
    expect(textOf(batch)).toContain('2. click\n   2 console errors after the click: "boom"; "Uncaught Error: bad"')
    const failed = await live.tool.call({ job: { steps: [{ action: "click", selector: "#absent" }] } })
    expect(failed.isError).toBe(true)
    expect(textOf(failed)).toMatch(/1\. ✗ click #absent/)
  })

  it("a click that changed its own page's address: a hash router's link says its new hash, a pushed path the address", async () => {
    const session = await live.openedSession("/start.html")
    const text = await jobText([click("#hash"), click("#hash"), click("#push")])
    expect(rawEval(live.world, session, "location.href")).toBe(live.url("/done"))
    expect(text).toBe(
      [
        "✓ 3/3 steps",
        "1. click #hash",
        "   Page: t — same URL, hash now #/active",
        "3. click #push",
        `   Page: t — ${live.url("/done")}`
      ].join("\n")
    )
    // the direct click says the hash the same way
    await live.openedSession("/start.html")
    expect(textOf(await live.tool.call({ args: ["click", "#hash"] }))).toContain(
      "Page: t — same URL, hash now #/active"
    )
  })

  it("a click that opened a tab: the row names the tab the steps after it act on, and the clicked page's", async () => {
    const session = await live.openedSession("/start.html")
    const text = await jobText([click("#tab"), { action: "assertText", text: "In the new tab" }])
    const tabs = rawData<{ tabs: ReadonlyArray<{ tabId: string; url: string; active: boolean }> }>(
      live.world,
      session,
      ["tab", "list"]
    ).tabs
    const front = tabs.find((t) => t.active)
    expect(front?.url).toBe(live.url("/b.html"))
    const from = tabs.find((t) => t.url === live.url("/start.html"))?.tabId
    expect(text).toBe(
      [
        "✓ 2/2 steps",
        "1. click #tab",
        `   New tab ${front?.tabId} (the page opened it; commands now act on it): B page — ${live.url("/b.html")}`,
        `   The clicked page stays in tab ${from} (tab ${from} goes back to it).`
      ].join("\n")
    )
  })

  it("a key press step: the console error and the heading its key changed, as a direct press says them", async () => {
    const session = await live.openedSession("/start.html")
    const steps = [{ action: "press", selector: "#q", text: "Enter" }]
    const job = await live.tool.call({ job: { steps } })
    expect(rawEval(live.world, session, "h.textContent")).toBe("Searched")
    expect(textOf(job)).toBe(
      [
        "✓ 2/2 steps",
        "2. press Enter",
        '   Console error after the key press: "no results"',
        '   Heading now: "Searched"'
      ].join("\n")
    )
  })

  it("a hover step: the text its handler showed a moment later, as a direct hover says it", async () => {
    const session = await live.openedSession("/start.html")
    const job = await live.tool.call({ job: { steps: [{ action: "hover", selector: "#tip" }] } })
    expect(rawEval(live.world, session, "tipText.textContent")).toBe("Saves your draft")
    expect(textOf(job)).toBe('✓ 1/1 steps\n1. hover #tip\n   New text: "Saves your draft"')
  })
})
