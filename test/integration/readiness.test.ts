/**
 * Readiness without fixed sleeps, against the real agent-browser on fixtures/site/late-widget.html (its tabs and
 * "Tags" input appear 800 ms after load): element steps wait (bounded) for a target that is not there yet and say how
 * long; a target that never comes fails as selector-not-found after the wait; `open` says when the page is still
 * building; `snapshot -i` with nothing to act on says what to do; and a fill the page wiped is reported with lengths.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"
import { nextIds } from "../support/nextActions.js"

const live = liveWorld()
const late = (query = "") => `${live.site.origin}/late-widget.html${query}`
/** Read with the raw binary, independent of the tool. */
const rawValue = (session: string, selector: string) =>
  rawData<{ value: string }>(live.world, session, ["get", "value", selector]).value

describe("element steps wait for a late widget", () => {
  it("job open + fill label Tags: the fill waits for the input and the field really holds the text", async () => {
    // built 2 s after its script starts: late even when a busy machine makes the open slow (at 800 ms the input
    // could be there), and inside the 3 s readiness wait even when the open answers at once (at 3 s the wait's last
    // attempt could come just before it: open answers at DOM ready, so the wait starts near the timer's start)
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: late("?delay=2000") },
          { action: "fill", locator: "label", value: "Tags", text: "alpha, beta" }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    expect(job.details.readinessWait?.steps?.map((s) => s.index)).toEqual([1])
    expect(job.details.fillVerification).toBeUndefined()
    expect(rawValue(job.details.sessionName ?? "", "#tags")).toBe("alpha, beta")
  })

  it("job open + fill on a page still starting (its form re-rendered when the start ends): the fill comes after the start, never 'completed' over an empty field", async () => {
    for (let run = 0; run < 3; run++) {
      const job = await live.tool.call({
        job: {
          steps: [
            { action: "open", url: `${live.site.origin}/late-start.html?boot=1000` },
            { action: "fill", locator: "label", value: "Name", text: "Ada" }
          ]
        }
      })
      expect(job.isError, textOf(job)).toBe(false)
      // read once the page's start is over: what the user finds, not a value the start wiped right after the job
      live.world.raw(["--session", job.details.sessionName ?? "", "wait", "--text", "Ready"])
      expect(rawValue(job.details.sessionName ?? "", "#name"), `run ${run + 1}: ${textOf(job)}`).toBe("Ada")
    }
  })

  it("job open + click a tab by role and name: the click waits for the tabs", async () => {
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: late() },
          { action: "click", locator: "role", value: "tab", name: "Advanced" }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    expect(job.details.readinessWait?.steps?.[0]?.index).toBe(1)
    const selected = JSON.parse(
      live.world.raw([
        "--json",
        "--session",
        job.details.sessionName ?? "",
        "get",
        "attr",
        "#tab-advanced",
        "aria-selected"
      ])
    ) as { data: { value: string } }
    expect(selected.data.value).toBe("true")
  })

  it("semanticAction click on a late button waits too; an element present at once does not wait", async () => {
    // built 2 s after load: still missing when the open returns however fast the machine (800 ms was not, here)
    await live.tool.call({ args: ["open", late("?delay=2000")] })
    const click = await live.tool.call({ semanticAction: { action: "click", selector: "#tab-advanced" } })
    expect(click.isError, textOf(click)).toBe(false)
    expect(click.details.readinessWait?.waitedMs).toBeGreaterThan(0)
    const again = await live.tool.call({ semanticAction: { action: "click", selector: "#tab-general" } })
    expect(again.isError, textOf(again)).toBe(false)
    expect(again.details.readinessWait).toBeUndefined()
  })

  it("a target that never appears fails as selector-not-found after the bounded wait, with next actions", async () => {
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: late() },
          { action: "click", selector: "#never-there" }
        ]
      }
    })
    expect(job.isError).toBe(true)
    expect(job.details.failureCategory).toBe("selector-not-found")
    expect(job.details.readinessWait?.steps?.map((s) => s.index)).toEqual([1])
    expect(nextIds(job)).toContain("refresh-interactive-refs")
    const single = await live.tool.call({
      semanticAction: { action: "click", locator: "role", value: "button", name: "Nowhere" }
    })
    expect(single.isError).toBe(true)
    expect(single.details.failureCategory).toBe("selector-not-found")
    expect(single.details.readinessWait?.waitedMs).toBeGreaterThan(0)
    expect(textOf(single)).toMatch(/Still missing after waiting \d+\.\d s: take a snapshot -i/)
    expect(nextIds(single)).toContain("refresh-interactive-refs")
  })
})

describe("open on a page still building", () => {
  it("a page with nothing to act on yet: pageSettle says so, with a wait and a snapshot next", async () => {
    const opened = await live.tool.call({ args: ["open", late("?delay=60000")] })
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(opened.details.pageSettle).toMatchObject({ settled: true, interactiveCount: 0 })
    expect(textOf(opened)).toContain(
      "Almost nothing on the page yet (no controls, hardly any text): it may still be loading; wait, then snapshot -i."
    )
    expect(nextIds(opened)).toEqual(expect.arrayContaining(["wait-for-page-ui", "inspect-opened-page"]))
    // the snapshot right after: the hint was said once, the wait is still offered
    const snapshot = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(textOf(snapshot)).not.toContain("Almost nothing on the page yet")
    expect(nextIds(snapshot)).toContain("wait-for-page-ui")
  })

  it("a loaded page of text without controls: no loading hint after open or snapshot -i", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/terms.html`] })
    expect(opened.details.pageSettle).toMatchObject({ settled: true, interactiveCount: 0 })
    expect(opened.details.pageSettle?.textChars).toBeGreaterThan(100)
    const snapshot = await live.tool.call({ args: ["snapshot", "-i"] })
    for (const result of [opened, snapshot]) {
      expect(textOf(result)).not.toMatch(/loading|Almost nothing/)
      expect(nextIds(result)).not.toContain("wait-for-page-ui")
    }
  })

  it("a page that keeps changing past the cap: not settled, said with a next action", async () => {
    const opened = await live.tool.call({ args: ["open", late("?busy=80&delay=60000")] })
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(opened.details.pageSettle?.settled).toBe(false)
    expect(textOf(opened)).toMatch(/Page still changing after \d\.\d s/)
    expect(nextIds(opened)).toContain("wait-for-page-ui")
  })

  it("a page that builds its UI while the read waits: settled with its controls, no note", async () => {
    const opened = await live.tool.call({ args: ["open", late("?busy=6&delay=200")] })
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(opened.details.pageSettle).toMatchObject({ settled: true })
    expect(opened.details.pageSettle?.interactiveCount).toBeGreaterThan(0)
    expect(textOf(opened)).not.toContain("Almost nothing")
    expect(nextIds(opened)).not.toContain("wait-for-page-ui")
  })
})

describe("fill verification", () => {
  it("a fill the page wiped is reported with lengths only and the two next actions", async () => {
    await live.tool.call({ args: ["open", late("?delay=0")] })
    const fill = await live.tool.call({ args: ["fill", "#coupon", "SAVE10"] })
    expect(fill.isError, textOf(fill)).toBe(false)
    expect(fill.details.fillVerification).toMatchObject({
      status: "mismatch",
      target: "#coupon",
      verifiedWith: "get value",
      expectedLength: 6,
      observedLength: 0
    })
    expect(textOf(fill)).toContain("Fill check: After fill, #coupon holds 0 character(s), not the 6 typed")
    expect(nextIds(fill)).toEqual(expect.arrayContaining(["inspect-after-fill-verification", "verify-filled-value"]))
    expect(rawValue(fill.details.sessionName ?? "", "#coupon")).toBe("")
    // the widget wipes only once: the second fill sticks and is not flagged
    const again = await live.tool.call({ args: ["fill", "#coupon", "SAVE10"] })
    expect(again.details.fillVerification).toBeUndefined()
  })

  it("a semanticAction fill by label is checked too (the value never appears in details); a job fill step that did not take fails", async () => {
    await live.tool.call({ args: ["open", late("?delay=0")] })
    const semantic = await live.tool.call({
      semanticAction: { action: "fill", locator: "label", value: "Coupon", text: "WELCOME-2026" }
    })
    expect(semantic.isError, textOf(semantic)).toBe(false)
    expect(semantic.details.fillVerification).toMatchObject({
      target: "#coupon",
      expectedLength: 12,
      observedLength: 0
    })
    const {
      args: _args,
      effectiveArgs: _effective,
      compiledSemanticAction: _compiled,
      ...rest
    } = semantic.details as Record<string, unknown>
    expect(JSON.stringify(rest.fillVerification)).not.toContain("WELCOME")
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: late("?delay=0") },
          { action: "fill", selector: "#coupon", text: "JOB-CODE" },
          { action: "fill", selector: "#tags", text: "kept" }
        ]
      }
    })
    // a job step whose fill did not take fails there (#41: no ✓ the page contradicts); the steps after it do not run
    expect(job.isError, textOf(job)).toBe(true)
    expect(textOf(job)).toContain(
      "2. ✗ fill #coupon JOB-CODE: After fill, #coupon holds 0 character(s), not the 8 typed"
    )
    expect(textOf(job)).toContain("1/3 steps succeeded, 1 not run")
  })
})
