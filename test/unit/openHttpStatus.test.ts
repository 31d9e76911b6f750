/**
 * Issue #41 item 5: upstream's open succeeds on any HTTP status and reports none; the opened page's read carries the
 * status when it is an error, and the result says it. Real-binary counterpart: test/integration/actionEffects.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { contentText, fakeLayer, NO_CHALLENGE, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const settle = { settled: true, waitedMs: 150, interactiveCount: 1, textChars: 60 }
const opened = { url: "http://a.test/pay", title: "Payment Required" }

describe("open says an HTTP error status (#41)", () => {
  it.scoped("a 402 page: the open's text says the status", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        openBatch(opened, { ...opened, challenge: NO_CHALLENGE, settle: { ...settle, httpStatus: 402 } })
      ])
      const result = yield* runToResult({ args: ["open", opened.url] }, here).pipe(Effect.provide(layer))
      expect(result.isError).toBe(false)
      expect(contentText(result.content)).toBe(
        "Opened: Payment Required\nURL: http://a.test/pay\nHTTP status 402: the server answered with an error; the page shows what it sent."
      )
    })
  )

  it.scoped("a 200 page: nothing more is said", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [openBatch(opened, { ...opened, challenge: NO_CHALLENGE, settle })])
      const result = yield* runToResult({ args: ["open", opened.url] }, here).pipe(Effect.provide(layer))
      expect(contentText(result.content)).toBe("Opened: Payment Required\nURL: http://a.test/pay")
    })
  )
})
