/**
 * A JavaScript dialog an action opened is not a hung page (real agent-browser 0.41.2 and Chromium): upstream's key
 * waits on a page a confirm holds for about 30 s, so a short watchdog fires first; the page then answers no DevTools
 * command. The call says the dialog (its words, its answers first) instead of ending the browser as a page a script
 * holds; the first next action, run through the tool, answers it, and the raw binary outside the tool sees the same
 * browser, no dialog and the same page, usable.
 */
import { describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { sessionProcesses } from "../support/faults.js"
import { htmlPage } from "../support/servedPages.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/keyconfirm.html": htmlPage(`<input id="c" aria-label="Code"><script>
c.addEventListener("keydown", () => { window.__r = confirm("Sure?") })</script>`),
    "/clickconfirm.html": htmlPage(`<button id="del" onclick="window.__r = confirm('Delete?')">Delete</button>`)
  }
})
let session = ""
const rawJson = (args: ReadonlyArray<string>): Record<string, unknown> => rawData(live.world, session, args)
const browserPid = () => sessionProcesses(live.world.config.socketDir, session)?.browserPid

/** Runs the result's first next action through the tool; it must be the dialog's dismissal, and work. */
const dismissFirst = async (result: ToolResult): Promise<void> => {
  const actions = result.details.nextActions ?? []
  expect(actions.slice(0, 2).map((a) => a.id)).toEqual(["dismiss-dialog", "accept-dialog"])
  const answered = await live.tool.call({ args: [...(actions[0]?.params?.args ?? [])] })
  expect(answered.isError, textOf(answered)).toBe(false)
}

describe("a confirm a typed key opened, past a short watchdog (#45)", () => {
  it("says the dialog and keeps the browser; dismissing it (the first next action) leaves the page usable", {
    timeout: 180_000
  }, async () => {
    session = (await live.tool.call({ args: ["open", live.url("/keyconfirm.html")] })).details.sessionName ?? ""
    const pid = browserPid()
    expect(pid).toBeDefined()
    const typed = await live.tool.call({ args: ["type", "#c", "xyz"], timeoutMs: 8000 })
    expect(typed.isError).toBe(true)
    // the category of every failure a blocking dialog causes (upstream's refusals say it the same way)
    expect(typed.details.failureCategory, textOf(typed)).toBe("upstream-error")
    expect(textOf(typed)).toContain('A JavaScript confirm dialog is blocking the page: "Sure?". It opened while')
    expect(textOf(typed)).toContain("The browser and the page are kept")
    expect(textOf(typed)).not.toMatch(/never returns|; it was ended|starts a new one/)
    expect(typed.details.recovery).toBeUndefined()
    // remembered as blocking: a get title is refused at once, naming it (upstream would wait about 30 s)
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(title)).toContain('A JavaScript confirm dialog is blocking the page: "Sure?"')
    expect(textOf(title)).toContain("nothing was sent")
    expect(rawJson(["dialog", "status"])).toMatchObject({ hasDialog: true, type: "confirm", message: "Sure?" })
    await dismissFirst(typed)
    // outside the tool: no dialog, the same page in the same browser, and it answers
    expect(rawJson(["dialog", "status"])).toMatchObject({ hasDialog: false })
    expect(rawJson(["get", "url"])).toMatchObject({ url: live.url("/keyconfirm.html") })
    expect(browserPid()).toBe(pid)
    expect(rawJson(["eval", "window.__r"])).toMatchObject({ result: false })
    const again = await live.tool.call({ args: ["get", "title"] })
    expect(again.isError, textOf(again)).toBe(false)
  })
})

describe("a confirm a click opened, with a short watchdog (#45)", () => {
  it("upstream's click answers beside the dialog: said, answered first, the browser kept", {
    timeout: 120_000
  }, async () => {
    session = (await live.tool.call({ args: ["open", live.url("/clickconfirm.html")] })).details.sessionName ?? ""
    const pid = browserPid()
    const clicked = await live.tool.call({ args: ["click", "#del"], timeoutMs: 3000 })
    expect(textOf(clicked)).toContain('A JavaScript confirm dialog is blocking the page: "Delete?"')
    expect(textOf(clicked)).not.toMatch(/never returns|; it was ended|starts a new one/)
    await dismissFirst(clicked)
    expect(rawJson(["dialog", "status"])).toMatchObject({ hasDialog: false })
    expect(rawJson(["get", "url"])).toMatchObject({ url: live.url("/clickconfirm.html") })
    expect(browserPid()).toBe(pid)
  })
})
