/**
 * More clauses of the contract's gap list (issue #28), one case each over FakeAgentBrowser: result shapes a model or
 * an embedder reads (the failure sentence, per-step rows, artifact rows). Real-binary counterparts:
 * test/integration/contractClauses.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { fakeLayer, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")

describe("D8: failed prose ends with the contract's category sentence", () => {
  it.scoped("a failure ends with it; a success has none", () =>
    Effect.gen(function*() {
      const failed = yield* runToResult({ args: ["click", "#nope"] }, here).pipe(Effect.provide(fakeLayer(temp.root, [
        { reply: FakeAgentBrowser.fail("Element not found: #nope"), repeat: true }
      ])))
      expect(failed.details.failureCategory).toBe("upstream-error")
      expect(textOf(failed.content)).toMatch(/^Failed \(upstream-error\): [^]*\nResult category: failure; failureCategory: upstream-error; Pi tool isError: true\.$/)
      const ok = yield* runToResult({ args: ["get", "title"] }, here).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }])))
      expect(textOf(ok.content)).not.toContain("Result category")
    }))

  it.scoped("a failed batch step and a call that never ran end with it too", () =>
    Effect.gen(function*() {
      const batch = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["get", "title"], ["click", "#gone"]]) }, here).pipe(Effect.provide(fakeLayer(temp.root, [
        { when: (r) => r.args.includes("click"), reply: FakeAgentBrowser.fail("Element not found: #gone") },
        { reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }
      ])))
      expect(textOf(batch.content)).toMatch(/Result: step 2 failed \(upstream-error\)\.\nResult category: failure; failureCategory: upstream-error; Pi tool isError: true\.$/)
      const invalid = yield* runToResult({ args: ["click"], stdin: "x" }, here).pipe(Effect.provide(fakeLayer(temp.root, [])))
      expect(textOf(invalid.content)).toMatch(/Result category: failure; failureCategory: validation-error; Pi tool isError: true\.$/)
    }))
})
