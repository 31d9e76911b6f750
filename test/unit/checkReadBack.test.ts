/**
 * A check whose box upstream could not read back once it clicked it (page/checkReadBack.ts), on the fake graph: the
 * step before the check found the box, so the miss came after the click. The check is not run again; the page is
 * read once it loaded: another document is said with the box's state there, the same document runs the check as
 * usual, and a box the step before it did not find is waited for as before. Real-browser counterpart:
 * test/integration/checkNavigates.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import {
  contentText,
  doneRow,
  fakeLayer,
  NO_CHALLENGE,
  openBatch,
  stepsOf,
  suiteTempRoot
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-check", cwd: temp.root }
const opened = { url: "http://a.test/shop", title: "Shop" }
const NOT_FOUND =
  "Element not found: #stock. Verify the selector, role, or name is correct and the element exists in the DOM."
const failedRow = (command: unknown, error: string) => ({ command, success: false, result: null, error })

/** The check's batch: the guard (`found`: whether it found the box), the watch's install, then the check's `error`. */
const checkBatch = (error: string): ScriptedRun => ({
  when: (r) => stepsOf(r).some((s) => s[0] === "check" || s[0] === "uncheck"),
  reply: (r) => {
    const steps = stepsOf(r)
    const at = steps.findIndex((s) => s[0] === "check" || s[0] === "uncheck")
    const rows = [...steps.slice(0, at).map((s) => doneRow(s, { result: true })), failedRow(steps[at], error)]
    return { exitCode: 1, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})

/** The read after it: the load wait, then the page (`same`: still the box's document; `box`: its state there). */
const readBack = (same: boolean, box: boolean | null): ScriptedRun => ({
  when: (r) => stepsOf(r)[0]?.[0] === "wait",
  reply: (r) => {
    const url = same ? opened.url : "http://a.test/shop?stock=1"
    const page = { same, box, title: "Shop", url, challenge: NO_CHALLENGE }
    const rows = stepsOf(r).map((s, i) => doneRow(s, i === 0 ? { state: "load" } : { result: page }))
    return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})

/** The check run alone (as usual). */
const alone: ScriptedRun = {
  when: (r) => r.args.includes("check"),
  reply: { exitCode: 0, stdout: `${JSON.stringify({ success: true, data: { checked: "#stock" }, error: null })}\n` },
  repeat: true
}

const run = (input: ReadonlyArray<string> | object, script: ReadonlyArray<ScriptedRun>) => {
  const sent: Array<ReadonlyArray<ReadonlyArray<string>>> = []
  const seen: ScriptedRun = {
    when: (r) => {
      sent.push(r.args.includes("batch") ? stepsOf(r) : [r.args.slice(r.args.indexOf("check"))])
      return false
    },
    reply: { exitCode: 0, stdout: "" },
    repeat: true
  }
  return Effect.gen(function* () {
    yield* runToResult({ args: ["open", opened.url] }, here)
    const result = yield* runToResult(Array.isArray(input) ? { args: [...input] } : input, here)
    return { result, checks: sent.filter((steps) => steps.some((s) => s[0] === "check" || s[0] === "uncheck")) }
  }).pipe(Effect.provide(fakeLayer(temp.root, [seen, openBatch(opened), ...script])))
}

describe("a check whose box upstream lost once it clicked it", () => {
  it.scoped("the page went on to another document: said with the page and the box there, not checked again", () =>
    Effect.gen(function* () {
      const { result, checks } = yield* run(["check", "#stock"], [checkBatch(NOT_FOUND), readBack(false, true)])
      // before: the whole batch ran again on the next page (`Checked #stock`, the page it led to unsaid)
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe(
        "Checked #stock\nThe page went on to another document during the check, before agent-browser read #stock " +
          "back. On this page it is checked.\nPage: Shop — http://a.test/shop?stock=1"
      )
      expect(checks).toHaveLength(1)
    })
  )

  it.scoped("a context lost between the two documents reads the same way; a box not there is said", () =>
    Effect.gen(function* () {
      const lost = "CDP error (Runtime.callFunctionOn): Cannot find context with specified id"
      const { result } = yield* run(["uncheck", "#stock"], [checkBatch(lost), readBack(false, null)])
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toBe(
        "Unchecked #stock\nThe page went on to another document during the check, before agent-browser read #stock " +
          "back. This page has no #stock.\nPage: Shop — http://a.test/shop?stock=1"
      )
    })
  )

  it.scoped("the same document (the page put a box back): the check runs alone, as usual", () =>
    Effect.gen(function* () {
      const { result, checks } = yield* run(["check", "#stock"], [checkBatch(NOT_FOUND), readBack(true, true), alone])
      expect(contentText(result.content)).toBe("Checked #stock")
      expect(checks).toHaveLength(2)
    })
  )

  it.scoped("a job's check step reads the same way: the step succeeds, with the page it led to", () =>
    Effect.gen(function* () {
      const job = { job: { steps: [{ action: "check", selector: "#stock" }] } }
      const { result, checks } = yield* run(job, [checkBatch(NOT_FOUND), readBack(false, true)])
      // before: upstream's miss ran the step again on the next page (the page unsaid), as a direct check
      expect(result.isError, contentText(result.content)).toBe(false)
      expect(contentText(result.content)).toContain("On this page it is checked.")
      expect(contentText(result.content)).toContain("http://a.test/shop?stock=1")
      expect(checks).toHaveLength(1)
    })
  )
})
