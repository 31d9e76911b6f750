/**
 * A click on a control that is disabled now and enabled a moment later waits for it and clicks, as Playwright's
 * actionability check does (#45; upstream 0.41.2 refuses a disabled target at once). On the real agent-browser 0.41.2
 * and Chromium; each claim is checked with the raw binary outside the tool: the page's own click count.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const COUNT = `<script>window.clicks = 0</script>`
const live = liveWorld({
  files: {
    "/later.html": htmlPage(
      `${COUNT}<button id="b" disabled onclick="clicks++" ondblclick="window.doubles = (window.doubles || 0) + 1">` +
        "Pay</button>"
    ),
    "/never.html": htmlPage(
      `${COUNT}<form><label>Email <input id="e" type="email" required></label>` +
        `<button id="b" disabled onclick="clicks++">Pay</button></form>`
    ),
    "/inner.html": htmlPage(`${COUNT}<button id="b" disabled onclick="clicks++"><span id="s">Checkout</span></button>`),
    "/enabled.html": htmlPage(`${COUNT}<button id="b" onclick="clicks++">Pay</button>`)
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)
/** Enables #b 600 ms from now (the tool's click starts right after): disabled when the click begins. */
const enableLater = (session: string) => evalRaw(session, "setTimeout(() => { b.disabled = false }, 600), 1")
const open = (page: string) => live.openSession(`/${page}`)

describe("a click waits while its target is disabled (#45)", () => {
  it("a button enabled 600 ms later is clicked once, and the text says it waited", async () => {
    const session = await open("later.html")
    enableLater(session)
    const clicked = await live.tool.call({ args: ["click", "#b"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(clicked)).toMatch(/^Clicked #b \(it was disabled; waited 0\.\d s until it was enabled\)$/)
    expect(evalRaw(session, "clicks")).toBe(1)
  })

  it("a ref to a button enabled later is clicked once too", async () => {
    const session = await open("later.html")
    // the snapshot is taken while it is still disabled
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const ref = /button "Pay" \[disabled, ref=(e\d+)\]/.exec(snap)?.[1]
    expect(ref, snap).toBeDefined()
    enableLater(session)
    const clicked = await live.tool.call({ args: ["click", `@${ref}`] })
    expect(textOf(clicked)).toMatch(/^Clicked @e\d+ \(it was disabled; waited \d\.\d s until it was enabled\)$/)
    expect(evalRaw(session, "clicks")).toBe(1)
  })

  it("dblclick and find role … click wait the same way", async () => {
    const session = await open("later.html")
    enableLater(session)
    const doubled = await live.tool.call({ args: ["dblclick", "#b"] })
    expect(textOf(doubled)).toMatch(/^Double-clicked #b \(it was disabled; waited \d\.\d s until it was enabled\)$/)
    expect(evalRaw(session, "[clicks, window.doubles]")).toEqual([1, 1])
    evalRaw(session, "b.disabled = true")
    enableLater(session)
    const found = await live.tool.call({ args: ["find", "role", "button", "click", "--name", "Pay"] })
    // resolved to the button's ref by a fresh snapshot first (P6), then clicked once enabled
    expect(textOf(found)).toMatch(/^Clicked @e\d+ \(it was disabled; waited \d\.\d s until it was enabled\)\n/)
    expect(evalRaw(session, "clicks")).toBe(2)
  })

  it("a button that stays disabled: the wait said, nothing clicked, the invalid field named", async () => {
    const session = await open("never.html")
    const failed = await live.tool.call({ args: ["click", "#b"] })
    expect(failed.isError).toBe(true)
    expect(failed.details.failureCategory).toBe("upstream-error")
    expect(textOf(failed)).toMatch(
      /^Failed \(upstream-error\): #b stayed disabled for 3\.\d s: nothing was clicked\. Not valid yet in its form: #e; fill it, then click again\./
    )
    expect(failed.details.nextActions?.[0]?.params?.args).toEqual(["--session", session, "snapshot", "-i"])
    expect(evalRaw(session, "clicks")).toBe(0)
  })

  it("text in a disabled button: upstream would say it clicked; the click waits, and fails or clicks", async () => {
    const session = await open("inner.html")
    // the tool resolves a text click to the control the page picks (#b) before it clicks
    const failed = await live.tool.call({ args: ["find", "text", "Checkout", "click"] })
    expect(textOf(failed)).toMatch(/^Failed \(upstream-error\): #b stayed disabled for 3\.\d s: nothing was clicked\./)
    expect(evalRaw(session, "clicks")).toBe(0)
    // the span itself: upstream would click it and say so
    enableLater(session)
    const clicked = await live.tool.call({ args: ["click", "#s"] })
    expect(textOf(clicked)).toMatch(/^Clicked #s \(it was disabled; waited \d\.\d s until it was enabled\)$/)
    expect(evalRaw(session, "clicks")).toBe(1)
  })

  it("an enabled button is clicked at once, with no words about waiting (one process: unit enabledWait)", async () => {
    const session = await open("enabled.html")
    const clicked = await live.tool.call({ args: ["click", "#b"] })
    expect(textOf(clicked)).toBe("Clicked #b")
    expect(evalRaw(session, "clicks")).toBe(1)
  })
})
