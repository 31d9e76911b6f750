/**
 * A malformed mode input (job, qa, semanticAction, an empty call) is rejected before anything runs, with a message
 * that names the field and the shape it takes; its next action points at the tool's own input reference, never at
 * upstream's `--help` (which knows none of the tool's modes), and carries no call that would fail the same way.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

describe("malformed mode inputs", () => {
  it.scoped("name the field, run nothing, and point at the input reference", () =>
    Effect.gen(function* () {
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ job: { steps: [{ kind: "fill" }] } }, "job.steps.0"],
        [{ job: { steps: [] } }, "job.steps"],
        [{ job: "fill x" }, "job"],
        [{ qa: { url: 3 } }, "qa.url"],
        [{ semanticAction: { action: "click" } }, "locator"],
        [{}, "give one of args"]
      ]
      for (const [input, words] of cases) {
        const result = yield* runToResult(input, call)
        const text = result.content.map((c) => ("text" in c ? c.text : "")).join("\n")
        expect(result.details.failureCategory, text).toBe("validation-error")
        expect(text).toContain(words)
        expect(result.details.nextActions?.map((a) => a.id)).toEqual(["read-input-reference"])
        expect(result.details.nextActions?.[0]?.params).toBeUndefined()
        expect(result.details.nextActions?.[0]?.reason).toContain("docs/TOOL_CONTRACT.md")
      }
      expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
      // a malformed command line keeps the command's own usage
      const bad = yield* runToResult({ args: ["--headed"] }, call)
      expect(bad.details.nextActions?.map((a) => a.id)).toEqual(["show-command-help"])
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({}), repeat: true }])))
  )
})
