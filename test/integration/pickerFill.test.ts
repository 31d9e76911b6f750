/**
 * A fill on a native time, datetime-local, month, week or color field, on the real agent-browser 0.41.2 (found by
 * bench:cases inputs.date-time-datetime, inputs.month-and-color): upstream's fill left the first four empty and the
 * color at #000000 while it answered success. The tool sets each in its own form, with the page's input and change
 * events; a text in another form, or one the browser drops, is refused and the field keeps what it held; a job's fill
 * step sets one too. Judged on the page's own state, read outside the tool.
 */
import { describe, expect, it } from "vitest"
import { okText, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const fields = [
  ["tm", "time"],
  ["dt", "datetime-local"],
  ["m", "month"],
  ["w", "week"],
  ["col", "color"]
]
const live = liveWorld({
  files: {
    "/pickers.html": servedHtml(
      `<!doctype html><title>Pickers</title>
${fields.map(([id, type]) => `<input type="${type}" id="${id}">`).join("\n")}
<script>window.seen = []; for (const t of ["input", "change"])
  document.addEventListener(t, (e) => seen.push(t + ":" + e.target.id), true)</script>`
    )
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)
const values = () => evalPage("JSON.stringify([tm.value, dt.value, m.value, w.value, col.value])")

describe("fill on a native picker field", () => {
  it("sets it in its own form with input and change; another form is refused; a job step sets one", async () => {
    session = await live.openedSession("/pickers.html")
    // before: `The fill did not take on #tm.` (upstream's fill left it empty)
    expect(okText(await live.tool.call({ args: ["fill", "#tm", "13:45"] }))).toBe(
      `Set the time field #tm to "13:45" (it held nothing).`
    )
    expect(okText(await live.tool.call({ args: ["fill", "#dt", "2026-03-15T13:45"] }))).toContain(
      `Set the datetime-local field #dt to "2026-03-15T13:45"`
    )
    expect(okText(await live.tool.call({ args: ["fill", "#m", "2026-07"] }))).toContain(
      `Set the month field #m to "2026-07"`
    )
    expect(okText(await live.tool.call({ args: ["fill", "#w", "2026-W28"] }))).toContain(`Set the week field #w`)
    // before: `Filled #col` with a fill check of 7 characters, not the 7 typed (the page kept #000000)
    expect(okText(await live.tool.call({ args: ["fill", "#col", "#FF8800"] }))).toBe(
      `Set the color field #col to "#ff8800" (it held "#000000").`
    )
    expect(values()).toBe(`["13:45","2026-03-15T13:45","2026-07","2026-W28","#ff8800"]`)
    const events = evalPage("seen.join()")
    for (const [id] of fields) expect(events).toContain(`input:${id},change:${id}`)
    // a text in another form: refused, not echoed, the field keeps its value, no event reached the page
    const before = evalPage("seen.length")
    const words = await live.tool.call({ args: ["fill", "#m", "July 2026"] })
    expect(words.isError).toBe(true)
    expect(textOf(words)).toContain(
      `#m is a native month field: it takes a value like 2026-07 (YYYY-MM), so nothing was set (it holds "2026-07").`
    )
    // in the form, but no time at all: the browser drops it; put back, refused
    const dropped = await live.tool.call({ args: ["fill", "#tm", "25:99"] })
    expect(dropped.isError).toBe(true)
    expect(textOf(dropped)).toContain(`#tm is a native time field: it takes a value like 13:45`)
    expect(values()).toBe(`["13:45","2026-03-15T13:45","2026-07","2026-W28","#ff8800"]`)
    expect(evalPage("seen.length")).toBe(before)
    // a job's fill step: set and said on its row
    const job = await live.tool.call({ job: { steps: [{ action: "fill", selector: "#tm", text: "08:05" }] } })
    expect(okText(job)).toContain(`Set the time field #tm to "08:05" (it held "13:45").`)
    expect(evalPage("tm.value")).toBe("08:05")
  }, 90_000)
})
