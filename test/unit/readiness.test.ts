/**
 * Readiness and fill read-back, as pure rules, on the TestClock, and over the fake graph: which commands wait and for
 * how long; only a locator miss is retried (nothing ran), anything else answers at once; a wait that runs out fails
 * as selector-not-found saying how long it waited; a fill reads its field back in its own process and reports a
 * difference with lengths only; the open settle answer and an empty `snapshot -i` get a line and a next action.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import * as TestClock from "effect/TestClock"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { retryWhileMissing, withWaitedRow } from "../../src/program/page/commandBatch.js"
import { SelectorNotFound, UpstreamFailed } from "../../src/schema/ToolError.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import { fillReadScript, fillTargetOf, fillVerificationOf } from "../../src/page/fillReadback.js"
import { fillNotVerifiableOf } from "../../src/page/fillUnseen.js"
import { needsSettleNote, pageSettleOf, settleExpression } from "../../src/page/pageSettle.js"
import { isReadinessMiss, mayRetry, pauseBefore, readinessBudgetMs, waitsForTarget } from "../../src/page/readiness.js"
import { batchRows, call, contentText, doneRow, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { nextIds } from "../support/nextActions.js"

const temp = suiteTempRoot()

const stepsOf = (r: RunRequest | undefined): ReadonlyArray<ReadonlyArray<string>> =>
  JSON.parse(r?.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
const MISSING_LATE =
  "Element not found: #late. Verify the selector, role, or name is correct and the element exists in the DOM."
const miss = new SelectorNotFound({
  selector: "#late",
  reason: "no-match",
  upstreamMessage: "Element not found: #late."
})

describe("readiness rules", () => {
  it("element commands with a target wait; reads without one, waits and raw batches do not", () => {
    expect(waitsForTarget(["click", "#late"])).toBe(true)
    expect(waitsForTarget(["find", "label", "Tags", "fill", "x"])).toBe(true)
    expect(waitsForTarget(["get", "value", "#tags"])).toBe(true)
    expect(waitsForTarget(["get", "url"])).toBe(false)
    expect(waitsForTarget(["wait", "#late"])).toBe(false)
    expect(waitsForTarget(["batch"])).toBe(false)
    expect(waitsForTarget(["open", "http://a.test"])).toBe(false)
  })

  it("the wait is at most 3 s and leaves a second of the call's budget for the last attempt", () => {
    expect(readinessBudgetMs(30_000)).toBe(3_000)
    expect(readinessBudgetMs(2_500)).toBe(1_500)
    expect(readinessBudgetMs(800)).toBe(0)
    expect([1, 2, 3, 4, 5, 9].map(pauseBefore)).toEqual([100, 150, 250, 400, 500, 500])
    expect(mayRetry(2_600, 400, 3_000)).toBe(true)
    expect(mayRetry(2_700, 400, 3_000)).toBe(false)
  })

  it("only a locator miss is a readiness miss", () => {
    expect(isReadinessMiss(miss)).toBe(true)
    expect(
      isReadinessMiss(
        new UpstreamFailed({
          upstreamMessage: "Element '#b' is disabled, so the click would not reach it",
          stderr: "",
          exitCode: 1
        })
      )
    ).toBe(false)
  })

  it("a row that waited records it; its miss says how long", () => {
    const row = withWaitedRow({ command: ["click", "#late"], success: false, error: miss }, 850, 4)
    expect(row.readinessWaitMs).toBe(850)
    expect(!row.success && row.error._tag === "SelectorNotFound" ? row.error.readinessWaitMs : undefined).toBe(850)
    expect(withWaitedRow({ command: ["click", "#a"], success: true, result: null }, 0, 1)).toEqual({
      command: ["click", "#a"],
      success: true,
      result: null
    })
  })
})

describe("retryWhileMissing (TestClock)", () => {
  const scripted = (answers: ReadonlyArray<Either.Either<string, SelectorNotFound | UpstreamFailed>>) =>
    Effect.map(Ref.make(0), (count) => ({
      count,
      attempt: Effect.flatMap(
        Ref.getAndUpdate(count, (n) => n + 1),
        (n) => {
          const answer = answers[Math.min(n, answers.length - 1)]!
          return Either.isRight(answer) ? Effect.succeed(answer.right) : Effect.fail(answer.left)
        }
      )
    }))
  const missed = (r: Either.Either<string, { readonly _tag: string }>) => Either.isLeft(r) && isReadinessMiss(r.left)

  it.effect("a target that appears on the third attempt: waited the two pauses, then answered", () =>
    Effect.gen(function* () {
      const { attempt, count } = yield* scripted([Either.left(miss), Either.left(miss), Either.right("clicked")])
      const fiber = yield* Effect.fork(retryWhileMissing(3_000, attempt, missed))
      yield* TestClock.adjust("1 second")
      const waited = yield* Fiber.join(fiber)
      expect(waited).toEqual({ result: Either.right("clicked"), waitedMs: 250, attempts: 3 })
      expect(yield* Ref.get(count)).toBe(3)
    })
  )

  it.effect("a target that never appears: stops when the next pause would pass the budget, keeps the miss", () =>
    Effect.gen(function* () {
      const { attempt } = yield* scripted([Either.left(miss)])
      const fiber = yield* Effect.fork(retryWhileMissing(1_000, attempt, missed))
      yield* TestClock.adjust("5 seconds")
      const waited = yield* Fiber.join(fiber)
      // pauses 100 + 150 + 250 + 400 = 900 ms; the next (500) would end past 1 s
      expect(waited.attempts).toBe(5)
      expect(waited.waitedMs).toBe(900)
      expect(Either.isLeft(waited.result)).toBe(true)
    })
  )

  it.effect("an error after which upstream may have acted is never retried", () =>
    Effect.gen(function* () {
      const failed = new UpstreamFailed({
        upstreamMessage: "Element '#b' is disabled, so the click would not reach it",
        stderr: "",
        exitCode: 1
      })
      const { attempt, count } = yield* scripted([Either.left(failed), Either.right("clicked")])
      const waited = yield* retryWhileMissing(3_000, attempt, missed)
      expect(waited).toMatchObject({ waitedMs: 0, attempts: 1 })
      expect(yield* Ref.get(count)).toBe(1)
    })
  )
})

describe("fill read-back rules", () => {
  it("fill and find … fill are verified; a secret placeholder or a fill without text is not", () => {
    expect(fillTargetOf(["fill", "#tags", "alpha", "beta"])).toEqual({ selector: "#tags", text: "alpha beta" })
    expect(fillTargetOf(["find", "label", "Tags", "fill", "x y", "--name", "n"])).toEqual({
      selector: undefined,
      text: "x y"
    })
    expect(fillTargetOf(["fill", "#pw", "{{secret:PW}}"])).toBeUndefined()
    expect(fillTargetOf(["fill", "#tags"])).toBeUndefined()
    expect(fillTargetOf(["click", "#tags"])).toBeUndefined()
    expect(fillReadScript({ selector: "@e3", text: "x" })).toContain("null !== null")
    expect(fillReadScript({ selector: "#tags", text: "x" })).toContain(`document.querySelector("#tags")`)
  })

  it("a difference is reported with lengths only; a match, a password field or an unreadable answer is not", () => {
    const typed = { selector: "#coupon", text: "SAVE10-SECRETISH" }
    const found = fillVerificationOf(typed, { value: "", via: "value", selector: "#coupon" }, 2)
    expect(found).toMatchObject({
      status: "mismatch",
      target: "#coupon",
      verifiedWith: "get value",
      expectedLength: 16,
      observedLength: 0,
      stepIndex: 2
    })
    expect(JSON.stringify(found)).not.toContain("SAVE10")
    expect(
      fillVerificationOf({ selector: undefined, text: "ab" }, { value: "AXB", via: "text", selector: "#ed" })
    ).toMatchObject({ target: "#ed", verifiedWith: "get text", observedLength: 3 })
    expect(fillVerificationOf(typed, { value: typed.text, via: "value", selector: "#coupon" })).toBeUndefined()
    expect(fillVerificationOf(typed, { password: true })).toBeUndefined()
    expect(fillVerificationOf(typed, null)).toBeUndefined()
  })

  it("a read-only field (a date picker's input) is said to be one, so the advice is to open its widget, not to type again", () => {
    const typed = { selector: "@e2", text: "2025-03-20" }
    const found = fillVerificationOf(typed, { value: "", via: "value", selector: "#departure", readOnly: true })
    expect(found).toMatchObject({ readOnly: true, target: "@e2", observedLength: 0 })
    expect(found?.summary).toContain("read-only")
    expect(fillVerificationOf(typed, { value: "", via: "value", selector: "#departure" })).not.toHaveProperty(
      "readOnly"
    )
    expect(fillReadScript(typed)).toContain("el.readOnly === true")
  })

  it("a rich-text body (iframe, shadow root) is read inside; a frame or canvas it cannot read claims nothing", () => {
    const script = fillReadScript({ selector: "@e3", text: "x" })
    expect(script).toContain("contentDocument")
    expect(script).toContain("shadowRoot.activeElement")
    expect(fillVerificationOf({ selector: "@e3", text: "Hello there" }, { unverifiable: "frame" })).toBeUndefined()
    expect(fillVerificationOf({ selector: "@e3", text: "Hello there" }, { unverifiable: "canvas" })).toBeUndefined()
    // what it cannot see is said to be not verifiable (nothing claimed either way); what it read is not
    expect(fillNotVerifiableOf({ selector: "@e3", text: "Hello there" }, { unverifiable: "frame" }, 1)).toMatchObject({
      status: "not-verifiable",
      reason: "cross-origin-frame",
      target: "@e3",
      stepIndex: 1
    })
    expect(fillNotVerifiableOf({ selector: undefined, text: "x" }, { unverifiable: "shadow" })?.summary).toBe(
      "not verifiable: the focused field is inside a web component's closed shadow root, which a page read cannot see (a screenshot can)."
    )
    expect(
      fillNotVerifiableOf({ selector: "@e3", text: "x" }, { value: "", via: "value", selector: "#a" })
    ).toBeUndefined()
    expect(fillNotVerifiableOf({ selector: "@e3", text: "x" }, { password: true })).toBeUndefined()
    // an editor body keeps typed spaces as no-break spaces and ends in a newline: the same text
    expect(
      fillVerificationOf(
        { selector: "@e3", text: "Hello there" },
        { value: "Hello\u00a0there\n", via: "text", selector: "iframe body" }
      )
    ).toBeUndefined()
    expect(
      fillVerificationOf(
        { selector: "@e3", text: "Hello there" },
        { value: "Hello thereHello there", via: "text", selector: "iframe body" }
      )
    ).toMatchObject({ observedLength: 22 })
  })
})

describe("open settle rules", () => {
  it("decodes the settle answer; a note only when still changing or when the page shows almost nothing", () => {
    expect(pageSettleOf({ settled: true, waitedMs: 151, interactiveCount: 4 })).toEqual({
      settled: true,
      waitedMs: 151,
      interactiveCount: 4
    })
    expect(pageSettleOf({ settled: true, waitedMs: 151, interactiveCount: 0, textChars: 12 })).toEqual({
      settled: true,
      waitedMs: 151,
      interactiveCount: 0,
      textChars: 12
    })
    expect(pageSettleOf({ settled: "yes" })).toBeUndefined()
    expect(needsSettleNote({ settled: true, waitedMs: 151, interactiveCount: 4 })).toBe(false)
    expect(needsSettleNote({ settled: false, waitedMs: 1_500, interactiveCount: 4 })).toBe(true)
    expect(needsSettleNote({ settled: true, waitedMs: 151, interactiveCount: 0 })).toBe(true)
    expect(needsSettleNote({ settled: true, waitedMs: 151, interactiveCount: 0, textChars: 17 })).toBe(true)
    // a loaded page of text without controls is not "loading"
    expect(needsSettleNote({ settled: true, waitedMs: 151, interactiveCount: 0, textChars: 2_400 })).toBe(false)
    expect(settleExpression(150, 1_500)).toContain("MutationObserver")
  })
})

/** The fill's guard step (page/fillGuard.ts) on a field that is no slider. */
const GUARD = doneRow(["eval", "guard"], { result: true })
const batchOf = (rows: ReadonlyArray<unknown>): ScriptedRun => ({
  when: (r) => r.args.includes("batch"),
  reply: { exitCode: 0, stdout: JSON.stringify(rows) }
})

/**
 * A `scrollintoview` batch (its timer and text watch, the command, the read: page/actionTimers.ts): the command's row
 * fails with `error`, else answers; the watch's rows answer.
 */
const scrollBatch = (error?: string, repeat = false): ScriptedRun => ({
  when: (r) => r.args.includes("batch"),
  reply: (r) => {
    const rows = stepsOf(r).map((command) =>
      command[0] !== "scrollintoview"
        ? { command, success: true, error: null, result: { result: true } }
        : error !== undefined
          ? { command, success: false, result: null, error }
          : { command, success: true, error: null, result: { scrolled: command[1] } }
    )
    return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
  },
  ...(repeat ? { repeat: true } : {})
})
const scrollTries = (requests: ReadonlyArray<RunRequest>) =>
  requests.filter((r) => (r.stdin ?? "").includes('"scrollintoview"')).length

describe("over the fake graph", () => {
  // a target-taking command in its batch (scrollintoview, watched like a hover: the whole batch again after a miss)
  it.live("a late target: the command runs again after each miss and the result says how long it waited", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["scrollintoview", "#late"] }, call)
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(scrollTries(requests)).toBe(3)
      expect(result.isError).toBe(false)
      expect(result.details.readinessWait?.waitedMs).toBeGreaterThanOrEqual(250)
    }).pipe(Effect.provide(fakeLayer(temp.root, [scrollBatch(MISSING_LATE), scrollBatch(MISSING_LATE), scrollBatch()])))
  )

  it.live(
    "a target that never comes: selector-not-found within the call's budget, said with the wait and a snapshot next",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["scrollintoview", "#never"], timeoutMs: 2_000 }, call)
        expect(result.details.failureCategory).toBe("selector-not-found")
        expect(result.details.readinessWait?.waitedMs).toBeLessThanOrEqual(1_000)
        expect(contentText(result.content)).toMatch(
          /Still missing after waiting \d\.\d s: take a snapshot -i for current refs\./
        )
        expect(contentText(result.content)).not.toContain("do not wait")
        expect(nextIds(result)).toContain("refresh-interactive-refs")
      }).pipe(Effect.provide(fakeLayer(temp.root, [scrollBatch(MISSING_LATE.replace("#late", "#never"), true)])))
  )

  it.live("a disabled target is not retried", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["scrollintoview", "#off"] }, call)
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(scrollTries(requests)).toBe(1)
      expect(result.isError).toBe(true)
      expect(result.details.readinessWait).toBeUndefined()
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [scrollBatch("Element '#off' is disabled, so the scroll would not reach it", true)])
      )
    )
  )

  it.scoped(
    "a fill reads its field back in the same batch; a wiped field is reported with lengths and two next actions",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["fill", "#coupon", "SAVE10"] }, call)
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(requests.length).toBe(1)
        // the guard (a slider is set there instead; the focused field noted), the fill, its read-back
        expect(stepsOf(requests[0]).map((s) => s[0])).toEqual(["eval", "fill", "eval"])
        expect(result.isError).toBe(false)
        expect(contentText(result.content)).toMatch(/^The fill did not take on #coupon\./)
        expect(result.details.fillVerification).toMatchObject({
          target: "#coupon",
          expectedLength: 6,
          observedLength: 0
        })
        expect(contentText(result.content)).toContain(
          "Fill check: After fill, #coupon holds 0 character(s), not the 6 typed"
        )
        // the fill check's snapshot -i is offered once (the mutation's own snapshot -i was the same call again)
        expect(nextIds(result)).toEqual(["inspect-after-fill-verification", "verify-filled-value"])
        expect(JSON.stringify(result.details.fillVerification)).not.toContain("SAVE10")
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            batchOf([
              GUARD,
              doneRow(["fill", "#coupon", "SAVE10"], { filled: "#coupon" }),
              doneRow(["eval", "r"], { result: { value: "", via: "value", selector: "#coupon" } })
            ])
          ])
        )
      )
  )

  it.scoped(
    "a fill whose field the read cannot see: a success that says it could not verify, no fill warning or advice",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["fill", "#card", "4242"] }, call)
        expect(result.isError).toBe(false)
        expect(result.details.fillVerification).toBeUndefined()
        expect(result.details.fillNotVerifiable).toMatchObject({
          status: "not-verifiable",
          reason: "cross-origin-frame",
          target: "#card"
        })
        expect(contentText(result.content)).toContain(
          "Fill check: not verifiable: #card is inside a cross-origin frame"
        )
        expect(contentText(result.content)).not.toMatch(/holds \d+ character|keyboard type/)
        expect(nextIds(result)).not.toContain("verify-filled-value")
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            batchOf([
              GUARD,
              doneRow(["fill", "#card", "4242"], { filled: "#card" }),
              doneRow(["eval", "r"], { result: { unverifiable: "frame" } })
            ])
          ])
        )
      )
  )

  it.scoped("a job fill step reads back in its own process; the mismatch names its step", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        { job: { steps: [{ action: "fill", selector: "#coupon", text: "JOB" }] } },
        call
      )
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.length).toBe(1)
      expect(stepsOf(requests[0]).map((s) => s[0])).toEqual(["eval", "fill", "eval"])
      // a field the page rewrote took the fill: the step stands, with its check
      expect(result.isError).toBe(false)
      expect(result.details.fillVerification).toMatchObject({ stepIndex: 0, expectedLength: 3, observedLength: 1 })
      expect(contentText(result.content)).toContain("Fill check (step 1)")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          batchOf([
            GUARD,
            doneRow(["fill", "#coupon", "JOB"], { filled: "#coupon" }),
            doneRow(["eval", "r"], { result: { value: "J", via: "value", selector: "#coupon" } })
          ])
        ])
      )
    )
  )

  it.scoped(
    "snapshot -i of a page that shows almost nothing yet: one hint line, a wait and a fresh snapshot next",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
        expect(contentText(result.content)).toContain(
          "Almost nothing on the page yet (no controls, hardly any text): it may still be loading; wait, then snapshot -i."
        )
        expect(contentText(result.content).match(/loading/g)).toHaveLength(1)
        expect(nextIds(result)).toEqual(expect.arrayContaining(["wait-for-page-ui", "refresh-interactive-refs"]))
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            // snapshot -i runs with its naming read (the full tree) in one batch
            batchRows(() => ({
              origin: "http://a.test/",
              refs: { e1: { role: "heading", name: "Late widget" } },
              snapshot: '- heading "Late widget" [level=1, ref=e1]'
            })),
            { reply: FakeAgentBrowser.ok({}), repeat: true }
          ])
        )
      )
  )

  it.scoped("snapshot -i of a loaded page that simply has no controls: upstream's line, no loading hint, no wait", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
      // the page's text was read beside -i (the full tree), and it is a page of text
      // (after the read that waits for a page a click left changing)
      expect(
        stepsOf((yield* (yield* FakeAgentBrowser).requests)[0])
          .slice(0, 3)
          .map((s) => (s[0] === "eval" ? ["eval"] : s))
      ).toEqual([["eval"], ["snapshot", "-i"], ["snapshot"]])
      expect(contentText(result.content)).toContain('- heading "Terms" [ref=e1]')
      expect(contentText(result.content)).not.toMatch(/loading|wait/i)
      expect(nextIds(result)).not.toContain("wait-for-page-ui")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          {
            when: (r) => r.args.includes("batch"),
            reply: {
              exitCode: 0,
              // a row per step: the settle read (then the mark script: nothing draggable), the snapshot, the full tree
              stdout: JSON.stringify([
                doneRow(["eval", "settle"], { result: { value: null, marks: { names: [], more: 0, kinds: [] } } }),
                doneRow(["snapshot", "-i"], {
                  origin: "http://a.test/",
                  refs: { e1: { role: "heading", name: "Terms" } },
                  snapshot: '- heading "Terms" [level=1, ref=e1]'
                }),
                doneRow(["snapshot"], {
                  origin: "http://a.test/",
                  refs: { e1: { role: "heading", name: "Terms" } },
                  snapshot:
                    '- heading "Terms" [level=1, ref=e1]\n- paragraph\n  - StaticText "These terms apply to every order placed on this site from today on."'
                })
              ])
            }
          },
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
      )
    )
  )

  it.scoped("a full snapshot of an empty page says it once, with a wait next", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot"] }, call)
      expect(contentText(result.content)).toContain("(empty page)")
      expect(contentText(result.content)).toContain("Almost nothing on the page yet")
      expect(nextIds(result)).toContain("wait-for-page-ui")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { reply: FakeAgentBrowser.ok({ origin: "http://a.test/", refs: {}, snapshot: "(empty page)" }), repeat: true }
        ])
      )
    )
  )
})
