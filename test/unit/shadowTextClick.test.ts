/**
 * A text click on a control inside a shadow root (issue #45) over FakeAgentBrowser: when the page's pick names the
 * one shadow-root control (page/shadowTextPick.ts) and a fresh `snapshot -i` has exactly one clickable ref of that
 * name, the call clicks that ref and says why; otherwise upstream's text locator runs as asked (its miss names the
 * refs). The words, the pick's reading and the script's shape beside it. Real-browser counterpart:
 * test/integration/shadowTextMiss.test.ts (the page's handler counts, and the refusals).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { shadowPickSource } from "../../src/page/shadowTextPick.js"
import { textPickOf, textPickScript } from "../../src/page/textPick.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { textClickWords } from "../../src/presenters/text/textClickWords.js"
import {
  batchRows,
  call,
  commandsRun,
  contentText,
  fakeLayer,
  NO_CHALLENGE,
  openBatch,
  suiteTempRoot
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const URL = "http://blog.test/card"
const shadow = { role: "button", name: "Publish now" }

/** The page: the pick answers `pick`, the snapshot `refs`, the click's read a delivered click. */
const page = (pick: unknown, refs: Record<string, { role: string; name: string }>): ReadonlyArray<ScriptedRun> => {
  const tree = Object.entries(refs)
    .map(([ref, r]) => `- ${r.role} "${r.name}" [ref=${ref}]`)
    .join("\n")
  const result = (command: ReadonlyArray<string>): unknown =>
    command[0] === "snapshot"
      ? { origin: URL, refs, snapshot: tree }
      : command[0] === "eval" && command[1]?.includes("const want = ") === true
        ? { result: pick }
        : command[0] === "eval"
          ? {
              result: {
                title: "Card",
                url: URL,
                challenge: NO_CHALLENGE,
                click: { resolved: true, events: 1, hits: 1 }
              }
            }
          : { clicked: command[1] }
  return [
    openBatch({ url: URL, title: "Card" }, undefined, true),
    batchRows(result),
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ]
}
const clickPublish = Effect.gen(function* () {
  yield* runToResult({ args: ["open", URL] }, call)
  const result = yield* runToResult({ args: ["find", "text", "Publish now", "click"] }, call)
  return { result, commands: commandsRun(yield* (yield* FakeAgentBrowser).requests) }
})
const ranFind = (commands: ReadonlyArray<ReadonlyArray<string>>) => commands.some((c) => c[0] === "find")
const refClicks = (commands: ReadonlyArray<ReadonlyArray<string>>) =>
  commands.filter((c) => c[0] === "click" && c[1]?.startsWith("@") === true)

describe("a text click on a shadow-root control (#45)", () => {
  it.scoped("the pick names it and one ref has that name: the ref is clicked in the same call, and said so", () =>
    Effect.gen(function* () {
      const { result, commands } = yield* clickPublish
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toContain(
        `Clicked button "Publish now" (inside a shadow root, found as @e2; upstream's text locator does not read there)`
      )
      expect(result.details.effectiveArgs?.slice(-2)).toEqual(["click", "@e2"])
      expect(ranFind(commands)).toBe(false)
      expect(refClicks(commands)).toEqual([["click", "@e2"]])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, page({ count: 0, shadow }, { e1: { role: "heading", name: "Card" }, e2: shadow }))
      )
    )
  )

  it.scoped("two refs of that name (any case): nothing is clicked by ref; upstream's locator runs as asked", () =>
    Effect.gen(function* () {
      const { commands } = yield* clickPublish
      expect(ranFind(commands)).toBe(true)
      expect(refClicks(commands)).toEqual([])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, page({ count: 0, shadow }, { e2: shadow, e3: { role: "link", name: "publish  NOW" } }))
      )
    )
  )

  it.scoped("the one ref of that name is not a control, or the pick names no shadow control: runs as asked", () =>
    Effect.gen(function* () {
      const { commands } = yield* clickPublish
      expect(ranFind(commands)).toBe(true)
      expect(refClicks(commands)).toEqual([])
    }).pipe(
      Effect.provide(fakeLayer(temp.root, page({ count: 0, shadow }, { e2: { role: "heading", name: "Publish now" } })))
    )
  )

  it.scoped("no shadow control in the pick: no snapshot, upstream's locator runs as asked", () =>
    Effect.gen(function* () {
      const { commands } = yield* clickPublish
      expect(ranFind(commands)).toBe(true)
      expect(commands.some((c) => c[0] === "snapshot")).toBe(false)
    }).pipe(Effect.provide(fakeLayer(temp.root, page({ count: 0 }, { e2: shadow }))))
  )
})

/** The page for a job: its text click step's pick runs alone (one process a step), before the catch-all. */
const jobPage = (pick: unknown, refs: Record<string, { role: string; name: string }>): ReadonlyArray<ScriptedRun> => {
  const runs = page(pick, refs)
  const pickAlone: ScriptedRun = {
    when: (r) => !r.args.includes("batch") && r.args.some((a) => a.includes("const want = ")),
    reply: FakeAgentBrowser.ok({ result: pick }),
    repeat: true
  }
  return [...runs.slice(0, -1), pickAlone, ...runs.slice(-1)]
}
const jobClick = Effect.gen(function* () {
  yield* runToResult({ args: ["open", URL] }, call)
  const result = yield* runToResult(
    { job: { steps: [{ action: "click", locator: "text", value: "Publish now" }] } },
    call
  )
  return { result, commands: commandsRun(yield* (yield* FakeAgentBrowser).requests) }
})

describe("a job's text click on a shadow-root control (#45)", () => {
  it.scoped("the step clicks the one ref of that name and its row says where it was found", () =>
    Effect.gen(function* () {
      const { result, commands } = yield* jobClick
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toContain(' → button "Publish now" (inside a shadow root, found as @e2)')
      expect(ranFind(commands)).toBe(false)
      expect(refClicks(commands)).toEqual([["click", "@e2"]])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, jobPage({ count: 0, shadow }, { e1: { role: "heading", name: "Card" }, e2: shadow }))
      )
    )
  )

  it.scoped("two refs of that name: the step runs upstream's locator as asked, nothing is clicked by ref", () =>
    Effect.gen(function* () {
      const { commands } = yield* jobClick
      expect(ranFind(commands)).toBe(true)
      expect(refClicks(commands)).toEqual([])
    }).pipe(Effect.provide(fakeLayer(temp.root, jobPage({ count: 0, shadow }, { e2: shadow, e3: { ...shadow } }))))
  )
})

describe("the shadow-root pick's words and reading", () => {
  it("says what was clicked, where, by which ref and why", () => {
    const r = { text: "Publish now", count: 1, ...shadow, exact: true, clickable: true, others: [], shadowRef: "@e6" }
    expect(plain(textClickWords(r))).toBe(
      `Clicked button "Publish now" (inside a shadow root, found as @e6; upstream's text locator does not read there)`
    )
  })

  it("the pick's answer carries the shadow control; its script reads it only when nothing else matched", () => {
    expect(textPickOf({ count: 0, shadow })).toEqual({ count: 0, shadow })
    expect(textPickOf({ count: 0, shadow: { role: "button" } })).toBeUndefined()
    const script = textPickScript("Publish now", false)
    expect(script).toContain(`if (top === undefined) return { count: 0, shadow: (${shadowPickSource})(`)
    // hidden ones count as matches, the control must be in a shadow root, visible, and wholly the words (case too)
    expect(shadowPickSource).toContain("if (found.size !== 1) return undefined")
    expect(shadowPickSource).toContain("el.getRootNode() instanceof ShadowRoot")
    expect(shadowPickSource).toContain(`trimmed(el.textContent) !== want && label(el) !== want`)
  })
})
