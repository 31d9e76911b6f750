/**
 * `check|uncheck` on a disabled box, on the real agent-browser 0.41.2 (found by bench:cases inputs.check-disabled):
 * upstream answers `{checked:"#c"}` and leaves the box as it was (the tool said `Checked #c`, the page showed it
 * unchecked), for a box with its own `disabled` and for one in a disabled `<fieldset>`. The tool refuses it before the
 * check runs and says what the box still holds, by CSS selector and by ref (upstream's own reads), directly and in a
 * job; an enabled box next to it is checked as before. Judged on the page's own state, read outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/boxes.html": servedHtml(
      `<!doctype html><title>Boxes</title>
<label><input type="checkbox" id="a" disabled> Gift wrap</label>
<label><input type="checkbox" id="b" checked disabled> Terms</label>
<fieldset disabled><legend>Extras</legend><label><input type="checkbox" id="c"> Insurance</label></fieldset>
<label><input type="checkbox" id="d"> Newsletter</label>
<script>window.changes = []; document.addEventListener("change", (e) => changes.push(e.target.id), true)</script>`
    )
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)
const boxes = () => evalPage("JSON.stringify([a.checked, b.checked, c.checked, d.checked, changes])")

describe("check on a disabled box", () => {
  it("refused with what the box still holds; the page is unchanged; an enabled box is checked", async () => {
    session = await live.openedSession("/boxes.html")
    // before: `Checked #a` (upstream answered success; the box stayed unchecked)
    const own = await live.tool.call({ args: ["check", "#a"] })
    expect(own.isError).toBe(true)
    expect(textOf(own)).toContain("#a is a disabled checkbox: nothing was checked, it stays unchecked")
    expect(own.details.failureCategory).toBe("upstream-error")
    expect(own.details.nextActions?.[0]?.params?.args).toEqual(["--session", session, "snapshot", "-i"])
    // before: `Unchecked #b`
    const checked = await live.tool.call({ args: ["uncheck", "#b"] })
    expect(checked.isError).toBe(true)
    expect(textOf(checked)).toContain("#b is a disabled checkbox: nothing was unchecked, it stays checked")
    // before: `Checked #c`
    const inFieldset = await live.tool.call({ args: ["check", "#c"] })
    expect(inFieldset.isError).toBe(true)
    expect(textOf(inFieldset)).toContain(
      "#c is a disabled checkbox (the <fieldset> around it is disabled): nothing was checked, it stays unchecked"
    )
    expect(boxes()).toBe(`[false,true,false,false,[]]`)
    // an enabled box: checked, said as before
    const enabled = await live.tool.call({ args: ["check", "#d"] })
    expect(textOf(enabled)).toBe("Checked #d")
    expect(boxes()).toBe(`[false,true,false,true,["d"]]`)
    // by ref (the path a snapshot gives): upstream's own reads say it is disabled; before: `Checked @eN`
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const refOf = (name: string) => `@${new RegExp(`checkbox "${name}" \\[[^\\]]*ref=(e\\d+)`).exec(snap)?.[1]}`
    const byRef = await live.tool.call({ args: ["check", refOf("Insurance")] })
    expect(byRef.isError, snap).toBe(true)
    expect(textOf(byRef)).toContain(
      `${refOf("Insurance")} is a disabled checkbox: nothing was checked, it stays unchecked (a disabled box takes no click)`
    )
    const job = await live.tool.call({ job: { steps: [{ action: "uncheck", selector: refOf("Terms") }] } })
    expect(job.isError).toBe(true)
    expect(textOf(job)).toContain(`${refOf("Terms")} is a disabled checkbox: nothing was unchecked, it stays checked`)
    expect(textOf(await live.tool.call({ args: ["uncheck", refOf("Newsletter")] }))).toBe(
      `Unchecked ${refOf("Newsletter")}`
    )
    expect(boxes()).toBe(`[false,true,false,false,["d","d"]]`)
  }, 90_000)
})
