/**
 * Post-action page diagnostics over the fake graph and as pure rules: a scroll runs between its two position probes
 * in one batch process and says when nothing moved; a standalone `get text <css>` reads its visibility probe in the
 * same process; refs and selectors that may carry a secret are never probed; eval hints cost no process.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { baseSessionName, runToResult } from "../../src/program/call/ToolCall.js"
import type { ScrollPosition } from "../../src/schema/PageDiagnostics.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import { evalResultWarningOf, evalStdinHintOf, looksFunctionShaped } from "../../src/page/evalHints.js"
import {
  readScrollPosition,
  scrollDirectionOf,
  scrollEdgeOf,
  scrollMovementOf,
  scrollNoopOf
} from "../../src/page/scrollPosition.js"
import { selectorMayExposeSensitiveLiteral, textSelectorOf, textVisibilityOf } from "../../src/page/textVisibility.js"
import { call, contentText, fakeLayer, NO_CHALLENGE, openBatch, suiteTempRoot } from "../support/fakeHarness.js"
import { nextIds } from "../support/nextActions.js"

const temp = suiteTempRoot()

const stepsOf = (r: RunRequest | undefined): ReadonlyArray<ReadonlyArray<string>> =>
  JSON.parse(r?.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>

const position = (scrollY: number, paneTop = 0): ScrollPosition => ({
  scrollX: 0,
  scrollY,
  innerWidth: 800,
  innerHeight: 600,
  scrollWidth: 800,
  scrollHeight: 600,
  containerCount: 1,
  containers: [{ index: 0, tagName: "div", scrollLeft: 0, scrollTop: paneTop }]
})
const bottom: ScrollPosition = { ...position(1183), scrollHeight: 1783, containerCount: 0, containers: [] }
const evalRow = (command: ReadonlyArray<string>, result: unknown) => ({
  command,
  error: null,
  result: { origin: "http://a.test/", result },
  success: true
})
const batchReply = (rows: ReadonlyArray<unknown>): ScriptedRun => ({
  when: (r) => r.args.includes("batch"),
  reply: { exitCode: 0, stdout: JSON.stringify(rows) }
})

const scrollBatch = (before: ScrollPosition, after: ScrollPosition) =>
  batchReply([
    evalRow(["eval", "p"], before),
    { command: ["scroll", "down", "400"], error: null, result: { scrolled: true }, success: true },
    evalRow(["eval", "p"], after)
  ])

describe("scroll no-movement (fake)", () => {
  it.scoped(
    "a scroll runs between two probes in one process; nothing moved: scrollNoop, data, a line, two actions",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(requests.length).toBe(1)
        const steps = stepsOf(requests[0])
        expect(steps.map((s) => s[0])).toEqual(["eval", "scroll", "eval"])
        expect(steps[1]).toEqual(["scroll", "down", "400"])
        expect(result.isError).toBe(false)
        expect(result.details.scrollNoop).toMatchObject({
          reason: "no-observed-scroll-position-change",
          before: position(0),
          after: position(0)
        })
        expect(result.details.data).toEqual({ scrolled: false, noMovement: true })
        expect(contentText(result.content)).toBe(
          "Scroll down 400 moved nothing\nThe page fits the window: it does not scroll that way. To scroll a region " +
            "inside it: scroll <dir> <px> --selector <css>, or scrollintoview @ref."
        )
        // one snapshot -i, under the id that says why (inspect-after-mutation was the same call)
        expect(nextIds(result)).toEqual(["inspect-after-noop-scroll", "verify-noop-scroll-visually"])
        expect(result.details.nextActions?.[1]?.params?.args).toEqual([
          "--session",
          result.details.sessionName,
          "screenshot"
        ])
      }).pipe(Effect.provide(fakeLayer(temp.root, [scrollBatch(position(0), position(0))])))
  )

  it.scoped("a page already at its bottom: the headline and the line say nothing moved and where it stands", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
      expect((yield* (yield* FakeAgentBrowser).requests).length).toBe(1)
      expect(result.details.scrollNoop?.edge).toBe("bottom")
      expect(contentText(result.content)).toBe(
        "Scroll down 400 moved nothing\nThe page is already at the bottom (y 1183 of 1183)."
      )
    }).pipe(Effect.provide(fakeLayer(temp.root, [scrollBatch(bottom, bottom)])))
  )

  it.scoped("a scroll that moved the window or a container: no diagnostic, upstream's data as it was", () =>
    Effect.gen(function* () {
      const moved = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
      const pane = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
      for (const result of [moved, pane]) {
        expect(result.details.scrollNoop).toBeUndefined()
        expect(result.details.data).toEqual({ scrolled: true })
        expect(nextIds(result)).not.toContain("inspect-after-noop-scroll")
      }
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [scrollBatch(position(0), position(400)), scrollBatch(position(0), position(0, 120))])
      )
    )
  )

  it.scoped("a probe that fails adds nothing; the scroll's own failure is the call's failure", () =>
    Effect.gen(function* () {
      const probeFailed = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
      expect(probeFailed.isError).toBe(false)
      expect(probeFailed.details.scrollNoop).toBeUndefined()
      const failed = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
      expect(failed.isError).toBe(true)
      expect(failed.details.error).toContain("boom")
      expect(failed.details.scrollNoop).toBeUndefined()
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          batchReply([
            { command: ["eval", "p"], error: "Evaluation error: x", result: null, success: false },
            { command: ["scroll"], error: null, result: { scrolled: true }, success: true },
            evalRow(["eval", "p"], position(0))
          ]),
          batchReply([
            evalRow(["eval", "p"], position(0)),
            { command: ["scroll"], error: "boom", result: null, success: false },
            evalRow(["eval", "p"], position(0))
          ])
        ])
      )
    )
  )

  it.scoped("in a pinned tab: a guard that its page is in front runs first, in the same process", () =>
    Effect.gen(function* () {
      const session = baseSessionName("pi", call.piSessionId, call.cwd)
      mkdirSync(join(temp.root, "s"), { recursive: true })
      const target = join(temp.root, "s", `${session}.target`)
      writeFileSync(target, JSON.stringify({ targetId: "X", url: "about:blank", pinned: false }))
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const result = yield* runToResult({ args: ["scroll", "down", "400"] }, call)
      rmSync(target)
      const requests = yield* (yield* FakeAgentBrowser).requests
      // open with its read (in the drifted tab), tab list, tab t2, the read again, then the scroll batch
      expect(requests.length).toBe(5)
      // the pinned tab's guard (not a select, which would void refs), the probe, the scroll, the probe
      expect(stepsOf(requests[4]).map((s) => s[0])).toEqual(["eval", "eval", "scroll", "eval"])
      expect(stepsOf(requests[4])[0]?.[1]).toContain("focusMovedTo")
      expect(result.details.scrollNoop).toBeDefined()
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }, { title: "", url: "about:blank", challenge: NO_CHALLENGE }),
          {
            when: (r) => r.args.at(-1) === "list",
            reply: FakeAgentBrowser.ok({
              tabs: [
                { tabId: "t1", url: "about:blank", active: true },
                { tabId: "t2", url: "http://a.test/", active: false }
              ]
            })
          },
          { when: (r) => r.args.at(-1) === "t2", reply: FakeAgentBrowser.ok({ tabId: "t2", url: "http://a.test/" }) },
          {
            when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes("challenge"),
            reply: FakeAgentBrowser.ok({})
          },
          batchReply([
            { command: ["tab", "t2"], error: null, result: { tabId: "t2" }, success: true },
            evalRow(["eval", "p"], position(0)),
            { command: ["scroll"], error: null, result: { scrolled: true }, success: true },
            evalRow(["eval", "p"], position(0))
          ])
        ])
      )
    )
  )

  it.scoped("a session launched with --confirm-actions runs the scroll alone (no page script that could be held)", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["--confirm-actions", "evaluate", "scroll", "down"] }, call)
      const [request] = yield* (yield* FakeAgentBrowser).requests
      expect(request?.args.slice(-2)).toEqual(["scroll", "down"])
      expect(request?.stdin).toBeUndefined()
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ scrolled: true }) }])))
  )
})

const visibility = (selector: string, matchCount: number, visibleCount: number, firstMatchVisible: boolean) => ({
  selector,
  matchCount,
  visibleCount,
  firstMatchVisible,
  candidates: [{ index: 1, tagName: "h2", textPreview: "Shipping" }]
})

describe("get text selector visibility (fake)", () => {
  it.scoped("standalone: get text and its probe in one process; a hidden first match is flagged", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "text", ".panel-title"] }, call)
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.length).toBe(1)
      expect(stepsOf(requests[0]).map((s) => s.slice(0, 2))).toEqual([
        ["get", "text"],
        ["eval", expect.stringContaining("querySelectorAll")]
      ])
      expect(contentText(result.content)).toContain("Billing")
      expect(result.details.selectorTextVisibility).toMatchObject({
        reason: "first-match-hidden",
        matchCount: 2,
        visibleCount: 1
      })
      expect(result.details.selectorTextVisibilityAll).toBeUndefined()
      expect(nextIds(result)).toEqual(["inspect-visible-text-candidates"])
      expect(result.details.nextActions?.[0]?.params).toMatchObject({
        args: ["--session", result.details.sessionName, "eval", "--stdin"],
        stdin: expect.stringContaining('[".panel-title"]')
      })
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          batchReply([
            { command: ["get", "text", ".panel-title"], error: null, result: { text: "Billing" }, success: true },
            evalRow(["eval", "p"], [visibility(".panel-title", 2, 1, false)])
          ])
        ])
      )
    )
  )

  it.scoped("a selector the page refuses as CSS is selector-unsupported (not an empty text, not a parse failure)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "text", "$(rm -rf /)"] }, call)
      expect(result.details.failureCategory).toBe("selector-unsupported")
      expect(contentText(result.content)).toContain("$(rm -rf /) is not a valid CSS selector")
      expect(nextIds(result)).toEqual(["refresh-interactive-refs"])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          batchReply([
            { command: ["get", "text", "$(rm -rf /)"], error: null, result: { text: "" }, success: true },
            evalRow(["eval", "p"], [{ selector: "$(rm -rf /)", invalid: true }])
          ])
        ])
      )
    )
  )

  it.scoped("a probed read whose batch reply has no step rows runs alone (its own reply answers)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "text", ".title"] }, call)
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.map((r) => r.args.includes("batch"))).toEqual([true, false])
      expect(result.details.failureCategory).toBeUndefined()
      expect(contentText(result.content)).toContain("Alone")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok({}) },
          { reply: FakeAgentBrowser.ok({ text: "Alone" }) }
        ])
      )
    )
  )

  it.scoped("a ref or a password-field selector runs alone, unprobed", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["get", "text", "input[name=password]"] }, call)
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.map((r) => r.args.at(-1))).toEqual(["input[name=password]"])
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ text: "x" }) }])))
  )

  it.scoped("in a successful batch: one probe for every get text selector, hidden-first cases first", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["get", "text", ".a"],
            ["get", "text", ".b"],
            ["get", "text", "@e1"]
          ])
        },
        call
      )
      const requests = yield* (yield* FakeAgentBrowser).requests
      // each step its own process, then one probe
      expect(requests.length).toBe(4)
      expect(requests[3]?.args.at(-1)).toContain('[".a",".b"]')
      expect(result.details.selectorTextVisibility).toMatchObject({
        selector: ".b",
        stepIndex: 1,
        reason: "first-match-hidden"
      })
      expect(result.details.selectorTextVisibilityAll?.map((d) => d.selector)).toEqual([".b", ".a"])
      expect(nextIds(result)).toEqual(["inspect-visible-text-candidates", "inspect-visible-text-candidates-2"])
      expect(contentText(result.content)).toContain(
        "Selector warning (step 2): .b matches 3; get text read the first, which is hidden."
      )
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          ...[".a", ".b", "@e1"].map(() => ({ reply: FakeAgentBrowser.ok({ text: "t" }) })),
          {
            reply: FakeAgentBrowser.ok({
              origin: "http://a.test/",
              result: [visibility(".a", 2, 2, true), visibility(".b", 3, 1, false)]
            })
          }
        ])
      )
    )
  )
})

describe("pure rules", () => {
  it("grewBy: read from the probe, carried onto a page scroll that moved; a page that grew after no move has none", () => {
    const grown = readScrollPosition({ ...position(663), grewBy: 1200 })
    expect(grown?.grewBy).toBe(1200)
    expect(readScrollPosition({ ...position(663), grewBy: 0 })?.grewBy).toBeUndefined()
    if (grown === undefined) throw new Error("unread")
    expect(scrollMovementOf(undefined, position(0), grown).scrollPage).toMatchObject({ moved: true, grewBy: 1200 })
    expect(scrollMovementOf(undefined, grown, grown).scrollPage?.grewBy).toBeUndefined()
  })

  it("scrollEdgeOf: the edge a page scroll could not pass, or a page that fits; none for a container or mid-page", () => {
    const tall = (scrollY: number, scrollX = 0): ScrollPosition => ({
      ...position(scrollY),
      scrollX,
      scrollHeight: 1783,
      scrollWidth: 1600
    })
    expect(scrollEdgeOf("down", tall(1183))).toBe("bottom")
    expect(scrollEdgeOf(undefined, tall(1183))).toBeUndefined()
    expect(scrollDirectionOf(["scroll", "to", "top"])).toBe("up")
    expect(scrollDirectionOf(["scroll", "#pane", "left", "40"])).toBe("left")
    expect(scrollDirectionOf(["scroll"])).toBe("down")
    expect(scrollEdgeOf("down", tall(700))).toBeUndefined()
    expect(scrollEdgeOf("up", tall(0))).toBe("top")
    expect(scrollEdgeOf("up", tall(10))).toBeUndefined()
    expect(scrollEdgeOf("right", tall(0, 800))).toBe("right")
    expect(scrollEdgeOf("left", tall(0, 0))).toBe("left")
    expect(scrollEdgeOf("down", position(0))).toBe("fits")
    expect(scrollEdgeOf("down", { ...tall(1183), target: { scrollLeft: 0, scrollTop: 0 } })).toBeUndefined()
    expect(scrollNoopOf(tall(1183), tall(1183), "down")?.edge).toBe("bottom")
    expect(scrollNoopOf(tall(700), tall(700), "down")?.edge).toBeUndefined()
  })

  it("scrollNoopOf: unchanged window and containers only; a page that changed shape says nothing", () => {
    expect(scrollNoopOf(position(0), position(0))?.reason).toBe("no-observed-scroll-position-change")
    expect(scrollNoopOf(position(0), position(1))).toBeUndefined()
    expect(scrollNoopOf(position(0), position(0, 5))).toBeUndefined()
    expect(scrollNoopOf(position(0), { ...position(0), containers: [] })).toBeUndefined()
    expect(readScrollPosition({ scrollY: 1 })).toBeUndefined()
    expect(readScrollPosition(position(3))).toEqual(position(3))
  })

  it("textSelectorOf: CSS only; refs, locator engines and secret-looking literals are skipped", () => {
    expect(textSelectorOf(["get", "text", ".panel h2"])).toBe(".panel h2")
    for (const selector of [
      "@e1",
      "ref=e2",
      "xpath=//h2",
      "//h2",
      "text=Hello",
      "#password",
      'input[value="hunter2"]',
      "[data-x='sk9fA8d7F6g5H4j3K2l1Z0x9C8v7']"
    ]) {
      expect(textSelectorOf(["get", "text", selector])).toBeUndefined()
    }
    expect(textSelectorOf(["get", "html", ".a"])).toBeUndefined()
    expect(textSelectorOf(["get", "text", "body"])).toBeUndefined()
    expect(selectorMayExposeSensitiveLiteral('[data-testid="shipping-panel"]')).toBe(false)
  })

  it("textVisibilityOf: one match, or an unanswerable probe, is no hazard", () => {
    expect(textVisibilityOf([visibility(".a", 1, 0, false)], [undefined])).toEqual([])
    expect(textVisibilityOf({ invalid: true }, [undefined])).toEqual([])
    expect(textVisibilityOf([{ selector: ".a", invalid: true }], [undefined])).toEqual([])
  })

  it("evalStdinHintOf: function shapes that gave {}, statements that gave undefined; arrays and expressions do not", () => {
    for (const s of [
      "function f() { return 1 }",
      "async function () {}",
      "() => 1",
      "(a, b) => a",
      "x => x",
      "async x => x",
      "async () => 1"
    ])
      expect(looksFunctionShaped(s)).toBe(true)
    for (const s of ["(() => 1)()", "document.title", "[1].map(x => x)"]) expect(looksFunctionShaped(s)).toBe(false)
    expect(evalStdinHintOf("() => ({ a: 1 })", { result: {} })?.reason).toContain("not called")
    expect(evalStdinHintOf("() => []", { result: [] })).toBeUndefined()
    expect(evalStdinHintOf("({})", { result: {} })).toBeUndefined()
    expect(
      evalStdinHintOf("const t = document.title;", { result: null, unserializable: "undefined" })?.reason
    ).toContain("ends in a statement")
    expect(evalStdinHintOf("console.log(document.title)", { result: null, unserializable: "undefined" })).toBeDefined()
    expect(evalStdinHintOf("undefined", { result: null, unserializable: "undefined" })).toBeUndefined()
    expect(evalStdinHintOf("window.foo", { result: null, unserializable: "undefined" })).toBeUndefined()
  })

  it("evalResultWarningOf: strict null, non-trivial script, file: page only", () => {
    expect(
      evalResultWarningOf("document.querySelector('x')", { origin: "file:///a.html", result: null }, undefined)?.reason
    ).toContain("file://")
    expect(evalResultWarningOf("document.querySelector('x')", { result: null }, "file:///a.html")).toBeDefined()
    expect(
      evalResultWarningOf("document.querySelector('x')", { origin: "http://a.test/", result: null }, "file:///a.html")
    ).toBeUndefined()
    expect(evalResultWarningOf("null", { origin: "file:///a.html", result: null }, undefined)).toBeUndefined()
    expect(evalResultWarningOf("document.title", { origin: "file:///a.html", result: "" }, undefined)).toBeUndefined()
  })
})

describe("eval hints (fake)", () => {
  it.scoped("a hint costs no process and shows one line", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["eval", "--stdin"], stdin: "() => ({ t: document.title })" }, call)
      expect((yield* (yield* FakeAgentBrowser).requests).length).toBe(1)
      expect(result.details.evalStdinHint?.suggestion).toContain("(() => ({ title: document.title }))()")
      expect(contentText(result.content).split("\n")).toEqual(["{}", expect.stringMatching(/^Eval stdin hint: /)])
    }).pipe(
      Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ origin: "http://a.test/", result: {} }) }]))
    )
  )
})
