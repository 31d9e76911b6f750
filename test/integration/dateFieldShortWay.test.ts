/**
 * A date fill that did not take: the tool's first next action is the short way, and following it makes progress
 * (issue #45), against the real agent-browser and Chromium on pages built here. A native date field given an ISO date:
 * the fill types the date as the field's keys itself, and the field then holds the date. A JS date picker (its input is
 * read-only; it opens on June 2026, paged month by month): the action is one job that opens the picker and shows it,
 * so the month and the paging buttons are seen at once; one more job pages and picks. Judged on the page's own state,
 * read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const PICKER = `<label for="arrival">Arrival date</label><input id="arrival" readonly placeholder="Pick a date">
<div id="cal" role="dialog" aria-label="Choose arrival date" hidden>
<button id="prev" aria-label="Previous month">&lsaquo;</button><button id="next" aria-label="Next month">&rsaquo;</button>
<div id="days"></div></div>
<script>
const NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
  "November", "December"]
let y = 2026, m = 5
const pad = (n) => String(n).padStart(2, "0")
function render() {
  days.replaceChildren()
  for (let d = 1; d <= new Date(y, m + 1, 0).getDate(); d++) {
    const b = document.createElement("button")
    b.textContent = d
    b.setAttribute("aria-label", NAMES[m] + " " + d + ", " + y)
    b.onclick = () => { arrival.value = y + "-" + pad(m + 1) + "-" + pad(d); cal.hidden = true }
    days.append(b)
  }
}
arrival.addEventListener("click", () => { cal.hidden = false; render() })
prev.onclick = () => { m--; if (m < 0) { m = 11; y-- } render() }
next.onclick = () => { m++; if (m > 11) { m = 0; y++ } render() }
</script>`

const live = liveWorld({
  files: {
    "/native.html": htmlPage(`<label for="start">Start date</label> <input type="date" id="start">`),
    "/picker.html": htmlPage(PICKER)
  }
})
/** A page expression's value, read with the raw binary (independent of the tool). */
const pageValue = (session: string, expression: string): unknown => rawEval(live.world, session, expression)
const first = (result: ToolResult) => result.details.nextActions?.[0]
const refOf = (snapshot: string, name: string) =>
  `@${/\[ref=(e\d+)\]/.exec(snapshot.split("\n").find((l) => l.includes(`"${name}"`)) ?? "")?.[1]}`

describe("a date fill that did not take: the first next action is the short way", () => {
  it("a native date field by ref: the fill types the date's keys itself, says so, and the field holds the date", async () => {
    await live.tool.call({ args: ["open", live.url("/native.html")] })
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const field = refOf(snapshot, "Month Month")
    const fill = await live.tool.call({ args: ["fill", field, "2026-03-14"] })
    expect(fill.isError, textOf(fill)).toBe(false)
    expect(textOf(fill)).toBe(
      `Filled ${field} by typing its keys 03142026 (a native date field takes keys, not text): it now holds "2026-03-14"`
    )
    expect(pageValue(fill.details.sessionName ?? "", "start.value")).toBe("2026-03-14")
    // the raw CLI in the same run: its fill answers success and the field stays empty
    const session = fill.details.sessionName ?? ""
    pageValue(session, "(start.value = '', 1)")
    expect(JSON.parse(live.world.raw(["--json", "--session", session, "fill", "#start", "2026-03-14"])).success).toBe(
      true
    )
    expect(pageValue(session, "start.value")).toBe("")
  })

  it("a date that is not an ISO date: the fill says it did not take, with its advice, and the field stays empty", async () => {
    await live.tool.call({ args: ["open", live.url("/native.html")] })
    const fill = await live.tool.call({ args: ["fill", "#start", "March 14"] })
    expect(textOf(fill)).toContain("The fill did not take on #start.")
    expect(textOf(fill)).toContain("it is a native date field, which takes keys in its own order, not text.")
    expect(textOf(fill)).toContain('with a job type step (real keys), e.g. {"action":"type","selector":"#start"')
    expect(pageValue(fill.details.sessionName ?? "", "start.value")).toBe("")
  })

  it("a second date into the same field (left focused on its year) is typed from its first part", async () => {
    await live.tool.call({ args: ["open", live.url("/native.html")] })
    for (const [date, keys] of [
      ["2026-03-14", "03142026"],
      ["2027-01-02", "01022027"]
    ]) {
      const fill = await live.tool.call({ args: ["fill", "#start", date ?? ""] })
      expect(textOf(fill)).toBe(
        `Filled #start by typing its keys ${keys} (a native date field takes keys, not text): it now holds "${date}"`
      )
      expect(pageValue(fill.details.sessionName ?? "", "start.value")).toBe(date)
    }
  })

  it("a JS date picker: one job opens it and shows its days; one more job pages and picks the date", async () => {
    await live.tool.call({ args: ["open", live.url("/picker.html")] })
    const fill = await live.tool.call({ args: ["fill", "#arrival", "2026-03-14"] })
    expect(textOf(fill)).toContain("it is read-only")
    expect(textOf(fill)).toContain("Open it and see what opens in one job (a click step, then a snapshot step)")
    const next = first(fill)
    expect(next?.id).toBe("open-widget-and-look")
    const opened = await live.tool.call(next?.params ?? {})
    const session = fill.details.sessionName ?? ""
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(pageValue(session, "cal.hidden")).toBe(false)
    // the month it shows and its paging buttons are in the one result
    expect(textOf(opened)).toContain('button "June 1, 2026"')
    expect(textOf(opened)).toContain('button "Previous month"')
    const click = (name: string) => ({ action: "click", locator: "role", value: "button", name })
    const steps = [...[1, 2, 3].map(() => click("Previous month")), click("March 14, 2026")]
    const picked = await live.tool.call({ job: { steps } })
    expect(picked.isError, textOf(picked)).toBe(false)
    expect(pageValue(session, "arrival.value")).toBe("2026-03-14")
  })
})
