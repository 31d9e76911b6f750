/**
 * A check whose change handler loads another page (a shop's "in stock only" filter), on the real agent-browser 0.41.2
 * and Chromium. Upstream reads the box back once it clicked it; when the page has replaced the box by then it answers
 * `Element not found: #stock` (1 run in 10 on the raw binary), and the tool ran the check again on whatever page was
 * there, which read `Checked #stock` alone, the page it led to unsaid (6 of 30 checks here), or failed when the read
 * fell between the two documents. Now the page is read once it loaded and said, with the box's state there (the
 * branch each run takes depends on the next page's timing: test/unit/checkReadBack.test.ts takes each). Judged on the
 * page's own state, read with the raw binary. A box the step before the check did not find is still waited for.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { titledPage } from "../support/servedPages.js"

// the filter reloads the page with `?stock=1`, whose box the page ticks
const shop = (next: string) =>
  titledPage(
    "Shop",
    `<div id="panel"><label><input type="checkbox" id="stock" onchange="location.search = this.checked ? '${next}' : ''"> In stock only</label></div><p id="count"></p><script>
const on = /stock=1/.test(location.search); stock.checked = on; count.textContent = on ? 'Showing 2 of 4' : 'Showing 4 of 4'
</script>`
  )

const live = liveWorld({
  files: {
    "/shop.html": shop("?stock=1"),
    "/slow.html": shop("?stock=1&delay=800"),
    "/late.html": titledPage("Late", `<div id="terms"></div>`)
  }
})

describe("a check whose change loads another page", () => {
  it("a filter that reloads at once: the check and the uncheck each say the page they led to", async () => {
    const session = await live.openedSession("/shop.html")
    const page = () => rawEval(live.world, session, "[location.href, stock.checked, count.textContent].join('|')")
    const checked = okText(await live.tool.call({ args: ["check", "#stock"] }))
    expect(checked).toMatch(/^Checked #stock\n/)
    expect(checked).toContain(`Page: Shop — ${live.url("/shop.html?stock=1")}`)
    expect(page()).toBe(`${live.url("/shop.html?stock=1")}|true|Showing 2 of 4`)
    const unchecked = okText(await live.tool.call({ args: ["uncheck", "#stock"] }))
    expect(unchecked).toMatch(/^Unchecked #stock\n/)
    expect(unchecked).toContain(`Page: Shop — ${live.url("/shop.html?")}`)
    expect(page()).toBe(`${live.url("/shop.html?")}|false|Showing 4 of 4`)
  })

  it("a filter whose next page comes 800 ms later: the page it led to is said", async () => {
    const session = await live.openedSession("/slow.html")
    const landed = live.url("/slow.html?stock=1&delay=800")
    const checked = okText(await live.tool.call({ args: ["check", "#stock"] }))
    expect(checked).toMatch(/^Checked #stock\n/)
    expect(checked).toContain(`Page: Shop — ${landed}`)
    expect(rawEval(live.world, session, "[location.href, stock.checked, count.textContent].join('|')")).toBe(
      `${landed}|true|Showing 2 of 4`
    )
  })

  it("a job's check step on the filter: the step succeeds and the next step reads the page it led to", async () => {
    const session = await live.openedSession("/shop.html")
    const steps = [
      { action: "check", selector: "#stock" },
      { action: "assertText", text: "Showing 2 of 4" }
    ]
    const job = await live.tool.call({ job: { steps } })
    expect(job.isError, okText(job)).toBe(false)
    expect(rawEval(live.world, session, "[location.href, stock.checked].join('|')")).toBe(
      `${live.url("/shop.html?stock=1")}|true`
    )
  })

  it("a box that is not there yet is still waited for: a miss before the click runs the check again", async () => {
    const session = await live.openedSession("/late.html")
    // the page adds the box 1.5 s from now (the check starts well before, and waits at most 3 s)
    const added = `setTimeout(() => { terms.innerHTML = '<label><input type="checkbox" id="agree"> I agree</label>' }, 1500)`
    okText(await live.tool.call({ args: ["eval", `${added}; true`] }))
    const checked = await live.tool.call({ args: ["check", "#agree"] })
    expect(okText(checked)).toBe("Checked #agree")
    expect(checked.details.readinessWait?.waitedMs).toBeGreaterThan(0)
    expect(rawEval(live.world, session, "agree.checked")).toBe(true)
  })
})
