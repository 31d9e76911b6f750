/**
 * Issue #41 item 8 over FakeAgentBrowser: an open whose load event never came (upstream: "Timed out after 25000ms
 * waiting for load state 'load'") while its page is shown answers as opened and says what is still loading; a page
 * that never arrived keeps the timeout. Real-binary counterpart: test/integration/slowResourceOpen.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { contentText, fakeLayer, NO_CHALLENGE, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const TIMED_OUT = "Timed out after 25000ms waiting for load state 'load'"
const URL = "http://a.test/shop.html"

const rows = (list: ReadonlyArray<unknown>) => ({ exitCode: 0, stdout: `${JSON.stringify(list)}\n` })
/** The open's batch fails on the load event; the read after it answers `read`. */
const script = (read: unknown): ReadonlyArray<ScriptedRun> => [
  {
    when: (r) => stepsOf(r)[0]?.[0] === "open",
    reply: (r) => rows([{ command: stepsOf(r)[0], success: false, result: null, error: TIMED_OUT }])
  },
  {
    when: (r) => stepsOf(r)[0]?.[0] === "eval",
    reply: (r) => rows([{ command: stepsOf(r)[0], success: true, result: { result: read }, error: null }]),
    repeat: true
  }
]
const settle = { settled: true, waitedMs: 150, interactiveCount: 1, textChars: 60 }

describe("open of a page whose load event never comes (#41)", () => {
  it("the classifier says it is a navigation's load-state timeout", () => {
    expect(classifyErrorText(TIMED_OUT, { stderr: "", exitCode: 1 })).toMatchObject({
      _tag: "TimedOut",
      loadState: "load",
      timeoutMs: 25_000
    })
  })

  it.scoped("a shown, usable page answers as opened and names what is still loading", () =>
    Effect.gen(function* () {
      const loading = { readyState: "interactive", pending: ["http://a.test/hang.png"] }
      const layer = fakeLayer(
        temp.root,
        script({ title: "Shop", url: URL, challenge: NO_CHALLENGE, settle: { ...settle, loading } })
      )
      const result = yield* runToResult({ args: ["open", URL] }, here).pipe(Effect.provide(layer))
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe(
        "Opened: Shop\nURL: http://a.test/shop.html\nStill loading: the page is shown and usable (its DOM is ready) but its load event has not fired; waiting on http://a.test/hang.png. Act on it as it is, or wait --load load first if you need everything."
      )
    })
  )

  it.scoped("a page that never arrived (the previous one, loaded) keeps the timeout", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(
        temp.root,
        script({ title: "Before", url: "http://a.test/before.html", challenge: NO_CHALLENGE, settle })
      )
      const result = yield* runToResult({ args: ["open", URL] }, here).pipe(Effect.provide(layer))
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("timeout")
    })
  )
})
