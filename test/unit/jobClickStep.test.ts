/**
 * A job's click, key press or hover step runs with the direct one's watch and read in its own process
 * (program/modes/clickStep.ts, pressStep.ts, timedStep.ts): its row says the console errors, the heading it changed,
 * the alert it opened and the text it showed, and a click that navigated says the page it led to; a step that changed
 * nothing is counted, not written. On the fake graph, one upstream process per
 * step. Real-browser counterpart: test/integration/jobClickEffects.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { TIMED_READ, timedActionRows } from "../../src/page/actionTimers.js"
import { PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../src/page/clickEffects.js"
import { CLICK_READ_EXPRESSION, CLICK_STAYED_GATE } from "../../src/page/clickRecorder.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { throwValueStatement } from "../../src/upstream/wire.js"
import { batchRows, doneRow, fakeLayer, stepsOf, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")

/** The message a read that threw its value fails with (upstream/wire.ts), as upstream reports it. */
const thrownMessage = (value: unknown): string => {
  const statement = throwValueStatement(JSON.stringify(value))
  return String(new Function(statement.replace(/^throw /, "return ")).call(null).message)
}

/**
 * Each click step's read: what it saw, thrown (the click stayed) unless `landed` names the page it led to; `tabs`: the
 * tab lists before and after the click (else none listed).
 */
const clickBatch = (
  reads: ReadonlyArray<Record<string, unknown>>,
  landed?: { title: string; url: string },
  tabs?: readonly [unknown, unknown]
) => {
  let n = 0
  return {
    when: (r: { readonly args: ReadonlyArray<string> }) => r.args.includes("batch"),
    reply: (r: { readonly stdin?: string | undefined }) => {
      const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
      const read = steps.some((s) => s[1] === CLICK_READ_EXPRESSION) ? (reads[n++] ?? {}) : {}
      const rows = []
      let listed = 0
      for (const step of steps) {
        if (step[0] === "tab" && tabs !== undefined) {
          rows.push(doneRow(step, { tabs: tabs[listed++] }))
          continue
        }
        if (step[1] === CLICK_READ_EXPRESSION && landed === undefined) {
          rows.push({ command: step, success: false, result: null, error: thrownMessage(read) })
          break
        }
        if (step[1] === CLICK_READ_EXPRESSION) rows.push(doneRow(step, { result: read }))
        else if (step[1] === CLICK_STAYED_GATE) rows.push(doneRow(step, { result: true }))
        else if (step[0] === "eval" && step[1]?.startsWith("({ title: document.title"))
          rows.push(doneRow(step, { result: landed }))
        else rows.push(doneRow(step, step[0] === "eval" ? { result: { resolved: true } } : {}))
      }
      return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
    },
    repeat: true
  }
}

const job = (...selectors: ReadonlyArray<string>) => ({
  job: { steps: selectors.map((selector) => ({ action: "click", selector })) }
})

describe("a job's click step says what the click did", () => {
  it.scoped("console errors, a changed heading and an alert on their rows; a click with no effect is not written", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        clickBatch([
          { effects: { count: 2, errors: ["boom", "Uncaught Error: bad"] } },
          {},
          { effects: { count: 0, errors: [], heading: "Changed" } },
          { jsDialogs: [{ type: "alert", message: "hello there", answer: "accepted" }] }
        ]),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      return yield* Effect.gen(function* () {
        const result = yield* runToResult(job("#err", "#nothing", "#head", "#al"), here)
        const text = textOf(result.content)
        expect(text).toContain(
          '✓ 4/4 steps\n1. click #err\n   2 console errors after the click: "boom"; "Uncaught Error: bad"\n3. click #head'
        )
        expect(text).not.toContain("2. click #nothing")
        expect(text).toContain('4. click #al\n   A dialog opened: alert "hello there"')
        const requests = yield* (yield* FakeAgentBrowser).requests
        const batches = requests.filter((r) => r.args.includes("batch"))
        expect(batches.length).toBe(4)
        expect(stepsOf(batches[0]!).map((s) => (s[0] === "eval" ? s[1]?.slice(0, 8) : s[0]))).toEqual([
          "(() => {",
          "tab",
          "click",
          CLICK_READ_EXPRESSION.slice(0, 8),
          "tab",
          CLICK_STAYED_GATE.slice(0, 8),
          "wait",
          "wait",
          "({ title"
        ])
      }).pipe(Effect.provide(layer))
    })
  )

  it.scoped("a click by a locator (find … click) says what it did too, in the same one process", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        clickBatch([{ effects: { count: 0, errors: [], heading: "Changed" } }]),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      return yield* Effect.gen(function* () {
        const step = { action: "click", locator: "role", value: "button", name: "Head" }
        const result = yield* runToResult({ job: { steps: [step] } }, here)
        expect(textOf(result.content)).toBe(
          '✓ 1/1 steps\n1. find role button click --name Head\n   Heading now: "Changed"'
        )
        const requests = yield* (yield* FakeAgentBrowser).requests
        const batches = requests.filter((r) => r.args.includes("batch"))
        expect(batches.length).toBe(1)
        expect(stepsOf(batches[0]!)[2]).toEqual(["find", "role", "button", "click", "--name", "Head"])
      }).pipe(Effect.provide(layer))
    })
  )

  it.scoped("a click that navigated says the page it led to, read once it loaded", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        clickBatch([{}], { title: "Next page", url: "http://a.test/next" }),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const result = yield* runToResult(job("#nav"), here).pipe(Effect.provide(layer))
      expect(textOf(result.content)).toContain("✓ 1/1 steps\n1. click #nav\n   Page: Next page — http://a.test/next")
    })
  )

  it.scoped(
    "a click that opened a tab upstream followed names it and the clicked page's tab, in the same process",
    () =>
      Effect.gen(function* () {
        const a = { tabId: "t1", url: "http://a.test/a", title: "A" }
        const layer = fakeLayer(temp.root, [
          clickBatch([{}], { title: "B page", url: "http://a.test/b" }, [
            [{ ...a, active: true }],
            [a, { tabId: "t2", url: "http://a.test/b", title: "", active: true }]
          ]),
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
        return yield* Effect.gen(function* () {
          const result = yield* runToResult(job("#new"), here)
          expect(textOf(result.content)).toBe(
            "✓ 1/1 steps\n1. click #new\n   New tab t2 (the page opened it; commands now act on it): B page — " +
              "http://a.test/b\n   The clicked page stays in tab t1 (tab t1 goes back to it)."
          )
          const requests = yield* (yield* FakeAgentBrowser).requests
          expect(requests.filter((r) => r.args.includes("batch")).length).toBe(1)
        }).pipe(Effect.provide(layer))
      })
  )

  it.scoped("a tab upstream followed after the read ran in the clicked page is named from the tab list", () =>
    Effect.gen(function* () {
      const a = { tabId: "t1", url: "http://a.test/a", title: "A" }
      const click = { resolved: true, events: 1, hits: 1, navigating: false, openedTab: true }
      const layer = fakeLayer(temp.root, [
        // the read answered in the clicked page (its click opened a tab), so the batch went on past it
        clickBatch([{ title: "A", url: a.url, click }], { title: "", url: "" }, [
          [{ ...a, active: true }],
          [a, { tabId: "t2", url: "http://a.test/b", title: "B", active: true }]
        ]),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const result = yield* runToResult(job("#new"), here).pipe(Effect.provide(layer))
      expect(textOf(result.content)).toBe(
        "✓ 1/1 steps\n1. click #new\n   New tab t2 (the page opened it; commands now act on it): B — " +
          "http://a.test/b\n   The clicked page stays in tab t1 (tab t1 goes back to it)."
      )
    })
  )

  it.scoped("a click that changed its own page's address says it against the page the rows named; else nothing", () =>
    Effect.gen(function* () {
      const app = "http://a.test/todo"
      const stayed = { resolved: true, events: 1, hits: 1, navigating: false }
      const layer = fakeLayer(temp.root, [
        clickBatch(
          [`${app}#/active`, `${app}#/active`, `${app}/done`].map((url) => ({ title: "Todos", url, click: stayed }))
        ),
        { when: (r) => r.args.includes("open"), reply: FakeAgentBrowser.ok({ title: "Todos", url: app }) },
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const steps = [
        { action: "open", url: app },
        ...["#active", "#again", "#push"].map((selector) => ({ action: "click", selector }))
      ]
      const result = yield* runToResult({ job: { steps } }, here).pipe(Effect.provide(layer))
      // a hash router's link: its new hash; the same address again: nothing; a pushed path: the whole address
      expect(textOf(result.content)).toBe(
        "✓ 4/4 steps\n1. open → Todos\n2. click #active\n   Page: Todos — same URL, hash now #/active\n" +
          "4. click #push\n   Page: Todos — http://a.test/todo/done"
      )
    })
  )

  it.scoped("a key press step: its watch, the key and the read in one process; what it did on its row", () =>
    Effect.gen(function* () {
      const read = { count: 1, errors: ["no results"], heading: "Searched" }
      const seen: Array<ReadonlyArray<ReadonlyArray<string>>> = []
      const layer = fakeLayer(temp.root, [
        batchRows(
          (step) =>
            step[0] === "eval" ? { result: step[1] === PRESS_WATCH_READ ? read : true } : { pressed: "Enter" },
          (steps) => void seen.push(steps)
        ),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const result = yield* runToResult({ job: { steps: [{ action: "press", text: "Enter" }] } }, here).pipe(
        Effect.provide(layer)
      )
      expect(seen).toEqual([
        [
          ["eval", PRESS_WATCH_INSTALL],
          ["press", "Enter"],
          ["eval", PRESS_WATCH_READ]
        ]
      ])
      expect(textOf(result.content)).toBe(
        '✓ 1/1 steps\n1. press Enter\n   Console error after the key press: "no results"\n   Heading now: "Searched"'
      )
    })
  )

  it.scoped("a hover step: its watch, the hover and the read in one process; the text it showed on its row", () =>
    Effect.gen(function* () {
      const read = { appeared: { count: 1, texts: ["Saves your draft"] } }
      const seen: Array<ReadonlyArray<ReadonlyArray<string>>> = []
      const layer = fakeLayer(temp.root, [
        batchRows(
          (step) => (step[0] === "eval" ? { result: step[1] === TIMED_READ ? read : true } : { hovered: "#tip" }),
          (steps) => void seen.push(steps)
        ),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const result = yield* runToResult({ job: { steps: [{ action: "hover", selector: "#tip" }] } }, here).pipe(
        Effect.provide(layer)
      )
      const watch = timedActionRows(["hover", "#tip"])
      expect(seen).toEqual([[...(watch?.before ?? []), ["hover", "#tip"], ...(watch?.after ?? [])]])
      expect(textOf(result.content)).toBe('✓ 1/1 steps\n1. hover #tip\n   New text: "Saves your draft"')
    })
  )
})
