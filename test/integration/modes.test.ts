/** semanticAction, job and qa against the real agent-browser: compiled, run, and reported. */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

describe("semanticAction", () => {
  it("fills by label and clicks by role and name, echoing what it compiled to", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const filled = await live.tool.call({
      semanticAction: { action: "fill", locator: "label", value: "Email", text: "grace@example.com" }
    })
    expect(filled.isError, filled.details.error).toBe(false)
    expect(filled.details.compiledSemanticAction).toMatchObject({
      action: "fill",
      locator: "label",
      args: ["find", "label", "Email", "fill", "grace@example.com"]
    })
    const clicked = await live.tool.call({
      semanticAction: { action: "click", locator: "role", value: "button", name: "Sign in" }
    })
    expect(clicked.isError, clicked.details.error).toBe(false)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#who"] }))).toBe(
      `Signed in as grace@example.com\n(from ${live.site.origin})`
    )
  })

  it("a fill whose target is one current editable ref runs on that ref directly", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    await live.tool.call({ args: ["snapshot", "-i"] })
    const result = await live.tool.call({
      semanticAction: { action: "fill", locator: "label", value: "Password", text: "resolved-secret-9" }
    })
    expect(result.isError, result.details.error).toBe(false)
    const compiled = result.details.compiledSemanticAction as {
      resolvedRef?: string
      args: ReadonlyArray<string>
      executedArgs?: ReadonlyArray<string>
    }
    expect(compiled.resolvedRef).toMatch(/^@e\d+$/)
    // what the model asked stays in args; what ran is beside it
    expect(compiled.args).toEqual(["find", "label", "Password", "fill", "[REDACTED]"])
    expect(compiled.executedArgs).toEqual(["fill", compiled.resolvedRef, "[REDACTED]"])
    expect(JSON.stringify(result)).not.toContain("resolved-secret-9")
  })

  it("selects an option by selector", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const result = await live.tool.call({ semanticAction: { action: "select", selector: "#flavor", value: "choc" } })
    expect(result.isError, result.details.error).toBe(false)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#picked"] }))).toBe(`choc\n(from ${live.site.origin})`)
  })

  it("a locator that matches nothing is selector-not-found", async () => {
    const result = await live.tool.call({
      semanticAction: { action: "click", locator: "role", value: "button", name: "No such button" }
    })
    expect(result.details.failureCategory).toBe("selector-not-found")
  })
})

describe("locator misses", () => {
  it("a text click that misses offers the exact current ref and name candidates", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const result = await live.tool.call({ semanticAction: { action: "click", locator: "text", value: "Continue" } })
    expect(result.details.failureCategory).toBe("selector-not-found")
    const fallback = result.details.visibleRefFallback
    expect(fallback?.candidates[0]).toMatchObject({
      role: "button",
      name: "Continue",
      reason: expect.stringContaining("exact current button")
    })
    expect(fallback?.candidates[0]?.args?.slice(-2)).toEqual(["click", fallback?.candidates[0]?.ref])
    expect(fallback?.target).toEqual({ action: "click", locator: "text", value: "Continue" })
    expect(fallback?.snapshot.matchedRefs).toBe(1)
    const ids = result.details.nextActions?.map((a) => a.id)
    expect(ids).toEqual([
      "refresh-interactive-refs",
      "try-current-visible-ref",
      "try-button-name-candidate",
      "try-link-name-candidate"
    ])
    const retry = result.details.nextActions?.[1]?.params?.args ?? []
    const retried = await live.tool.call({ args: [...retry] })
    expect(retried.isError, retried.details.error).toBe(false)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#out"] }))).toBe(
      `continued\n(from ${live.site.origin})`
    )
  })

  it("a placeholder fill that misses offers focus on the matching field without repeating the text", async () => {
    // the wrapper's latest refs are of another page, so the fill cannot be pre-resolved and must go through find
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    await live.tool.call({ args: ["snapshot", "-i"] })
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const result = await live.tool.call({
      semanticAction: { action: "fill", locator: "placeholder", value: "Search catalog", text: "rich-input-secret" }
    })
    expect(result.details.failureCategory).toBe("selector-not-found")
    expect(result.details.nextActions?.[1]?.params?.args?.slice(-2)[0]).toBe("focus")
    expect(JSON.stringify(result.details.nextActions)).not.toContain("rich-input-secret")
    expect(textOf(result)).toContain("the fill text is not repeated here")
    // the contract's richInputRecovery: focus/click the current editable ref, never the text, never Enter
    expect(textOf(result)).toContain("Rich input recovery")
    const rich = result.details.richInputRecovery
    expect(rich?.candidates[0]).toMatchObject({
      name: "Search catalog",
      focusArgs: ["--session", result.details.sessionName, "focus", rich?.candidates[0]?.ref]
    })
    expect(rich?.nextActionIds).toEqual(["focus-current-editable-ref", "click-current-editable-ref"])
    expect(result.details.nextActions?.map((a) => a.id)).toEqual([
      "refresh-interactive-refs",
      ...(rich?.nextActionIds ?? [])
    ])
    expect(JSON.stringify(rich)).not.toContain("rich-input-secret")
    expect(result.details.nextActions?.flatMap((a) => a.params?.args ?? [])).not.toContain("Enter")
    // the focus action really focuses the field
    const focused = await live.tool.call({ args: [...(result.details.nextActions?.[1]?.params?.args ?? [])] })
    expect(focused.isError, focused.details.error).toBe(false)
  })
})

describe("job", () => {
  it("runs a sign-in flow with an explicit destination assertion and a screenshot in one call", async () => {
    const result = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: `${live.site.origin}/index.html`, loadState: "load" },
          { action: "fill", locator: "label", value: "Email", text: "ada@example.com" },
          { action: "fill", selector: "#password", text: "job-secret-pw" },
          { action: "click", locator: "role", value: "button", name: "Sign in" },
          { action: "assertUrl", url: "**/welcome.html*" },
          { action: "assertText", text: "Welcome back" },
          { action: "screenshot", path: "job/welcome.png" }
        ]
      }
    })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.batchSteps?.every((s) => s.resultCategory === "success")).toBe(true)
    expect((result.details.compiledJob as { rowCount: number }).rowCount).toBe(8)
    expect(existsSync(join(live.world.root, "job/welcome.png"))).toBe(true)
    expect(JSON.stringify(result)).not.toContain("job-secret-pw")
  })

  it("fail-fast stops later steps after a failed assertion", async () => {
    const result = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: `${live.site.origin}/index.html` },
          { action: "assertText", text: "This text is not on the page" },
          { action: "click", locator: "role", value: "button", name: "Sign in" }
        ]
      },
      timeoutMs: 30_000
    })
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("timeout")
    expect(result.details.batchSteps?.length).toBe(2)
    expect(textOf(await live.tool.call({ args: ["get", "title"] }))).toBe(`Acme Sign-in\n(from ${live.site.origin})`)
  })
})

describe("job progress and timeouts", () => {
  it("reports progress after every step as it runs", async () => {
    const seen: Array<string> = []
    const result = await live.tool.call(
      {
        job: {
          steps: [
            { action: "open", url: `${live.site.origin}/index.html` },
            { action: "snapshot" },
            { action: "assertText", text: "Sign in to Acme" }
          ]
        }
      },
      { onProgress: (p) => seen.push(`${p.step}/${p.total} ${p.success ? "ok" : "failed"} ${p.command[0]}`) }
    )
    expect(result.isError).toBe(false)
    expect(seen).toEqual(["1/3 ok open", "2/3 ok snapshot", "3/3 ok wait"])
  })

  it("a timeout says which steps completed and offers a retry only for a read-only step", async () => {
    const result = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: `${live.site.origin}/index.html` },
          { action: "wait", milliseconds: 4000 },
          { action: "click", selector: "#nope" }
        ]
      },
      timeoutMs: 2000
    })
    expect(result.details.failureCategory).toBe("timeout")
    expect(result.details.timeoutPartialProgress).toMatchObject({
      completedSteps: 1,
      totalSteps: 3,
      retryStep: { index: 2, args: ["wait", "4000"], retryable: true },
      retry: { args: ["wait", "4000"] }
    })
    expect(result.details.nextActions?.[0]).toMatchObject({ id: "retry-timeout-step" })
    expect(textOf(result)).toContain(
      "Timeout partial progress: 1 of 3 steps completed; step 2 (wait 4000) did not finish and only reads"
    )
  })
})

describe("qa", () => {
  it("passes a clean page with expected text and evidence", async () => {
    const result = await live.tool.call({
      qa: { url: `${live.site.origin}/index.html`, expectedText: "Sign in to Acme", screenshotPath: "qa/index.png" }
    })
    expect(result.isError, textOf(result)).toBe(false)
    expect(textOf(result)).toMatch(
      /^QA passed: Acme Sign-in — http:\/\/127\.0\.0\.1:\d+\/index\.html \(load domcontentloaded; no network\/console\/errors problems\)\nScreenshot: .*qa\/index\.png \(verified\)/
    )
    expect(result.details.qaPreset).toMatchObject({ passed: true, failedChecks: [] })
  })

  it("fails a page with console errors, a page error and a 404 as qa-failure, listing each", async () => {
    const result = await live.tool.call({ qa: { url: `${live.site.origin}/console.html`, loadState: "load" } })
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("qa-failure")
    const failed = result.details.qaPreset?.failedChecks.join("\n") ?? ""
    expect(failed).toMatch(/console error/)
    expect(failed).toMatch(/failed request\(s\): 404 .*missing\.json/)
    expect(textOf(result)).toMatch(/^QA failed: /)
  })
})
