/** Session fields in the contract's shape: usedImplicitSession per session kind, and the redacted sessionRecoveryHint. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const page = { reply: FakeAgentBrowser.ok({ url: "http://h/", title: "H" }), repeat: true }

describe("session fields", () => {
  it.scoped(
    "usedImplicitSession: true for the managed session, false for an explicit one, absent when sessionless",
    () =>
      Effect.gen(function* () {
        expect((yield* runToResult({ args: ["open", "http://h/"] }, call)).details.usedImplicitSession).toBe(true)
        const explicit = yield* runToResult({ args: ["--session", "mine", "get", "url"] }, call)
        expect(explicit.details.sessionName).toBe("mine")
        expect(explicit.details.usedImplicitSession).toBe(false)
        expect((yield* runToResult({ args: ["session", "list"] }, call)).details.usedImplicitSession).toBeUndefined()
      }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch({ url: "http://h/", title: "H" }), page])))
  )

  it.scoped("sessionRecoveryHint recommends fresh with the same argv, redacted, and runs nothing", () =>
    Effect.gen(function* () {
      const active = (yield* runToResult({ args: ["open", "http://h/"] }, call)).details.sessionName
      const before = (yield* (yield* FakeAgentBrowser).requests).length
      const args = ["--proxy", "http://ada:hunter2pass@proxy.local:8080", "open", "http://h/?token=s3cr3tvalue99"]
      const result = yield* runToResult({ args }, call)
      expect(result.details.failureCategory).toBe("validation-error")
      const hint = result.details.sessionRecoveryHint
      expect(hint).toMatchObject({
        reason: "launch-flags-on-active-session",
        recommendedSessionMode: "fresh",
        flags: ["--proxy"],
        activeSession: active
      })
      expect(hint?.exampleArgs[0]).toBe("--proxy")
      expect(hint?.exampleArgs.slice(2, 3)).toEqual(["open"])
      expect(hint?.exampleParams).toEqual({ args: hint?.exampleArgs, sessionMode: "fresh" })
      const shown = JSON.stringify(result)
      expect(shown).not.toContain("hunter2pass")
      expect(shown).not.toContain("s3cr3tvalue99")
      expect((yield* (yield* FakeAgentBrowser).requests).length).toBe(before)
    }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch({ url: "http://h/", title: "H" }), page])))
  )

  it.live("a call queued behind another is planned again under the lock: it sees the browser the first launched", () =>
    Effect.gen(function* () {
      // both arrive together and are planned before either runs; the second's launch flag was fine then (no browser)
      const [first, second] = yield* Effect.all(
        [
          runToResult({ args: ["open", "http://h/"] }, call),
          runToResult({ args: ["--proxy", "http://proxy.local:8080", "open", "http://h/"] }, call)
        ],
        { concurrency: "unbounded" }
      )
      expect(first.isError).toBe(false)
      expect(second.details.sessionRecoveryHint).toMatchObject({
        reason: "launch-flags-on-active-session",
        activeSession: first.details.sessionName
      })
      expect((yield* (yield* FakeAgentBrowser).requests).filter((r) => r.args.includes("--proxy"))).toEqual([])
    }).pipe(
      Effect.provide(fakeLayer(temp.root, [{ ...openBatch({ url: "http://h/", title: "H" }), delayMs: 30 }, page])),
      Effect.scoped
    )
  )
})
