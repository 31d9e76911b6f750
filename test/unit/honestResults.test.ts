/**
 * Honest results over FakeAgentBrowser: a challenge page after open or a navigating click is reported (still a
 * success) with a hand-to-human next action and never retried; a select on a custom combobox fails with the combobox
 * follow-ups; a locator miss through the whole tool is selector-not-found without the marker selector.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { RunResult } from "../../src/domain/Outcome.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import {
  batchRows,
  call,
  contentText,
  fakeLayer,
  NO_CHALLENGE,
  openBatch,
  runsOpen,
  suiteTempRoot
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const URL = "http://shop.test/products"

/** A batch whose last row is an eval answering `value` (the earlier rows succeed). */
const evalBatch = (commands: ReadonlyArray<ReadonlyArray<string>>, value: unknown): Partial<RunResult> => ({
  exitCode: 0,
  stdout: JSON.stringify(
    commands.map((command, i) => ({
      command,
      success: true,
      error: null,
      result: i === commands.length - 1 ? { result: value } : { ms: 1 }
    }))
  )
})
const isBatch = (r: RunRequest) => r.args.includes("batch")
const isCommand = (name: string) => (r: RunRequest) => r.args.includes(name) && !isBatch(r)
const rest: ScriptedRun = { reply: FakeAgentBrowser.ok({}), repeat: true }

/** The open and its page read, in the open's one process. */
const openScript = (title: string, challenge: unknown, landed = URL): ReadonlyArray<ScriptedRun> => [
  openBatch({ url: landed, title }, { title, url: landed, challenge }),
  rest
]

describe("challenge pages", () => {
  it.scoped(
    "an interstitial after open: success, details.challengePage, a warning line and the hand-off, run once",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["open", URL] }, call)
        expect(result.isError).toBe(false)
        expect(result.details.challengePage).toEqual({
          kind: "interstitial",
          evidence: ['title is "Just a moment..."', "challenge element #challenge-form"]
        })
        expect(contentText(result.content)).toContain(
          'Challenge page: an anti-bot interstitial (title is "Just a moment..."; challenge element #challenge-form). It is for a human: do not solve, bypass or retry it'
        )
        expect(result.details.nextActions?.[0]).toMatchObject({
          id: "hand-challenge-to-human",
          params: { args: ["--headed", "open", URL], sessionMode: "fresh" },
          safety: expect.stringContaining("A human completes it")
        })
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(requests.filter(runsOpen).length).toBe(1)
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, openScript("Just a moment...", { ...NO_CHALLENGE, markers: ["#challenge-form"] }))
        )
      )
  )

  it.scoped("an ordinary page (an article about CAPTCHAs) gets no challenge report", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["open", URL] }, call)
      expect(result.details.challengePage).toBeUndefined()
      expect(contentText(result.content)).not.toContain("Challenge page")
      expect(result.details.nextActions?.map((a) => a.id)).not.toContain("hand-challenge-to-human")
    }).pipe(Effect.provide(fakeLayer(temp.root, openScript("How CAPTCHA works", NO_CHALLENGE))))
  )

  it.scoped("a login wall: the requested page redirected to a sign-in form", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["open", URL] }, call)
      expect(result.details.challengePage?.kind).toBe("login-wall")
      expect(result.details.nextActions?.[0]?.id).toBe("hand-challenge-to-human")
    }).pipe(
      Effect.provide(
        fakeLayer(
          temp.root,
          openScript("Sign in", { ...NO_CHALLENGE, passwords: 1 }, "http://shop.test/login?next=%2Fproducts")
        )
      )
    )
  )

  it.scoped("a click that navigates to a CAPTCHA page is judged from its navigation probe (no extra process)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["click", "#search"] }, call)
      expect(result.isError).toBe(false)
      expect(result.details.challengePage?.kind).toBe("captcha")
      expect(result.details.nextActions?.[0]?.params).toEqual({
        args: ["--headed", "open", "http://shop.test/sorry/index?q=1"],
        sessionMode: "fresh"
      })
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.filter(isBatch).length).toBe(1)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: isCommand("click"), reply: FakeAgentBrowser.ok({ clicked: "#search" }) },
          {
            when: isBatch,
            reply: evalBatch(
              [
                ["wait", "120"],
                ["wait", "--load", "load"],
                ["eval", "x"]
              ],
              {
                title: "Robot check",
                url: "http://shop.test/sorry/index?q=1",
                challenge: { ...NO_CHALLENGE, widgets: [".g-recaptcha"] }
              }
            )
          },
          rest
        ])
      )
    )
  )
})

describe("select on a custom combobox", () => {
  // the select runs after its guard's eval (page/selectGuard.ts) in one batch; the target's html is read after it
  const selectScript = (html: string): ReadonlyArray<ScriptedRun> => [
    batchRows((step) =>
      step[0] === "select" ? { selected: ["Fast"] } : step[0] === "get" ? { html } : { result: true }
    ),
    rest
  ]

  it.scoped("fails as selector-not-found with the combobox follow-ups", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["select", "#speed", "Fast"] }, call)
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("selector-not-found")
      expect(contentText(result.content)).toContain(
        '#speed is not a native <select>, so select changed nothing (upstream still answered Selected ["Fast"])'
      )
      // the generic refresh is the same snapshot -i as inspect-focused-combobox: offered once, as the latter
      expect(result.details.nextActions?.map((a) => a.id)).toEqual([
        "open-custom-combobox",
        "inspect-focused-combobox",
        "try-open-combobox-with-arrow",
        "try-open-combobox-with-enter"
      ])
      expect(result.details.nextActions?.[0]?.params).toMatchObject({
        args: expect.arrayContaining(["click", "#speed"])
      })
    }).pipe(Effect.provide(fakeLayer(temp.root, selectScript("Slow"))))
  )

  it.scoped("the same through semanticAction", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        { semanticAction: { action: "select", selector: "#speed", values: ["Fast"] } },
        call
      )
      expect(result.details.failureCategory).toBe("selector-not-found")
    }).pipe(Effect.provide(fakeLayer(temp.root, selectScript("Slow"))))
  )

  it.scoped("a native select stays a success", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["select", "#speed", "Fast"] }, call)
      expect(result.isError).toBe(false)
      expect(result.details.nextActions?.map((a) => a.id)).not.toContain("open-custom-combobox")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, selectScript('<option value="slow">Slow</option><option value="fast">Fast</option>'))
      )
    )
  )
})

describe("locator misses through the tool", () => {
  // live clock: the click waits (bounded by its 1.5 s budget) for the match to become visible before it fails
  it.live(
    "a text click matching only a hidden element: selector-not-found, refresh next action, no marker anywhere",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["find", "text", "Archive", "click"], timeoutMs: 1_500 }, call)
        expect(result.details.failureCategory).toBe("selector-not-found")
        expect(result.details.nextActions?.[0]?.id).toBe("refresh-interactive-refs")
        expect(contentText(result.content)).toContain('The first element matching text "Archive" is hidden')
        expect(JSON.stringify(result)).not.toContain("data-agent-browser-located")
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            {
              when: isCommand("find"),
              reply: FakeAgentBrowser.fail(
                "Element '[data-agent-browser-located='true']' is not visible, so the click would not reach it"
              ),
              repeat: true
            },
            { when: isCommand("snapshot"), reply: FakeAgentBrowser.ok({ origin: URL, refs: {}, snapshot: "" }) },
            rest
          ])
        )
      )
  )
})

describe("challenge pages in a visible browser", () => {
  it.scoped("the hand-off is not offered again once the browser is headed (no loop); the line asks the user", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["--headed", "open", URL], sessionMode: "fresh" }, call)
      expect(result.details.challengePage?.kind).toBe("interstitial")
      expect(result.details.nextActions?.map((a) => a.id)).not.toContain("hand-challenge-to-human")
      expect(contentText(result.content)).toContain(
        "the browser is visible: ask the user to complete it there, then continue"
      )
    }).pipe(Effect.provide(fakeLayer(temp.root, openScript("Just a moment...", NO_CHALLENGE))))
  )
})
