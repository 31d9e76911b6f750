/**
 * A call tells its phases in order (CallContext.mark, the per-phase timing of the tool's own work in bench:core and
 * scripts/trace-call.mjs): planned, holding the session's lock, guarded, ran (upstream included), tracked, executed,
 * unlocked, presented; a call refused while planning is never locked nor run. Marking changes nothing it answers.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { type CallPhase, runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const ok = [{ reply: FakeAgentBrowser.ok({ url: "http://a.test/" }), repeat: true }]

describe("call phases", () => {
  it.live("get url: every phase, once each and in order; the answer is as unmarked", () =>
    Effect.gen(function* () {
      const phases: Array<CallPhase> = []
      const marked = yield* runToResult({ args: ["get", "url"] }, { ...call, mark: (p) => phases.push(p) })
      expect(phases).toEqual(["planned", "locked", "guarded", "ran", "tracked", "executed", "unlocked", "presented"])
      const plain = yield* runToResult({ args: ["get", "url"] }, call)
      expect(marked.content).toEqual(plain.content)
      expect(marked.isError).toBe(false)
    }).pipe(Effect.provide(fakeLayer(temp.root, ok)), Effect.scoped)
  )

  it.live("input refused while planning: planned, then presented (nothing locked or run)", () =>
    Effect.gen(function* () {
      const phases: Array<CallPhase> = []
      const refused = yield* runToResult({ args: [] }, { ...call, mark: (p) => phases.push(p) })
      expect(refused.isError).toBe(true)
      expect(phases).toEqual(["planned", "presented"])
      expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
    }).pipe(Effect.provide(fakeLayer(temp.root, ok)), Effect.scoped)
  )
})
