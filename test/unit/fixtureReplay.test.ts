/**
 * Replays the 70 verbatim agent-browser 0.41.2 invocations through the whole tool over FakeAgentBrowser: every JSON
 * envelope shape decodes, and each failure lands in the category an agent should branch on.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "@effect/vitest"
import { type Fixture, replayInput, replayScript } from "../../src/layers/test/bench/fixtureReplay.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const fixtures = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/agent-browser-0.41.2.json"), "utf8")
) as Record<string, Fixture>
const temp = suiteTempRoot()

const replayEffect = (fixture: Fixture) =>
  runToResult(replayInput(fixture), call).pipe(Effect.provide(fakeLayer(temp.root, replayScript(fixture))))
const replay = (fixture: Fixture) => Effect.runPromise(Effect.scoped(replayEffect(fixture)))

/** The category each failing JSON fixture must get. */
const expectedFailures: Record<string, string> = {
  error_unknown_ref_after_navigation_json: "stale-ref",
  error_wait_timeout_json: "timeout",
  error_element_not_found_json: "selector-not-found",
  error_click_disabled_json: "upstream-error",
  error_nav_connection_refused_json: "upstream-error",
  error_unknown_command_json: "upstream-error",
  error_cdp_unreachable_json: "upstream-error",
  error_blocked_by_dialog_json: "upstream-error",
  error_nav_hang_outcome_unknown_json: "timeout",
  error_page_wedged_next_command_json: "upstream-error",
  confirm_required_open_json: "confirmation-required",
  batch_args_json_continue_on_error: "selector-not-found",
  batch_bail_json: "selector-not-found",
  // the recorded files are not on this machine: claimed artifacts are verified, not trusted
  wait_download_json: "download-not-verified",
  screenshot_path_json: "artifact-missing",
  screenshot_annotate_json: "artifact-missing",
  download_json: "download-not-verified"
}

const isJson = (f: Fixture) => f.argv.includes("--json") && !f.argv.includes("--version") && !f.argv.includes("--help")
const isInspection = (f: Fixture) => f.argv.includes("--version") || f.argv.includes("--help")

describe("fixture replay", () => {
  const entries = Object.entries(fixtures)

  it("covers all 70 recorded invocations", () => {
    expect(entries.length).toBe(70)
  })

  it.each(entries.filter(([, f]) => isJson(f)))("%s decodes and classifies", async (name, fixture) => {
    const result = await replay(fixture)
    expect(result.details.failureCategory).not.toBe("parse-failure")
    const expected = expectedFailures[name]
    if (expected !== undefined) {
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe(expected)
    } else {
      expect(result.details.resultCategory).toBe("success")
      expect(result.isError).toBe(false)
    }
    const data = result.details.data as
      | { lifecycle?: unknown }
      | ReadonlyArray<{ result?: { lifecycle?: unknown } }>
      | undefined
    if (Array.isArray(data)) expect(data.every((row) => row.result?.lifecycle === undefined)).toBe(true)
    else expect((data as { lifecycle?: unknown } | undefined)?.lifecycle).toBeUndefined()
  })

  it.each(entries.filter(([, f]) => isInspection(f)))(
    "%s is a plain-text inspection result",
    async (_name, fixture) => {
      const result = await replay(fixture)
      expect(result.details.successCategory).toBe("inspection")
      expect(result.details.stdout).toBe(fixture.stdout.slice(0, 4096))
    }
  )

  it.each(entries.filter(([, f]) => !isJson(f) && !isInspection(f)))(
    "%s (plain output, never requested by the tool) fails visibly",
    async (_name, fixture) => {
      const result = await replay(fixture)
      if (fixture.exitCode === 0) expect(result.details.failureCategory).toBe("parse-failure")
      else expect(result.isError).toBe(true)
    }
  )

  it.scoped("page_wedged points at tab recovery and keeps the code", () =>
    Effect.gen(function* () {
      const fixture = fixtures["error_page_wedged_next_command_json"]
      if (fixture === undefined) throw new Error("fixture missing")
      const result = yield* replayEffect(fixture)
      expect(result.details.code).toBe("page_wedged")
      expect(result.details.nextActions?.[0]?.id).toBe("list-tabs-for-recovery")
    })
  )

  it.scoped("a confirmation without a human to ask is declined (fail closed) and offers the model no confirm", () =>
    Effect.gen(function* () {
      const fixture = fixtures["confirm_required_open_json"]
      if (fixture === undefined) throw new Error("fixture missing")
      const result = yield* replayEffect(fixture)
      expect(result.details.approval).toEqual({
        action: "navigate",
        confirmationId: "r467478",
        asked: false,
        approved: false
      })
      expect((result.details.nextActions ?? []).map((a) => a.id)).not.toContain("confirm-pending-action")
    })
  )

  // real clock: the missing `#nope` is waited for (readiness) before it fails
  it("a mixed batch reports every step and the first failure", async () => {
    {
      const fixture = fixtures["batch_args_json_continue_on_error"]
      if (fixture === undefined) throw new Error("fixture missing")
      const result = await replay(fixture)
      expect(result.details.batchSteps?.map((s) => s.resultCategory)).toEqual([
        "success",
        "success",
        "failure",
        "success"
      ])
      expect(result.details.batchSteps?.[2]?.failureCategory).toBe("selector-not-found")
      expect(result.content[0]?.type === "text" && result.content[0].text).toContain(
        "Result: step 3 failed (selector-not-found)."
      )
    }
  })
})
