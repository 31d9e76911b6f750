/**
 * `check|uncheck` aimed at no checkbox, on the real agent-browser 0.41.2 (issue #41, found by bench:cases): upstream
 * clicks a text field twice and answers `{checked:"#f"}` (the tool said `Checked #f`, the page showed nothing checked).
 * The tool refuses it before the check runs, by CSS selector and by ref, and the page gets no click; a real box, a box
 * by its label, by a span in its label and by ref are checked as before. Judged on the page's own state, read outside
 * the tool.
 */
import { describe, expect, it } from "vitest"
import { okText, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/check.html": servedHtml(
      `<!doctype html><title>Check</title><label>Name <input id="f"></label>
<label id="lab"><input type="checkbox" id="c"> Subscribe</label><label><input type="checkbox" id="k"> Keep</label>
<label><input type="checkbox" id="d" style="display:none"><span id="sp" style="display:inline-block;width:40px">&nbsp;</span> Dark</label>
<script>window.clicks = []; document.addEventListener("click", (e) => clicks.push(e.target.id), true)</script>`
    )
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)

describe("check on an element that is no checkbox (#41)", () => {
  it("a text field by CSS and by ref: refused, no click reached the page; boxes by label and ref are checked", async () => {
    session = await live.openedSession("/check.html")
    // before: `Checked #f` (upstream clicked the field twice)
    const css = await live.tool.call({ args: ["check", "#f"] })
    expect(css.isError).toBe(true)
    expect(textOf(css)).toContain(
      `#f is an input of type "text", not a checkbox, radio button or switch: nothing was checked (the check was not sent`
    )
    expect(css.details.failureCategory).toBe("upstream-error")
    expect(css.details.nextActions?.[0]?.params?.args).toEqual(["--session", session, "snapshot", "-i"])
    expect(evalPage("JSON.stringify(clicks)")).toBe("[]")
    // the next action, followed, lists the boxes to check
    const snap = okText(await live.tool.call(css.details.nextActions?.[0]?.params ?? {}))
    const field = /textbox "Name" \[ref=(e\d+)/.exec(snap)?.[1]
    const box = /checkbox "Keep" \[[^\]]*ref=(e\d+)/.exec(snap)?.[1]
    expect(field, snap).toBeDefined()
    expect(box, snap).toBeDefined()
    const byRef = await live.tool.call({ args: ["uncheck", `@${field}`] })
    expect(byRef.isError).toBe(true)
    expect(textOf(byRef)).toContain(`@${field} is a textbox "Name", not a checkbox, radio button or switch`)
    expect(evalPage("JSON.stringify(clicks)")).toBe("[]")
    // a box by its label, and by ref: checked, said as before
    expect(okText(await live.tool.call({ args: ["check", "#lab"] }))).toBe("Checked #lab")
    expect(evalPage("document.getElementById('c').checked")).toBe(true)
    expect(okText(await live.tool.call({ args: ["check", `@${box}`] }))).toBe(`Checked @${box}`)
    expect(evalPage("document.getElementById('k').checked")).toBe(true)
    // a job's check step: the same refusal, no click; its uncheck step on a box works
    const job = await live.tool.call({ job: { steps: [{ action: "check", selector: "#f" }] } })
    expect(job.isError).toBe(true)
    expect(textOf(job)).toContain(`✗ check #f: #f is an input of type "text", not a checkbox, radio button or switch`)
    expect(evalPage("JSON.stringify(clicks)")).toBe(`["lab","c","k"]`)
    expect((await live.tool.call({ job: { steps: [{ action: "uncheck", selector: "#k" }] } })).isError).toBe(false)
    expect(evalPage("document.getElementById('k').checked")).toBe(false)
    // a switch's styled span in the label of a hidden box: upstream ticks the box, so it is not refused
    expect(okText(await live.tool.call({ args: ["check", "#sp"] }))).toBe("Checked #sp")
    expect(evalPage("document.getElementById('d').checked")).toBe(true)
  }, 90_000)
})
