/**
 * `type <target> <text>` and `keyboard type <text>` send each key (upstream 0.41 inserts their text with no key
 * events): the rows they run as, and one call through the tool, over FakeAgentBrowser. Real-binary counterpart:
 * test/integration/honestActions.test.ts ("typing").
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { keyedRowOf, keyedTypingOf } from "../../src/page/typeReadback.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
type Rows = ReadonlyArray<ReadonlyArray<string>>

const FAIL = Symbol("fail")
const FILL_TIMERS_KEY = 'Symbol.for("pi-agent-browser.fillTimers")'

/**
 * A fake agent-browser whose batches answer each row with `answer` (its result, or FAIL: upstream's "Element not
 * found", and the batch stops there, as with --bail); every batch's steps are kept in `seen`.
 */
const batchFake = (
  seen: Array<Rows>,
  answer: (command: ReadonlyArray<string>, index: number, steps: Rows) => unknown
) =>
  fakeLayer(temp.root, [
    {
      when: (r) => r.args.includes("batch"),
      reply: (r) => {
        const steps = JSON.parse(r.stdin ?? "[]") as Rows
        seen.push(steps)
        const rows = []
        for (const [i, command] of steps.entries()) {
          const result = answer(command, i, steps)
          if (result === FAIL) {
            rows.push({ command, success: false, result: null, error: "Element not found: #q. Verify the selector" })
            break
          }
          rows.push({ command, success: true, error: null, result })
        }
        return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
      },
      repeat: true
    },
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ])

describe("typing key by key", () => {
  it("focuses the target, then one press per ASCII key, the key that makes a newline, keydown/insert/keyup beyond", () => {
    expect(keyedTypingOf(["type", "#q", "a", "b"])?.rows).toEqual([
      ["focus", "#q"],
      ["press", "a"],
      ["press", " "],
      ["press", "b"]
    ])
    expect(keyedTypingOf(["keyboard", "type", "é\n"])).toEqual({
      rows: [
        ["keydown", "é"],
        ["keyboard", "inserttext", "é"],
        ["keyup", "é"],
        ["press", "Enter"]
      ],
      keys: 2,
      text: "é\n"
    })
  })

  it("its rows as one: the typing with a key's warning (an alert it opened), or the first row that failed", () => {
    const keyed = keyedTypingOf(["type", "#q", "ab"])!
    const ok = (command: ReadonlyArray<string>, warning?: string) => ({
      command,
      success: true as const,
      result: {},
      ...(warning !== undefined ? { warning } : {})
    })
    const rows = [ok(["focus", "#q"]), ok(["press", "a"], "A dialog opened"), ok(["press", "b"])]
    expect(keyedRowOf(rows, 0, keyed, { ...rows[0]!, readinessWaitMs: 300 })).toEqual({
      command: ["focus", "#q"],
      success: true,
      readinessWaitMs: 300,
      result: { typed: "ab", keys: 2 },
      warning: "A dialog opened"
    })
    const error = classifyErrorText("Element not found: #q. Verify the selector", { stderr: "", exitCode: 1 })
    const failed = { command: ["press", "b"], success: false as const, error }
    expect(keyedRowOf([rows[0]!, rows[1]!, failed], 0, keyed, rows[0]!)).toBe(failed)
  })

  it("leaves upstream's insert where it applies: inserttext, a flag, a secret, a secret-named field, long text", () => {
    expect(keyedTypingOf(["keyboard", "inserttext", "x"])).toBeUndefined()
    expect(keyedTypingOf(["type", "#q", "x", "--delay", "5"])).toBeUndefined()
    expect(keyedTypingOf(["type", "#q", "{{secret:TOKEN}}"])).toBeUndefined()
    expect(keyedTypingOf(["type", "#password", "hunter2"])).toBeUndefined()
    expect(keyedTypingOf(["type", "#q", "x".repeat(201)])).toBeUndefined()
    expect(keyedTypingOf(["type", "#q", "x".repeat(200)])?.keys).toBe(200)
  })

  const batchLayer = (seen: Array<Rows>, failAt?: (step: ReadonlyArray<string>) => boolean, shown: unknown = null) =>
    batchFake(seen, (command) =>
      failAt?.(command) === true
        ? FAIL
        : command[0] !== "eval"
          ? {}
          : command[1]?.includes("w.take()") === true
            ? { result: { appeared: shown } }
            : { result: { value: "ab", via: "value", selector: "#q" } }
    )

  it.scoped("one batch: the watch, the focus, the keys, the reads after them; the text counts the keys", () =>
    Effect.gen(function* () {
      const seen: Array<Rows> = []
      const typed = yield* runToResult({ args: ["type", "#q", "ab"] }, here).pipe(Effect.provide(batchLayer(seen)))
      expect(contentText(typed.content)).toBe('Typed 2 keys into #q (keydown, input, keyup each). It now holds "ab".')
      const batch = seen.find((steps) => steps.some((s) => s[0] === "press"))
      // the watch for text the keys make appear, the focus, the keys, the field's read, the watch's read
      expect(batch?.map((s) => (s[0] === "eval" ? ["eval"] : s))).toEqual([
        ["eval"],
        ["focus", "#q"],
        ["press", "a"],
        ["press", "b"],
        ["eval"],
        ["eval"]
      ])
      // the short timers the keys' events start (page/fillTimers.ts) are watched, and the field's read waits for them
      expect(batch?.[0]?.[1]).toContain(FILL_TIMERS_KEY)
      expect(batch?.[4]?.[1]?.startsWith("(async () => { const { pending } = await (async () => {")).toBe(true)
      expect(batch?.[4]?.[1]).toContain("await w.settle()")
    })
  )

  it.scoped("text the keys made appear is said, without the field's own text", () =>
    Effect.gen(function* () {
      const shown = { count: 3, texts: ["ab", "abacus"], capped: false }
      const layer = batchLayer([], undefined, shown)
      const typed = yield* runToResult({ args: ["type", "#q", "ab"] }, here).pipe(Effect.provide(layer))
      expect(contentText(typed.content)).toBe(
        'Typed 2 keys into #q (keydown, input, keyup each). It now holds "ab".\nNew text: "abacus" (and 1 more)'
      )
    })
  )

  it.scoped("a dialog a key opened is said with its message; an alert logged before the keys is said as earlier", () =>
    Effect.gen(function* () {
      const alert = (message: string) => ({ type: "alert", message, answer: "accepted" })
      const layer = batchFake([], (command, i) =>
        command[0] !== "eval"
          ? {}
          : i === 0
            ? { result: { earlier: [alert("late one")] } }
            : command[1]?.includes("w.take()") === true
              ? { result: { appeared: null, jsDialogs: [alert("hi")] } }
              : { result: { value: "ab", via: "value", selector: "#q" } }
      )
      const typed = yield* runToResult({ args: ["type", "#q", "ab"] }, here).pipe(Effect.provide(layer))
      expect(contentText(typed.content)).toBe(
        'Typed 2 keys into #q (keydown, input, keyup each). It now holds "ab".\n' +
          'After the previous action: alert "late one" (accepted)\nA dialog opened: alert "hi" (accepted)'
      )
      const quiet = yield* runToResult({ args: ["type", "#q", "ab"] }, here).pipe(Effect.provide(batchLayer([])))
      expect(contentText(quiet.content)).toBe('Typed 2 keys into #q (keydown, input, keyup each). It now holds "ab".')
    })
  )

  it.scoped("a key whose keydown opened a confirm: the typing said as far as it went, with upstream's warning", () =>
    Effect.gen(function* () {
      const warning =
        'A JavaScript prompt dialog is blocking the page: "Name?" — use `dialog accept` or `dialog dismiss`'
      const seen: Array<Rows> = []
      const layer = fakeLayer(temp.root, [
        {
          when: (r) => r.args.includes("batch"),
          reply: (r) => {
            const steps = JSON.parse(r.stdin ?? "[]") as Rows
            seen.push(steps)
            const at = steps.findIndex((s) => s[0] === "press" && s[1] === "y")
            const rows = steps.slice(0, at + 1).map((command, i) =>
              i === at
                ? {
                    command,
                    success: false,
                    result: null,
                    error: "CDP command timed out: Input.dispatchKeyEvent",
                    warning
                  }
                : { command, success: true, error: null, result: command[0] === "eval" ? { result: null } : {} }
            )
            return { exitCode: 1, stdout: `${JSON.stringify(rows)}\n` }
          },
          repeat: true
        },
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const typed = yield* runToResult({ args: ["type", "#q", "éxyzw"] }, here).pipe(Effect.provide(layer))
      expect(typed.isError).toBe(false)
      expect(contentText(typed.content)).toBe(
        'Typed 2 of 5 keys into #q (keydown, input, keyup each); the keydown of "y" opened the dialog below, and the 2' +
          ` keys after it were not sent.\nWarning: ${warning}`
      )
      expect(typed.details.data).toEqual({ typed: "éx", keys: 2, of: 5, dialogAt: "y" })
      // the first key opened it, the last one was it: said so, with no key left
      const last = keyedRowOf(
        [
          { command: ["focus", "#q"], success: true, result: {} },
          {
            command: ["press", "y"],
            success: false,
            error: classifyErrorText("timed out", { stderr: "", exitCode: 1 }),
            warning
          }
        ],
        0,
        keyedTypingOf(["type", "#q", "y"])!,
        { command: ["focus", "#q"], success: true, result: {} }
      )
      expect(last).toMatchObject({ success: true, result: { typed: "", keys: 0, of: 1, dialogAt: "y" }, warning })
    })
  )

  it.scoped("a target not found is the call's failure, and no key follows it (the batch bails)", () =>
    Effect.gen(function* () {
      const seen: Array<Rows> = []
      const layer = batchLayer(seen, (step) => step[0] === "focus")
      const typed = yield* runToResult({ args: ["type", "#q", "ab"], timeoutMs: 1000 }, here).pipe(
        Effect.provide(layer)
      )
      expect(typed.isError).toBe(true)
      expect(typed.details.failureCategory).toBe("selector-not-found")
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.every((steps) => steps.some((s) => s[0] === "focus"))).toBe(true)
    })
  )
})

describe("a fill on a native date field that did not take", () => {
  const dateLayer = (seen: Array<Rows>, typedHolds: string) =>
    batchFake(seen, (command, i, steps) => {
      const typing = steps.some((s) => s[0] === "focus")
      const read = { fieldType: "date", order: "mdy", selector: "#d", via: "value", value: typing ? typedHolds : "" }
      return command[0] === "eval" && i === steps.length - 1 ? { result: read } : {}
    })

  it.scoped("is typed as its keys from its first part, in one more batch, and says so", () =>
    Effect.gen(function* () {
      const seen: Array<Rows> = []
      const fill = yield* runToResult({ args: ["fill", "#d", "2024-01-15"] }, here).pipe(
        Effect.provide(dateLayer(seen, "2024-01-15"))
      )
      expect(contentText(fill.content)).toBe(
        'Filled #d by typing its keys 01152024 (a native date field takes keys, not text): it now holds "2024-01-15"'
      )
      const typing = seen.find((steps) => steps.some((s) => s[0] === "focus"))
      expect(typing?.slice(0, 4)).toEqual([
        ["focus", "#d"],
        ["press", "ArrowLeft"],
        ["press", "ArrowLeft"],
        ["press", "0"]
      ])
    })
  )

  it.scoped("keys that do not take either leave the fill's verification and its advice", () =>
    Effect.gen(function* () {
      const fill = yield* runToResult({ args: ["fill", "#d", "2024-01-15"] }, here).pipe(
        Effect.provide(dateLayer([], ""))
      )
      expect(contentText(fill.content)).toContain("The fill did not take on #d.")
      expect(contentText(fill.content)).toContain(
        'one job type step: {"action":"type","selector":"#d","text":"01152024"}'
      )
    })
  )
})
