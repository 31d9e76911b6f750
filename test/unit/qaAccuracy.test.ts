/**
 * `qa` accuracy against the contract's `qa` section: pending requests are not failures, the benign icon rule is
 * exact and reported in the warnings, attached QA keeps (and says it keeps) the diagnostic buffers, and the
 * attached preflight refuses non-http(s) pages before any QA step runs.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { compileQa } from "../../src/compilers/compileQa.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { CompiledQa } from "../../src/domain/Compiled.js"
import type { StepRow } from "../../src/domain/Outcome.js"
import { evaluateQa } from "../../src/compilers/evaluateQa.js"
import { isBenignAssetFailure, requestOutcome } from "../../src/upstream/requestOutcome.js"
import { call, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const compiled = (qa: Parameters<typeof compileQa>[0]): CompiledQa => Either.getOrThrow(compileQa(qa, "/work"))
const ok = (command: ReadonlyArray<string>, result: unknown = {}): StepRow => ({ command, success: true, result })
/** The rows a compiled QA batch answers, with the given network requests. */
const rowsOf = (qa: CompiledQa, requests: ReadonlyArray<Record<string, unknown>>): ReadonlyArray<StepRow> =>
  qa.rows.map((row) =>
    row.join(" ") === "network requests"
      ? ok(row, { requests })
      : row[0] === "console"
        ? ok(row, { messages: [] })
        : row[0] === "errors"
          ? ok(row, { errors: [] })
          : ok(row)
  )

describe("request outcomes (the contract's benign asset rule)", () => {
  it("a request with no status yet is pending, not failed", () => {
    expect(requestOutcome({ url: "http://h/api/poll", resourceType: "Fetch" })).toBe("pending")
    expect(requestOutcome({ url: "http://h/", status: 200 })).toBe("ok")
    expect(requestOutcome({ url: "http://h/api", status: 503 })).toBe("failure")
    expect(requestOutcome({ url: "http://h/api", error: "net::ERR_FAILED" })).toBe("failure")
  })

  it("icon failures are benign only by 404, failed or error, with an image-like or absent type", () => {
    expect(isBenignAssetFailure({ url: "http://h/favicon.ico", status: 404, resourceType: "Other" })).toBe(true)
    expect(
      isBenignAssetFailure({ url: "http://h/static/favicon-32x32.png?v=2", status: 404, resourceType: "Image" })
    ).toBe(true)
    expect(isBenignAssetFailure({ url: "http://h/favicon.svg", failed: true, mimeType: "image/svg+xml" })).toBe(true)
    expect(isBenignAssetFailure({ url: "http://h/apple-touch-icon-precomposed.png", error: "net::ERR_ABORTED" })).toBe(
      true
    )
    // a status-only 500 on the icon path stays actionable
    expect(requestOutcome({ url: "http://h/favicon.ico", status: 500 })).toBe("failure")
    // not an image-like resource
    expect(requestOutcome({ url: "http://h/favicon.ico", status: 404, resourceType: "Document" })).toBe("failure")
    // not the icon basename
    expect(requestOutcome({ url: "http://h/favicon.ico.js", status: 404 })).toBe("failure")
    expect(requestOutcome({ url: "http://h/apple-touch-icon.jpg", status: 404 })).toBe("failure")
    // not failed at all
    expect(isBenignAssetFailure({ url: "http://h/favicon.ico", status: 200 })).toBe(false)
  })
})

describe("the qa verdict", () => {
  it("passes a long-poll page and reports the benign icon failure in the warnings", () => {
    const qa = compiled({ url: "http://h/" })
    const verdict = evaluateQa(
      qa,
      rowsOf(qa, [
        { url: "http://h/", status: 200, resourceType: "Document" },
        { url: "http://h/api/poll", resourceType: "Fetch" },
        { url: "http://h/favicon.ico", status: 404, resourceType: "Other" }
      ])
    )
    expect(verdict).toEqual({
      passed: true,
      failedChecks: [],
      warnings: ["1 benign network request failure(s) ignored"],
      summary: "QA preset passed with warnings: 1 benign network request failure(s) ignored"
    })
  })

  it("an icon 500 and a failed API call stay actionable", () => {
    const qa = compiled({ url: "http://h/" })
    const verdict = evaluateQa(
      qa,
      rowsOf(qa, [
        { url: "http://h/favicon.ico", status: 500 },
        { url: "http://h/api", status: 502 }
      ])
    )
    expect(verdict.passed).toBe(false)
    expect(verdict.failedChecks).toEqual(["2 failed request(s): 500 http://h/favicon.ico, 502 http://h/api"])
    expect(verdict.warnings).toEqual([])
  })

  it("URL QA resets the buffers first; attached QA does not, and says so when it reads them", () => {
    const byUrl = compiled({ url: "http://h/" })
    expect(byUrl.checks).toMatchObject({ attached: false, url: "http://h/", diagnosticsResetAtStart: true })
    expect(byUrl.rows.slice(0, 3)).toEqual([
      ["network", "requests", "--clear"],
      ["console", "--clear"],
      ["errors", "--clear"]
    ])

    const attached = compiled({ attached: true, checkNetwork: true })
    expect(attached.checks).toEqual({
      network: true,
      console: false,
      errors: false,
      attached: true,
      diagnosticsResetAtStart: false
    })
    expect(attached.rows.some((r) => r.includes("--clear"))).toBe(false)
    const verdict = evaluateQa(attached, rowsOf(attached, []))
    expect(verdict.passed).toBe(true)
    expect(verdict.warnings).toEqual([
      "diagnostic buffers were preserved, not cleared: network may include events from before this check"
    ])

    // no diagnostics enabled: nothing preserved is read, nothing to warn about
    const quiet = compiled({ attached: true })
    expect(evaluateQa(quiet, rowsOf(quiet, [])).warnings).toEqual([])
  })
})

describe("qa.attached preflight", () => {
  const getUrl = (url: string) => ({
    when: (r: { args: ReadonlyArray<string> }) => r.args.slice(-2).join(" ") === "get url",
    reply: FakeAgentBrowser.ok({ url })
  })
  const anyOk = { reply: FakeAgentBrowser.ok({ url: "about:blank", title: "" }), repeat: true }

  it.scoped(
    "a non-http page fails as validation-error with the tab and snapshot recovery actions, and no QA step runs",
    () =>
      Effect.gen(function* () {
        yield* runToResult({ args: ["open", "about:blank"] }, call)
        const before = (yield* (yield* FakeAgentBrowser).requests).length
        const result = yield* runToResult({ qa: { attached: true, checkNetwork: true } }, call)
        expect(result.details.failureCategory).toBe("validation-error")
        expect(result.details.validationError).toContain("about:blank")
        const session = result.details.sessionName ?? ""
        expect(result.details.nextActions).toEqual([
          expect.objectContaining({
            id: "list-tabs-before-qa-attached",
            params: { args: ["--session", session, "tab", "list"] }
          }),
          expect.objectContaining({
            id: "snapshot-before-qa-attached",
            params: { args: ["--session", session, "snapshot", "-i"] }
          })
        ])
        const ran = (yield* (yield* FakeAgentBrowser).requests).slice(before).map((r) => r.args.slice(-2).join(" "))
        expect(ran).toEqual(["get url"])
        expect(result.details.qaPreset).toBeUndefined()
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [openBatch({ url: "about:blank", title: "" }), getUrl("about:blank"), anyOk])
        )
      )
  )

  it.scoped("no browser yet: refused before anything runs", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ qa: { attached: true } }, call)
      expect(result.details.failureCategory).toBe("validation-error")
      expect(result.details.validationError).toContain("has none yet")
      expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
    }).pipe(Effect.provide(fakeLayer(temp.root, [])))
  )

  it.scoped("a get url failure is a validation-error too", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://h/"] }, call)
      const result = yield* runToResult({ qa: { attached: true } }, call)
      expect(result.details.failureCategory).toBe("validation-error")
      expect(result.details.validationError).toContain("could not read the current page URL")
      expect(result.details.nextActions?.map((a) => a.id)).toEqual([
        "list-tabs-before-qa-attached",
        "snapshot-before-qa-attached"
      ])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://h/", title: "H" }),
          { when: (r) => r.args.slice(-2).join(" ") === "get url", reply: FakeAgentBrowser.fail("No active page") },
          { reply: FakeAgentBrowser.ok({ url: "http://h/", title: "H" }), repeat: true }
        ])
      )
    )
  )
})
