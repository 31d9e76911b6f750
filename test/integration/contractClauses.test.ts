/** Clauses of issue #28 against the real agent-browser + Chromium (fast counterparts: test/unit/contractClauses.test.ts). */
import { existsSync, statSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
})

describe("F2/V2 + F3: a caller's raw batch writes its files where it asked, and a claimed file that vanished fails closed", () => {
  it("relative screenshot and pdf steps land under the pi cwd in folders the tool created", async () => {
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["screenshot", "batch-out/new/a.png"],
        ["pdf", "batch-out/docs/b.pdf"]
      ])
    })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.successCategory).toBe("artifact-saved")
    for (const relative of ["batch-out/new/a.png", "batch-out/docs/b.pdf"])
      expect(statSync(join(live.world.root, relative)).size).toBeGreaterThan(0)
    expect(result.details.artifactVerification?.artifacts.map((a) => [a.path, a.state])).toEqual([
      [join(live.world.root, "batch-out/new/a.png"), "verified"],
      [join(live.world.root, "batch-out/docs/b.pdf"), "verified"]
    ])
    // D9/B3/F6: each row its own category and file; the screenshot named and inline
    expect(result.details.batchSteps?.map((s) => [s.successCategory, s.artifactPaths])).toEqual([
      ["artifact-saved", [join(live.world.root, "batch-out/new/a.png")]],
      ["artifact-saved", [join(live.world.root, "batch-out/docs/b.pdf")]]
    ])
    expect(result.details.imagePaths).toEqual([join(live.world.root, "batch-out/new/a.png")])
    expect(result.details.pageChangeSummary).toMatchObject({
      changeType: "artifact",
      savedFilePath: join(live.world.root, "batch-out/new/a.png")
    })
    expect(result.content.some((c) => c.type === "image" && c.mimeType === "image/png")).toBe(true)
  })

  it("a screenshot upstream called done whose file is gone before the batch ends is artifact-missing, not completed", async () => {
    const path = join(live.world.root, "batch-out/vanish/c.png")
    // the file is removed as soon as it appears, while the batch's wait step still runs
    const sweeper = setInterval(() => {
      if (existsSync(path)) unlinkSync(path)
    }, 10)
    const result = await live.tool
      .call({
        args: ["batch"],
        stdin: JSON.stringify([
          ["screenshot", path],
          ["wait", "1500"]
        ])
      })
      .finally(() => clearInterval(sweeper))
    expect(result.details.batchSteps?.map((s) => s.resultCategory)).toEqual(["success", "success"])
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("artifact-missing")
    expect(textOf(result)).toContain(`agent-browser reported a saved screenshot at ${path}, but no file is there`)
  })
})

describe("L25/X3/T3: a timed-out raw batch says which steps ran; its next action works", () => {
  it("a read-only step that timed out: steps, page, and the offered retry of that step succeeds", async () => {
    const url = `${live.site.origin}/index.html`
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["open", url],
        ["get", "title"],
        ["wait", "4000"],
        ["get", "url"]
      ]),
      timeoutMs: 2500
    })
    expect(result.details.failureCategory).toBe("timeout")
    expect(result.details.timeoutPartialProgress).toMatchObject({
      steps: [{ status: "completed" }, { status: "completed" }, { status: "unknown" }, { status: "pending" }],
      retryStep: { index: 3, args: ["wait", "4000"], retryable: true },
      // read live when the session answers again within the check (the stopped wait ends at 4 s), else step 1's report
      currentPage: { url },
      openedButPostOpenTimedOut: true
    })
    expect(textOf(result)).toContain(
      "Timeout partial progress: 2 of 4 steps completed; step 3 (wait 4000) did not finish"
    )
    const next = result.details.nextActions?.[0]
    expect(next?.id).toBe("retry-timeout-step")
    // the stopped wait still runs in the browser; the retry queues behind it and must not time out the same way
    const retried = await live.tool.call(next?.params)
    expect(retried.isError, textOf(retried)).toBe(false)
  })

  it("a step that may have acted (a slow eval): no retry; the offered snapshot -i answers", async () => {
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["get", "title"],
        ["eval", "new Promise((r) => setTimeout(() => r(1), 6000))"]
      ]),
      timeoutMs: 2500
    })
    expect(result.details.failureCategory).toBe("timeout")
    expect(result.details.timeoutPartialProgress).toMatchObject({ retryStep: { index: 2, retryable: false } })
    const next = result.details.nextActions?.[0]
    expect(next?.id).toBe("inspect-current-page-after-timeout")
    expect(next?.params?.args?.slice(-2)).toEqual(["snapshot", "-i"])
    const inspected = await live.tool.call(next?.params)
    expect(inspected.isError, textOf(inspected)).toBe(false)
  })
})

describe("O3/O2: a caller's --json keeps the visible text parseable JSON", () => {
  it("eval --json with outputPath, and a navigating click with --json: JSON.parse works, the notes are in details.notes", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const evaluated = await live.tool.call({
      args: ["--json", "eval", "--stdin"],
      stdin: "document.title",
      outputPath: "json-out/title.json"
    })
    expect(evaluated.isError, textOf(evaluated)).toBe(false)
    expect(JSON.parse(textOf(evaluated))).toMatchObject({ result: expect.any(String) })
    expect(evaluated.details.notes).toEqual([`Output file: ${join(live.world.root, "json-out/title.json")}`])
    const clicked = await live.tool.call({ args: ["--json", "click", "a[href='/about.html']"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(() => JSON.parse(textOf(clicked))).not.toThrow()
    expect(clicked.details.notes?.some((n) => n.startsWith("Page: ") && n.includes("/about.html"))).toBe(true)
  })
})

describe("Q2/Q10: qa on the real page", () => {
  it("a pass names the observed title and URL; a missing expected text reads 'expected text not found'", async () => {
    const url = `${live.site.origin}/index.html`
    const passed = await live.tool.call({ qa: { url, expectedText: "Sign in to Acme" } })
    expect(passed.isError, textOf(passed)).toBe(false)
    expect(textOf(passed)).toContain(`QA passed: Acme Sign-in — ${url} (load domcontentloaded`)
    expect(passed.details.qaPreset?.observedPage).toEqual({ title: "Acme Sign-in", url })
    const missed = await live.tool.call({ qa: { url, expectedText: "Not on this page" } })
    expect(missed.details.failureCategory).toBe("qa-failure")
    expect(missed.details.qaPreset?.failedChecks).toEqual([
      "expected text not found: Not on this page (not visible within 5000 ms)"
    ])
  })
})

describe("CF5/X14: an upstream download failure on the real binary", () => {
  it("wait --download with no download is download-not-verified; its wait --download follow-up saves one started later", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/download.html`] })
    const failed = await live.tool.call({ args: ["wait", "--download", "dl-out/late.txt", "--timeout", "1500"] })
    expect(failed.details.failureCategory, textOf(failed)).toBe("download-not-verified")
    const next = failed.details.nextActions?.[0]
    expect(next?.id).toBe("wait-for-download")
    await live.tool.call({ args: ["click", "#dl"] })
    const saved = await live.tool.call(next?.params)
    expect(saved.isError, textOf(saved)).toBe(false)
    expect(statSync(join(live.world.root, "dl-out/late.txt")).size).toBeGreaterThan(0)
  })
})

describe("P8: a missed text click on the real page", () => {
  it("says its button/link candidate fallbacks in the text", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const result = await live.tool.call({
      semanticAction: { action: "click", locator: "text", value: "No such control anywhere" }
    })
    expect(result.details.failureCategory, textOf(result)).toBe("selector-not-found")
    expect(textOf(result)).toContain(
      'Agent-browser candidate fallbacks: find role button click --name "No such control anywhere"'
    )
  })
})

describe("C7: back and reload on the real browser name the page", () => {
  it("back names the previous page's title and URL; reload its own", async () => {
    const index = `${live.site.origin}/index.html`
    await live.tool.call({ args: ["open", index] })
    await live.tool.call({ args: ["open", `${live.site.origin}/about.html`] })
    const back = await live.tool.call({ args: ["back"] })
    expect(back.isError, textOf(back)).toBe(false)
    expect(back.details.navigationSummary).toEqual({ title: "Acme Sign-in", url: index })
    expect(textOf(back)).toContain(`Page: Acme Sign-in — ${index}`)
    const reloaded = await live.tool.call({ args: ["reload"] })
    expect(reloaded.details.navigationSummary).toEqual({ title: "Acme Sign-in", url: index })
    expect(reloaded.details.pageChangeSummary).toMatchObject({ changeType: "navigation", title: "Acme Sign-in" })
  })
})

describe("X15: stream enable on the real binary", () => {
  it("enable, enable again (idempotent), both with status and disable follow-ups; the disable follow-up stops it", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const first = await live.tool.call({ args: ["stream", "enable"] })
    expect(first.isError, textOf(first)).toBe(false)
    const again = await live.tool.call({ args: ["stream", "enable"] })
    expect(again.isError, textOf(again)).toBe(false)
    expect(again.details.nextActions?.map((a) => a.id)).toEqual(["check-stream-status", "disable-stream"])
    const disable = again.details.nextActions?.[1]
    const stopped = await live.tool.call(disable?.params)
    expect(stopped.isError, textOf(stopped)).toBe(false)
  })
})

describe("D13: a redacted storage value says so on the real browser", () => {
  it("one key: valueRedacted and its reason; the whole store: valueRedactions; a benign value stays", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/download.html`] })
    await live.tool.call({ args: ["storage", "local", "set", "authToken", "d13-secret-value"] })
    const one = await live.tool.call({ args: ["storage", "local", "authToken"] })
    expect(one.details.data).toMatchObject({
      value: "[REDACTED]",
      valueRedacted: true,
      valueRedactionReason: "credential-like-key"
    })
    const all = await live.tool.call({ args: ["storage", "local"] })
    expect(all.details.data).toMatchObject({ valueRedactions: { authToken: "credential-like-key" } })
    expect(JSON.stringify(all)).not.toContain("d13-secret-value")
    expect(JSON.stringify(all.details.data)).toContain("dark")
  })
})

describe("R6: a fill into a combobox whose list opens only on ArrowDown, on the real browser", () => {
  it("find role combobox fill: comboboxFocus with the ArrowDown follow-up, which opens the list", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/combobox-focus.html`] })
    const filled = await live.tool.call({ args: ["find", "role", "combobox", "fill", "App"] })
    expect(filled.isError, textOf(filled)).toBe(false)
    expect(filled.details.comboboxFocus).toMatchObject({
      reason: "focused-combobox-without-visible-options",
      activeElement: { expanded: "false" }
    })
    const arrow = filled.details.nextActions?.find((a) => a.id === "try-open-combobox-with-arrow")
    expect(arrow).toBeDefined()
    expect((await live.tool.call(arrow?.params)).isError).toBe(false)
    const expanded = await live.tool.call({ args: ["get", "attr", "#fruit", "aria-expanded"] })
    expect(JSON.stringify(expanded.details.data)).toContain("true")
  })
})

describe("X3: a fresh-mode batch that timed out, on the real browser", () => {
  it("its retry (sessionMode fresh, no closed session named) runs", async () => {
    // the budget lets a fresh launch and its open finish on a busy machine (they took over 2.5 s there), not the wait
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["open", `${live.site.origin}/index.html`],
        ["wait", "15000"]
      ]),
      sessionMode: "fresh",
      timeoutMs: 12000
    })
    expect(result.details.failureCategory, textOf(result)).toBe("timeout")
    const retry = result.details.nextActions?.[0]
    expect(retry?.params).toMatchObject({ args: ["wait", "15000"], sessionMode: "fresh" })
    const retried = await live.tool.call(retry?.params)
    expect(retried.isError, textOf(retried)).toBe(false)
  })
})
