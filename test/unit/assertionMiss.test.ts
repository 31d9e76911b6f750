/**
 * X13: an assertion that was not met reads as one. A job's `assertText` / `assertUrl` (and a direct `wait --text`,
 * a QA `expectedText`) that ran its wait says what was expected, for a URL where the page is, and offers to read
 * the page (`inspect-after-text-assertion-failure`, `inspect-after-url-assertion-failure`), not a timeout retry.
 * The category stays the contract's `timeout` (an upstream wait that ran out). Real-browser counterpart:
 * test/integration/contractRowsH43.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { seenTextOf } from "../../src/program/page/seenAfterMiss.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { urlGlobOf, urlGlobPredicate, waitAssertionOf } from "../../src/upstream/waitAssertion.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const textOf = (r: { readonly content: ReadonlyArray<{ readonly type: string; readonly text?: string }> }) =>
  r.content.map((c) => c.text ?? "").join("")
const isWait = (r: { readonly args: ReadonlyArray<string> }) =>
  ["--text", "--fn", "--url"].some((f) => r.args.includes(f))
/** A job that opens a page, then asserts. */
const jobOf = (step: Record<string, string>) => ({
  job: { steps: [{ action: "open", url: "http://a.test/form" }, step] }
})
const timedOut = (argv: ReadonlyArray<string>) =>
  classifyErrorText("Wait timed out after 10000ms", { stderr: "", exitCode: 1, argv })
const script = (url = "http://a.test/form"): ReadonlyArray<ScriptedRun> => [
  { when: isWait, reply: FakeAgentBrowser.fail("Wait timed out after 10000ms"), repeat: true },
  { reply: FakeAgentBrowser.ok({ url, title: "Form" }), repeat: true }
]

describe("waitAssertion: what a wait row asserts", () => {
  it("reads text and URL waits, and the glob back from its predicate", () => {
    expect(waitAssertionOf(["wait", "--text", "Welcome", "--timeout", "10000"])).toEqual({
      kind: "text",
      expected: "Welcome"
    })
    expect(waitAssertionOf(["wait", "--url", "http://a.test/done"])).toEqual({
      kind: "url",
      expected: "http://a.test/done"
    })
    for (const glob of ["**/shipping", "http://a.test/*/done?x=1", "a.b[1]/**/c*d"]) {
      expect(urlGlobOf(urlGlobPredicate(glob))).toBe(glob)
      expect(waitAssertionOf(["wait", "--fn", urlGlobPredicate(glob), "--timeout", "10000"])).toEqual({
        kind: "url",
        expected: glob
      })
    }
    expect(waitAssertionOf(["wait", "--fn", "window.ready === true"])).toBeUndefined()
    expect(waitAssertionOf(["wait", "#late"])).toBeUndefined()
    expect(waitAssertionOf(["click", "--text", "x"])).toBeUndefined()
  })

  it("the classifier attaches it to the wait's timeout; the message is the expectation", () => {
    const text = timedOut(["wait", "--text", "Welcome"])
    expect(text).toMatchObject({
      _tag: "TimedOut",
      reason: "upstream-wait",
      assertion: { kind: "text", expected: "Welcome" }
    })
    expect(text.message).toBe('the text "Welcome" was not visible on the page within 10000 ms')
    const plain = timedOut(["wait", "#late"])
    expect(plain.message).toBe("Wait timed out after 10000ms")
  })
})

describe("a job's assertion that was not met", () => {
  it.scoped("assertText: says the text was not there, offers inspect-after-text-assertion-failure (a snapshot)", () =>
    Effect.gen(function* () {
      const r = yield* runToResult(jobOf({ action: "assertText", text: "Welcome" }), call)
      expect(r.isError).toBe(true)
      expect(r.details.failureCategory).toBe("timeout")
      expect(textOf(r)).toContain(
        'Result: step 2 failed (timeout). Assertion failed: the text "Welcome" was not visible ' +
          "on the page within 10000 ms. Read what the page shows before retrying with a longer wait."
      )
      expect(textOf(r)).not.toContain("Wait timed out")
      expect(r.details.nextActions?.map((a) => a.id)).toEqual(["inspect-after-text-assertion-failure"])
      expect(r.details.nextActions?.[0]?.params?.args?.slice(-1)).toEqual(["snapshot"])
      expect(r.details.batchFailure?.failedStep.nextActions?.map((a) => a.id)).toEqual([
        "inspect-after-text-assertion-failure"
      ])
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )

  it.scoped("assertUrl: says which URL was expected and the one the page is at (read after the miss)", () =>
    Effect.gen(function* () {
      const r = yield* runToResult(jobOf({ action: "assertUrl", url: "**/done" }), call)
      expect(r.details.failureCategory).toBe("timeout")
      expect(textOf(r)).toContain(
        'Assertion failed: the URL did not match "**/done" within 10000 ms; the page is at ' +
          "http://a.test/form. Read the page the browser is on before retrying with a longer wait."
      )
      expect(r.details.nextActions?.map((a) => a.id)).toEqual(["inspect-after-url-assertion-failure"])
      expect(r.details.nextActions?.[0]?.params?.args?.slice(-2)).toEqual(["snapshot", "-i"])
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )

  it.scoped("a direct wait --text miss says what the page shows instead (one read, on the failure path only)", () =>
    Effect.gen(function* () {
      const r = yield* runToResult({ args: ["wait", "--text", "Payment accepted", "--timeout", "1500"] }, call)
      expect(r.details.failureCategory).toBe("timeout")
      expect(textOf(r)).toContain(
        'the text "Payment accepted" was not visible on the page within 10000 ms; the page shows ' +
          '"Payment declined: card expired"'
      )
      const met = yield* runToResult({ args: ["wait", "--text", "Payment declined"] }, call)
      expect(textOf(met)).toBe('The text "Payment declined" is on the page.')
      const args = (yield* Effect.flatMap(FakeAgentBrowser, (f) => f.requests)).map((q) => q.args.join(" "))
      expect(args.filter((a) => a.includes("get text body"))).toHaveLength(1)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          {
            when: (r) => r.args.includes("Payment accepted"),
            reply: FakeAgentBrowser.fail("Wait timed out after 10000ms")
          },
          {
            when: (r) => r.args.includes("body"),
            reply: FakeAgentBrowser.ok({ text: "Payment declined:\n card expired" })
          },
          { reply: FakeAgentBrowser.ok({ text: "Payment declined", waited: "text" }) }
        ])
      )
    )
  )

  it.scoped("a direct wait --url miss says where the page is (read after the miss)", () =>
    Effect.gen(function* () {
      const r = yield* runToResult({ args: ["wait", "--url", "**/checkout"] }, call)
      expect(textOf(r)).toContain(
        'the URL did not match "**/checkout" within 10000 ms; the page is at http://a.test/cart'
      )
    }).pipe(Effect.provide(fakeLayer(temp.root, script("http://a.test/cart"))))
  )

  it("a long page's text is cut at a word with an ellipsis", () => {
    const long = `${"word ".repeat(60)}end`
    const seen = seenTextOf(long)
    expect(seen.length).toBeLessThanOrEqual(161)
    expect(seen.endsWith("word…")).toBe(true)
    expect(seenTextOf("  Two\n\nlines ")).toBe("Two lines")
  })

  it.scoped("assertUrl whose URL could not be read: no URL claimed, get url offered first", () =>
    Effect.gen(function* () {
      const r = yield* runToResult(jobOf({ action: "assertUrl", url: "http://a.test/done" }), call)
      expect(textOf(r)).toContain('Assertion failed: the URL did not match "http://a.test/done" within 10000 ms. Read')
      expect(r.details.nextActions?.map((a) => a.id)).toEqual([
        "check-page-state",
        "inspect-after-url-assertion-failure"
      ])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: isWait, reply: FakeAgentBrowser.fail("Wait timed out after 10000ms") },
          { when: (r) => r.args.includes("get") && r.args.includes("url"), reply: FakeAgentBrowser.fail("page busy") },
          { reply: FakeAgentBrowser.ok({ url: "http://a.test/form", title: "Form" }), repeat: true }
        ])
      )
    )
  )

  it.scoped("qa expectedText miss: qa-failure as before, now with inspect-after-text-assertion-failure", () =>
    Effect.gen(function* () {
      const checks = { checkNetwork: false, checkConsole: false, checkErrors: false }
      const r = yield* runToResult({ qa: { url: "http://a.test/form", expectedText: "Welcome", ...checks } }, call)
      expect(r.details.failureCategory).toBe("qa-failure")
      expect(textOf(r)).toContain("expected text not found: Welcome (not visible within 5000 ms)")
      expect(r.details.qaPreset?.missedTexts).toEqual(["Welcome"])
      expect(r.details.nextActions?.map((a) => a.id)).toContain("inspect-after-text-assertion-failure")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          {
            when: (r) => r.args.includes("--text"),
            reply: FakeAgentBrowser.fail("Wait timed out after 5000ms"),
            repeat: true
          },
          { reply: FakeAgentBrowser.ok({ url: "http://a.test/form", title: "Form" }), repeat: true }
        ])
      )
    )
  )
})
