/**
 * The deterministic benchmark (A7, `npm run bench:deterministic`) measures what it claims: its scenarios produce
 * every failure category, each with a first next action; following the first next action after a stale ref retries
 * the intended action successfully; a scenario that cannot recover lowers the rate; written saves verify; the
 * replayed bytes repeat; representative workflows report their success rate and tool calls.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { FailureCategory } from "../../src/schema/Categories.js"
import { CATEGORY_SCENARIOS } from "../../src/layers/test/bench/categoryScenarios.js"
import {
  runArtifacts,
  runCoverage,
  runReplay,
  runStaleRecovery,
  runWorkflows
} from "../../src/layers/test/bench/deterministicBench.js"
import { WORKFLOWS, type Workflow } from "../../src/layers/test/bench/workflows.js"
import type { Fixture } from "../../src/layers/test/bench/fixtureReplay.js"
import { refInText, STALE_SCENARIOS, type StaleScenario } from "../../src/layers/test/bench/staleRefRecovery.js"

const fixtures = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/agent-browser-0.41.2.json"), "utf8")
) as Record<string, Fixture>

describe("deterministic benchmark", () => {
  it("every failure category is produced as intended, each with a first next action", async () => {
    const report = await Effect.runPromise(runCoverage())
    expect(report.drifted).toEqual([])
    const produced = report.categories.filter((c) => c.producedBy.length > 0)
    expect(produced.map((c) => c.category)).toEqual([...FailureCategory.literals])
    expect(produced.filter((c) => c.firstNextAction === undefined)).toEqual([])
    expect(report.categories.find((c) => c.category === "stale-ref")?.firstNextAction).toBe("refresh-interactive-refs")
  }, 30_000)

  it("coverage reports a category no scenario produces, and a scenario that produced another than it meant", async () => {
    const withoutTimeout = CATEGORY_SCENARIOS.filter((s) => s.category !== "timeout")
    const report = await Effect.runPromise(
      runCoverage([...withoutTimeout, { ...CATEGORY_SCENARIOS[0]!, category: "tab-drift" }])
    )
    expect(report.categories.find((c) => c.category === "timeout")).toEqual({
      category: "timeout",
      producedBy: [],
      firstNextAction: undefined
    })
    expect(report.drifted).toEqual([expect.objectContaining({ intended: "tab-drift", produced: "validation-error" })])
  }, 30_000)

  it("stale refs (navigation, re-renders, a replaced daemon) recover by the first next action, and the rate can fall", async () => {
    const report = await Effect.runPromise(runStaleRecovery())
    expect(report.outcomes.map((o) => [o.failed, o.nextAction, o.recovered])).toEqual(
      STALE_SCENARIOS.map(() => ["stale-ref", "refresh-interactive-refs", true])
    )
    expect(report.rate).toBe(1)
    // the button is gone after the re-render: the fresh snapshot has no ref for it, the retry cannot happen
    const vanished: StaleScenario = {
      ...STALE_SCENARIOS[0]!,
      name: "the target leaves the page",
      disturb: (page) => Effect.sync(() => page.remove("Submit"))
    }
    const lower = await Effect.runPromise(runStaleRecovery([...STALE_SCENARIOS, vanished]))
    expect(lower.outcomes.at(-1)).toMatchObject({ failed: "stale-ref", recovered: false })
    expect(lower.rate).toBe(STALE_SCENARIOS.length / (STALE_SCENARIOS.length + 1))
  }, 30_000)

  it("workflows: each one's success, tool calls and upstream calls; a job does the form in one call; a failing one lowers the rate", async () => {
    const report = await Effect.runPromise(runWorkflows())
    expect(report.outcomes.map((o) => [o.name, o.succeeded, o.toolCalls, o.upstreamCalls])).toEqual([
      ["read a page's title", true, 2, 2],
      ["fill and submit a form by refs (one call each)", true, 4, 4],
      ["fill and submit the same form as one job", true, 1, 4],
      ["a ref gone stale after navigation, recovered by the first next action", true, 6, 5]
    ])
    expect([report.succeeded, report.successRate, report.toolCalls, report.upstreamCalls]).toEqual([4, 1, 13, 15])
    expect(report.outcomes.every((o) => o.modelBytes > 0)).toBe(true)
    // a task whose end state is not reached counts as failed, with the calls it spent
    const missed: Workflow = {
      name: "click a button the page does not have",
      run: (call) => Effect.map(call({ args: ["click", "@e99"] }), (r) => r.isError !== true)
    }
    const lower = await Effect.runPromise(runWorkflows([...WORKFLOWS, missed]))
    expect(lower.outcomes.at(-1)).toMatchObject({ succeeded: false, toolCalls: 1 })
    expect(lower.successRate).toBe(WORKFLOWS.length / (WORKFLOWS.length + 1))
  }, 30_000)

  it("a written save is artifact-saved; a claimed save never written is no success", async () => {
    const report = await Effect.runPromise(runArtifacts)
    expect(report.outcomes.map((o) => [o.written, o.category])).toEqual([
      [true, "artifact-saved"],
      [true, "artifact-saved"],
      [false, "artifact-missing"]
    ])
    expect([report.saved, report.written, report.falseSuccesses]).toEqual([2, 2, 0])
  })

  it("reads a ref the way a snapshot shows it, and no other element's", () => {
    const text = '- button "Load more" [ref=e3]\n- button "Submit" [ref=e4]'
    expect(refInText(text, { role: "button", name: "Submit" })).toBe("e4")
    expect(refInText(text, { role: "link", name: "Submit" })).toBeUndefined()
  })

  it("replays all 70 recorded replies; model-visible bytes are the same on a second run", async () => {
    const first = await Effect.runPromise(runReplay(fixtures))
    expect(first.calls).toHaveLength(70)
    expect(first.calls.every((c) => c.bytes > 0)).toBe(true)
    expect(first.medianBytes).toBeGreaterThan(0)
    const some = Object.fromEntries(Object.entries(fixtures).slice(0, 12))
    const again = await Effect.runPromise(runReplay(some))
    expect(again.calls.map((c) => [c.name, c.category, c.bytes])).toEqual(
      first.calls.slice(0, 12).map((c) => [c.name, c.category, c.bytes])
    )
  }, 60_000)
})
