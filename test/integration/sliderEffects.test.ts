/**
 * A slider or a picker field the tool sets itself (upstream's fill would clear a slider and type into another field:
 * page/fillGuard.ts) says what its events made the page show, as a typed fill does (bench case
 * asyncx.range-output-fill): a tip slider whose `<output>`s follow it, a time field whose pickup note comes from a 150 ms
 * timer. Before, the step that set it threw its answer before anything was read, and the text was `Set the slider
 * #tip to 20 (range 0–30; it held 10).` alone. Real agent-browser 0.41.2 and Chromium; judged on the page's own state.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/tip.html": htmlPage(`<label>Tip <input type="range" id="tip" min="0" max="30" step="5" value="10"></label>
<output id="pct">10%</output> <output id="amt">Tip 4.80 EUR</output>
<label>Pickup time <input type="time" id="at"></label><p id="note"></p><script>
tip.oninput = () => { pct.value = tip.value + '%'; amt.value = 'Tip ' + (48 * tip.value / 100).toFixed(2) + ' EUR' }
at.onchange = () => setTimeout(() => { note.textContent = 'Pickup at ' + at.value + ', desk 2' }, 150)
</script>`)
  }
})

describe("a field the tool sets itself says what the page showed", () => {
  it("a slider says its outputs; a time field says the note its timer wrote", async () => {
    const session = await live.openedSession("/tip.html")
    expect(okText(await live.tool.call({ args: ["fill", "#tip", "20"] }))).toBe(
      'Set the slider #tip to 20 (range 0–30; it held 10).\nNew text: "20%"; "Tip 9.60 EUR"'
    )
    expect(rawEval(live.world, session, "[tip.value, pct.value, amt.value].join('|')")).toBe("20|20%|Tip 9.60 EUR")
    const time = okText(await live.tool.call({ args: ["fill", "#at", "09:30"] }))
    expect(time).toContain('New text: "Pickup at 09:30, desk 2"')
    expect(rawEval(live.world, session, "[at.value, note.textContent].join('|')")).toBe("09:30|Pickup at 09:30, desk 2")
  })
})
