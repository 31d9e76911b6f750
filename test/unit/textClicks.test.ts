/**
 * A click by text names what it clicked and how many matched (issue #41 item 3); `exact` reaches upstream's
 * `--exact` from semanticAction and job steps; only a plain text click is resolved in the page first.
 */
import * as Either from "effect/Either"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, call, fakeLayer, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"
import { compileJob } from "../../src/compilers/compileJob.js"
import { compileSemanticAction } from "../../src/compilers/compileSemanticAction.js"
import { textPickOf, textPickScript } from "../../src/page/textPick.js"
import { textClickOf } from "../../src/program/refs/preResolveTextClick.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { textClickWords } from "../../src/presenters/text/textClickWords.js"

const link = { text: "nam", role: "link", name: "nam", exact: true, clickable: true }

describe("text click words", () => {
  it("the element clicked by role and name, how many matched, why this one, and the others", () => {
    const others = [
      { role: "paragraph", name: 'Click on the link "nam".' },
      { role: "generic", name: "Namibia" }
    ]
    expect(plain(textClickWords({ ...link, count: 4, others }))).toBe(
      `Clicked link "nam" (text "nam": 4 matched, this one exact, clickable; ` +
        `also paragraph "Click on the link \\"nam\\".", generic "Namibia" and 1 more)`
    )
    expect(plain(textClickWords({ ...link, count: 1, others: [] }))).toBe(
      `Clicked link "nam" (the only element with text "nam")`
    )
    const loose = { ...link, exact: false, clickable: false, role: "paragraph", name: "a nam b", count: 2 }
    const looseOthers = { ...loose, others: [others[1]!] }
    expect(plain(textClickWords(looseOthers))).toBe(
      `Clicked paragraph "a nam b" (text "nam": 2 matched, this one first; also generic "Namibia")`
    )
  })
})

describe("exact and what is resolved", () => {
  it("exact reaches --exact from semanticAction and a job step; never with a selector or a test id", () => {
    const text = { action: "click", locator: "text", value: "nam", exact: true } as const
    const sem = Either.getOrThrow(compileSemanticAction(text))
    expect(sem.args).toEqual(["find", "text", "nam", "click", "--exact"])
    const step = { action: "click", locator: "role", value: "link", name: "nam", exact: true } as const
    const job = Either.getOrThrow(compileJob({ steps: [step] }, "/"))
    expect(job.rows).toEqual([["find", "role", "link", "click", "--name", "nam", "--exact"]])
    expect(Either.isLeft(compileSemanticAction({ action: "click", selector: "#a", exact: true }))).toBe(true)
    expect(Either.isLeft(compileSemanticAction({ ...text, locator: "testid" }))).toBe(true)
  })

  it("only find text … click [--exact] is picked in the page; its script carries the words and the mode", () => {
    expect(textClickOf(["find", "text", "nam", "click"])).toEqual({ text: "nam", exact: false })
    expect(textClickOf(["find", "text", "nam", "click", "--exact"])).toEqual({ text: "nam", exact: true })
    expect(textClickOf(["find", "text", "nam", "hover"])).toBeUndefined()
    expect(textClickOf(["find", "role", "link", "click", "--name", "nam"])).toBeUndefined()
    expect(textPickScript("nam", true)).toContain(`const want = "nam", exact = true`)
    expect(textPickOf({ count: 0 })).toEqual({ count: 0 })
    const picked = { role: "link", name: "nam", path: "#nam", exact: true, clickable: true }
    expect(textPickOf({ count: 2, picked, others: [] })?.picked?.path).toBe("#nam")
    expect(textPickOf("nope")).toBeUndefined()
  })
})

const temp = suiteTempRoot()

describe("a job's text click", () => {
  it.scoped("is picked in the page, clicked by its path, and its row names the element and the matches", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ job: { steps: [{ action: "click", locator: "text", value: "nam" }] } }, call)
      const requests = yield* (yield* FakeAgentBrowser).requests
      const text = result.content.map((c) => (c as { text?: string }).text ?? "").join("\n")
      expect(text).toContain(`1. find text nam click → link "nam" (3 matched)`)
      // the picked element's click runs with the click's recorder and read around it (modes/clickStep.ts)
      expect(requests.some((r) => stepsOf(r).some((step) => step.join(" ") === "click #nam"))).toBe(true)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          batchRows((step) => (step[0] === "click" ? { clicked: "#nam" } : { result: true })),
          {
            when: (r) => r.args.includes("eval"),
            reply: FakeAgentBrowser.ok({ result: { count: 3, picked: { ...link, name: "nam", path: "#nam" } } }),
            repeat: true
          },
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
      )
    )
  )
})
