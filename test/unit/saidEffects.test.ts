/**
 * Issue #45: an action whose text says its effect spares the model the read after it. Each effect is read in the
 * action's own upstream process and said in one short clause: what a filled or typed-into field now holds (the model's
 * own text as written; a password or secret field: nothing), where a key moved the focus, what a click logged to the
 * console, that a mouse up clicked, that a reload reloaded, whether the page matches an emulated media query, an
 * annotated screenshot's labels, text a click, key press or hover made appear, a job's fill step that set a slider.
 * Real-browser counterparts:
 * test/integration/saidEffects.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { fillHeldOf, fillTargetOf } from "../../src/page/fillReadback.js"
import { typedHoldsOf, typeTargetOf } from "../../src/page/typeReadback.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { annotatedRefs } from "../../src/program/refs/refTracking.js"
import { appearedOf } from "../../src/page/appearedText.js"
import { clickEffectsOf } from "../../src/page/clickEffects.js"
import { mediaOf, mediaQueriesOf } from "../../src/page/mediaRead.js"
import { mousePointOf } from "../../src/page/mousePoint.js"
import { fieldHoldsWords } from "../../src/presenters/text/actionShown.js"
import { actionEffectLines } from "../../src/presenters/text/actionEffectWords.js"
import { formatCommand, formatSuccess } from "../../src/presenters/text/formatSuccess.js"
import type { Plan } from "../../src/domain/Plan.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const read = (value: string | null, extra: Record<string, unknown> = {}) => ({
  value,
  via: "value",
  selector: "#q",
  ...extra
})

describe("what a filled or typed-into field holds (#45)", () => {
  it("a fill whose field holds the text gives the text back; a password, a mismatch or no read give nothing", () => {
    expect(fillHeldOf({ selector: "#f", text: "Ada" }, read("Ada"))).toBe("Ada")
    expect(fillHeldOf({ selector: "#f", text: "Ada" }, read("Ad"))).toBeUndefined()
    expect(fillHeldOf({ selector: "#f", text: "Ada" }, null)).toBeUndefined()
    const secret = fillTargetOf(["fill", "#password", "hunter22"])!
    expect(fillHeldOf(secret, read("hunter22"))).toBeUndefined()
    expect(fillHeldOf({ selector: "#f", text: "pw" }, { password: true, length: 2 })).toBeUndefined()
    // by its ref: upstream's get value answers the password, which is still not said back
    expect(fillHeldOf({ selector: "@e3", text: "pw" }, { password: true, length: 2 }, { value: "pw" })).toBeUndefined()
    // a ref's own value, as upstream read it
    expect(fillHeldOf({ selector: "@e2", text: "Ann" }, read("x"), { value: "Ann" })).toBe("Ann")
  })

  it("type and keyboard type|inserttext name the field read after them; secrets and other commands none", () => {
    expect(typeTargetOf(["type", "#q", "books", "x"])).toEqual({ selector: "#q", text: "books x" })
    expect(typeTargetOf(["keyboard", "inserttext", "xyz"])).toEqual({ selector: undefined, text: "xyz" })
    expect(typeTargetOf(["keyboard", "type", "abc"])).toEqual({ selector: undefined, text: "abc" })
    expect(typeTargetOf(["keyboard", "press", "a"])).toBeUndefined()
    expect(typeTargetOf(["type", "#password", "hunter22"])).toBeUndefined()
    expect(typeTargetOf(["type", "#q", "{{secret:PW}}"])).toBeUndefined()
    expect(typeTargetOf(["fill", "#q", "x"])).toBeUndefined()
    const target = { selector: "#q", text: "books" }
    expect(typedHoldsOf(target, read("books"))).toEqual({ value: "books", own: true, field: "#q" })
    // the text was added to what the field held: the page's value, said as the page's
    expect(typedHoldsOf(target, read("old books"))).toEqual({ value: "old books", own: false, field: "#q" })
    expect(typedHoldsOf(target, { password: true, length: 5 })).toBeUndefined()
    expect(typedHoldsOf(target, { unverifiable: "frame" })).toBeUndefined()
  })

  it("the clause: after a fill on its line, after type as a sentence; a long value by its start and length", () => {
    const own = { value: "Ada Lovelace", own: true }
    expect(plain(fieldHoldsWords("fill", own))).toBe(': it now holds "Ada Lovelace"')
    expect(plain(fieldHoldsWords("find", own))).toBe(': it now holds "Ada Lovelace"')
    expect(plain(fieldHoldsWords("type", own))).toBe(' It now holds "Ada Lovelace".')
    expect(plain(fieldHoldsWords("keyboard", { ...own, field: "#q" }))).toBe(' #q now holds "Ada Lovelace".')
    expect(plain(fieldHoldsWords("keyboard", { ...own, field: "iframe body" }))).toBe(
      ' The focused field now holds "Ada Lovelace".'
    )
    // the page's value is page text
    expect(fieldHoldsWords("type", { value: "old books", own: false })[1]).toEqual({ page: '"old books"' })
    // a value the browser marks invalid (a number over its max): its words, as page text
    const over = fieldHoldsWords("fill", {
      value: "1000",
      own: true,
      invalid: "Value must be less than or equal to 100."
    })
    expect(plain(over)).toBe(
      ': it now holds "1000", which the browser marks invalid: "Value must be less than or equal to 100."'
    )
    expect(over.at(-1)).toEqual({ page: '"Value must be less than or equal to 100."' })
    const long = "x".repeat(100)
    expect(plain(fieldHoldsWords("fill", { value: long, own: true }))).toBe(
      `: it now holds "${"x".repeat(60)}…" (100 characters)`
    )
  })

  it.scoped("fill and type through the tool: the text says what the read found, in the same upstream process", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        batchRows((step) =>
          step[0] === "eval" && step[1]?.includes("FILL_BEFORE") !== true && step[1]?.includes("activeElement")
            ? { result: read("Ada Lovelace") }
            : step[0] === "eval"
              ? { result: null }
              : {}
        ),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const filled = yield* runToResult({ args: ["fill", "#q", "Ada Lovelace"] }, here).pipe(Effect.provide(layer))
      expect(contentText(filled.content)).toBe('Filled #q: it now holds "Ada Lovelace"')
      const typed = yield* runToResult({ args: ["type", "#q", "Ada Lovelace"] }, here).pipe(Effect.provide(layer))
      // typed key by key in the same process: the target focused, a row per key, the read after them
      expect(contentText(typed.content)).toBe(
        'Typed 12 keys into #q (keydown, input, keyup each). It now holds "Ada Lovelace".'
      )
      const pasted = yield* runToResult({ args: ["keyboard", "inserttext", "Ada Lovelace"] }, here).pipe(
        Effect.provide(layer)
      )
      expect(contentText(pasted.content)).toBe(
        'Inserted the text at the focus (no key events, like a paste). #q now holds "Ada Lovelace".'
      )
    })
  )
})

describe("where a key moved the focus, what a click logged, a mouse up's click, a reload (#45)", () => {
  const none = { count: 0, errors: [], control: {} }
  it("a key press that moved the focus names the element and its label; one that did not says nothing", () => {
    const moved = clickEffectsOf({ ...none, keys: ["Tab"], focus: { element: "input#two", label: "Last name" } })
    expect(actionEffectLines(moved, "press").map(plain)).toEqual(['Focus moved to input#two "Last name"'])
    const bare = clickEffectsOf({ ...none, keys: ["Tab"], focus: { element: "button", label: "" } })
    expect(actionEffectLines(bare, "press").map(plain)).toEqual(["Focus moved to button"])
    expect(clickEffectsOf({ ...none, keys: ["a"] })).toBeUndefined()
  })

  it("fields the browser's form validation refused: the form was not sent, each field with the browser's message", () => {
    const one = clickEffectsOf({
      ...none,
      invalid: [{ field: "Email", message: "Please fill out this field." }],
      invalidCount: 1
    })
    expect(actionEffectLines(one).map(plain)).toEqual([
      `The browser's form validation refused 1 field, so the form was not sent: "Email": "Please fill out this field."`
    ])
    const three = clickEffectsOf({
      ...none,
      invalid: [
        { field: "Name", message: "Please fill out this field." },
        { field: "Age", message: "Value must be 18 or more." }
      ],
      invalidCount: 3
    })
    expect(actionEffectLines(three, "press").map(plain)).toEqual([
      `The browser's form validation refused 3 fields, so the form was not sent: "Name": "Please fill out this field."; ` +
        `"Age": "Value must be 18 or more." (and 1 more)`
    ])
    // the labels and messages are the page's text
    expect(actionEffectLines(one)[0]).toContainEqual({ page: '"Email"' })
    expect(clickEffectsOf({ ...none, invalid: [], invalidCount: 0 })).toBeUndefined()
  })

  it("a click whose page called window.print() says so and how to save a PDF; none when it did not", () => {
    const printed = clickEffectsOf({ ...none, printed: true })
    expect(actionEffectLines(printed).map(plain)).toEqual([
      "The page called window.print() and went on (no print dialog to answer). To save the page as a PDF: pdf <path>."
    ])
    expect(clickEffectsOf({ ...none, printed: false })).toBeUndefined()
  })

  it("a checkbox or radio a click or key toggled says its new checked state", () => {
    const on = clickEffectsOf({ ...none, control: { checked: true } })
    expect(actionEffectLines(on, "press").map(plain)).toEqual(["The focused control is now checked"])
    const off = clickEffectsOf({ ...none, control: { checked: false } })
    expect(actionEffectLines(off).map(plain)).toEqual(["The clicked control is now unchecked"])
    expect(clickEffectsOf({ ...none, control: { checked: "yes" } })).toBeUndefined()
  })

  it("console messages a click logged: one with its text, several counted, beside its errors", () => {
    const one = clickEffectsOf({ ...none, logCount: 1, logs: ["saved draft 4"] })
    expect(actionEffectLines(one).map(plain)).toEqual(['Console message after the click: "saved draft 4"'])
    const many = clickEffectsOf({ count: 1, errors: ["boom"], control: {}, logCount: 3, logs: ["a", "b"] })
    expect(actionEffectLines(many).map(plain)).toEqual([
      'Console error after the click: "boom"',
      '3 console messages after the click: "a"; "b" (and 1 more)'
    ])
    expect(clickEffectsOf({ ...none, logCount: 0, logs: [] })).toBeUndefined()
  })

  it("a mouse up the page took as a click says so; a move says only where", () => {
    const up = mousePointOf({ x: 150, y: 150, element: "div#pad", label: "pad", click: "click" })
    expect(actionEffectLines({ pointer: up! }).map(plain)).toEqual([
      'At (150, 150), over div#pad "pad" (the page got a click)'
    ])
    const move = mousePointOf({ x: 1, y: 2, element: "div#pad", label: "", click: undefined })
    expect(actionEffectLines({ pointer: move! }).map(plain)).toEqual(["At (1, 2), over div#pad"])
  })

  it("reload says it reloaded; back and forward say where they are", () => {
    expect(formatCommand(["reload"], { url: "http://a.test/" }, undefined).text).toBe("Reloaded http://a.test/")
    expect(formatCommand(["back"], { url: "http://a.test/" }, undefined).text).toBe("Now at http://a.test/")
  })
})

describe("set media and an annotated screenshot (#45)", () => {
  it("set media names what it emulated and whether the page matches it; unknown words are not read", () => {
    expect(mediaQueriesOf(["set", "media", "dark"])).toEqual(["(prefers-color-scheme: dark)"])
    expect(mediaQueriesOf(["set", "media", "light", "reduced-motion"])).toEqual([
      "(prefers-color-scheme: light)",
      "(prefers-reduced-motion: reduce)"
    ])
    expect(mediaQueriesOf(["set", "media"])).toBeUndefined()
    expect(mediaQueriesOf(["set", "media", "sepia"])).toBeUndefined()
    expect(mediaQueriesOf(["set", "viewport", "800", "600"])).toBeUndefined()
    expect(formatCommand(["set", "media", "dark"], { set: true }, undefined).text).toBe("Set media dark")
    const media = mediaOf([{ query: "(prefers-color-scheme: dark)", matches: true }])
    expect(actionEffectLines({ media: media! }).map(plain)).toEqual([
      "The page now matches (prefers-color-scheme: dark)"
    ])
    const not = mediaOf([{ query: "(prefers-reduced-motion: reduce)", matches: false }])
    expect(actionEffectLines({ media: not! }).map(plain)).toEqual([
      "The page does not match (prefers-reduced-motion: reduce)"
    ])
    expect(mediaOf(undefined)).toBeUndefined()
  })

  it("an annotated screenshot lists each label's number, ref, role and name; a plain one only its path", () => {
    const annotations = [
      { number: 1, ref: "e1", role: "button", name: "Alpha", box: {} },
      { number: 2, ref: "e2", role: "link", name: "Beta link", box: {} }
    ]
    const shot = formatCommand(["screenshot", "--annotate", "/a.png"], { path: "/a.png", annotations }, undefined)
    expect(shot.text).toBe('Saved screenshot: /a.png\nLabels:\n[1] @e1 button "Alpha"\n[2] @e2 link "Beta link"')
    expect(formatCommand(["screenshot", "/b.png"], { path: "/b.png" }, undefined).text).toBe("Saved screenshot: /b.png")
    // the labels' refs become the session's ref map (recordPhase.ts), so the refs the text lists are not refused
    expect(annotatedRefs({ path: "/a.png", annotations })).toEqual({
      refs: { e1: { role: "button", name: "Alpha" }, e2: { role: "link", name: "Beta link" } }
    })
    expect(annotatedRefs({ path: "/b.png" })).toBeUndefined()
  })

  it.scoped("set media through the tool: one batch, the command and the read after it", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      const layer = fakeLayer(temp.root, [
        batchRows(
          (command) =>
            command[0] === "eval"
              ? { result: [{ query: "(prefers-color-scheme: dark)", matches: true }] }
              : { set: true },
          (_, r) => seen.push(r.stdin ?? "")
        ),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const set = yield* runToResult({ args: ["set", "media", "dark"] }, here).pipe(Effect.provide(layer))
      expect(contentText(set.content)).toBe("Set media dark\nThe page now matches (prefers-color-scheme: dark)")
      expect(seen).toHaveLength(1)
    })
  )
})

describe("text an action made appear (#45)", () => {
  it("one text is quoted; more are counted after the first two; none is no line", () => {
    const one = clickEffectsOf({ count: 0, errors: [], control: {}, appeared: { count: 1, texts: ["Thanks, Ada"] } })
    expect(actionEffectLines(one).map(plain)).toEqual(['New text: "Thanks, Ada"'])
    const many = appearedOf({ count: 4, texts: ["a", "b"] })
    expect(actionEffectLines({ appeared: many! }).map(plain)).toEqual(['New text: "a"; "b" (and 2 more)'])
    const big = appearedOf({ count: 50, texts: ["a", "b"], capped: true })
    expect(actionEffectLines({ appeared: big! }).map(plain)).toEqual(['New text: "a"; "b" (and more)'])
    expect(appearedOf({ count: 0, texts: [] })).toBeUndefined()
    expect(clickEffectsOf({ count: 0, errors: [], control: {}, appeared: { count: 0, texts: [] } })).toBeUndefined()
  })

  it("text the action hid is said after the new text, capped like it; none hidden is no line", () => {
    const read = { count: 1, texts: ["Beta panel"], hidden: { count: 3, texts: ["Alpha panel", "Gamma"] } }
    const swapped = clickEffectsOf({ count: 0, errors: [], control: {}, appeared: read })
    expect(actionEffectLines(swapped!).map(plain)).toEqual([
      'New text: "Beta panel"',
      'Hidden: "Alpha panel"; "Gamma" (and 1 more)'
    ])
    const closed = clickEffectsOf({
      count: 0,
      errors: [],
      control: {},
      appeared: { count: 0, texts: [], hidden: read }
    })
    expect(actionEffectLines(closed!).map(plain)).toEqual(['Hidden: "Beta panel"'])
    const none = { count: 0, texts: [], hidden: { count: 0, texts: [] } }
    expect(clickEffectsOf({ count: 0, errors: [], control: {}, appeared: none })).toBeUndefined()
  })

  it("hidden from a list: what the list still shows, counted after two, or that it shows none", () => {
    const hid = (kept: unknown) => ({ count: 0, texts: [], hidden: { count: 1, texts: ["banana"], kept } })
    const lines = (kept: unknown) =>
      actionEffectLines(clickEffectsOf({ count: 0, errors: [], control: {}, appeared: hid(kept) })!).map(plain)
    expect(lines({ count: 1, texts: ["apple"] })).toEqual(['Hidden: "banana"; still shown in their list: "apple"'])
    expect(lines({ count: 5, texts: ["apple", "apricot", "avocado"] })).toEqual([
      'Hidden: "banana"; still shown in their list: "apple"; "apricot" (and 3 more)'
    ])
    expect(lines({ count: 0, texts: [] })).toEqual(['Hidden: "banana"; nothing else in their list is shown'])
    // not a list (no kept read, or a malformed one): the hidden text alone
    expect(lines(undefined)).toEqual(['Hidden: "banana"'])
    expect(lines({ texts: ["apple"] })).toEqual(['Hidden: "banana"'])
  })

  it.scoped("a key press says the dialogs its key opened, and the alerts logged before it as earlier", () =>
    Effect.gen(function* () {
      const alert = (message: string) => ({ type: "alert", message, answer: "accepted" })
      const layer = fakeLayer(temp.root, [
        batchRows((command, i) => {
          const after = {
            count: 0,
            errors: [],
            control: {},
            jsDialogs: [alert("hi")],
            earlierDialogs: [alert("late")]
          }
          return command[0] !== "eval" ? {} : { result: i === 0 ? true : after }
        }),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const pressed = yield* runToResult({ args: ["press", "b"] }, here).pipe(Effect.provide(layer))
      expect(contentText(pressed.content)).toBe(
        'Pressed b\nAfter the previous action: alert "late" (accepted)\nA dialog opened: alert "hi" (accepted)'
      )
    })
  )

  it.scoped("Enter on a focused link says the page it led to; a key that activates nothing reads no page", () =>
    Effect.gen(function* () {
      const entered = yield* runToResult({ args: ["press", "Enter"] }, here)
      expect(contentText(entered.content)).toBe("Pressed Enter\nPage: Second page — http://a.test/next")
      const afterEnter = (yield* (yield* FakeAgentBrowser).requests).length
      const typed = yield* runToResult({ args: ["press", "a"] }, here)
      expect(contentText(typed.content)).toBe("Pressed a")
      // Enter ran the page read after its press; the letter did not
      expect((yield* (yield* FakeAgentBrowser).requests).length - afterEnter).toBeLessThan(afterEnter)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          batchRows((step) => {
            const script = step[0] === "eval" ? String(step[1]) : ""
            if (script.includes("location.href")) return { result: { title: "Second page", url: "http://a.test/next" } }
            return step[0] === "eval" ? { result: { count: 0, errors: [], control: {} } } : {}
          }),
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
      )
    )
  )

  it.scoped("typing into a filter says what it hid, never the field's own text", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        batchRows((command) => {
          const hidden = { count: 3, texts: ["ap", "banana"] }
          return command[0] !== "eval"
            ? {}
            : command[1]?.includes("w.take()") === true
              ? { result: { appeared: { count: 0, texts: [], hidden }, jsDialogs: [] } }
              : { result: read("ap") }
        }),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const typed = yield* runToResult({ args: ["type", "#q", "ap"] }, here).pipe(Effect.provide(layer))
      expect(contentText(typed.content)).toBe(
        'Typed 2 keys into #q (keydown, input, keyup each). It now holds "ap".\nHidden: "banana" (and 1 more)'
      )
    })
  )

  it.scoped("hover through the tool: the watch before it and the read after it run in its one batch", () =>
    Effect.gen(function* () {
      const seen: Array<ReadonlyArray<string>> = []
      const layer = fakeLayer(temp.root, [
        batchRows(
          (command, i) =>
            command[0] === "eval"
              ? { result: i === 0 ? true : { appeared: { count: 1, texts: ["5 unread messages"] } } }
              : { hovered: true },
          (steps) => seen.push(...steps.map((step) => step.slice(0, 1)))
        ),
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])
      const hovered = yield* runToResult({ args: ["hover", "#h"] }, here).pipe(Effect.provide(layer))
      expect(contentText(hovered.content)).toBe('Hovered #h\nNew text: "5 unread messages"')
      expect(seen).toEqual([["eval"], ["hover"], ["eval"]])
    })
  )
})

const MISSING =
  "Element not found: #late. Verify the selector, role, or name is correct and the element exists in the DOM."
describe("a hover in its batch still waits for a late target (#45)", () => {
  it.live("the hover row misses twice, then runs: one batch per try, the wait said", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["hover", "#late"] }, here)
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.filter((r) => (r.stdin ?? "").includes('"hover"')).length).toBe(3)
      expect(result.isError).toBe(false)
      expect(result.details.readinessWait?.waitedMs).toBeGreaterThanOrEqual(200)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          ...[0, 1].map(() => ({
            when: (r: { args: ReadonlyArray<string> }) => r.args.includes("batch"),
            reply: (r: { stdin?: string | undefined }) => {
              const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
              const rows = steps.map((command) =>
                command[0] === "hover"
                  ? { command, success: false, result: null, error: MISSING }
                  : { command, success: true, error: null, result: { result: true } }
              )
              return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
            }
          })),
          batchRows((step) => (step[0] === "eval" ? { result: true } : { hovered: "#late" }))
        ])
      )
    )
  )
})

describe("a job's fill step that set a slider says so on its row (#45)", () => {
  it("the slider's row names the value set; a plain fill row stays bare", () => {
    const plan = { compiled: { mode: "args" }, line: { command: "batch" }, args: [] } as unknown as Plan
    const rows = [
      { command: ["fill", "#e", "a@b.co"], success: true as const, result: { filled: "#e" } },
      {
        command: ["fill", "#f", "25"],
        success: true as const,
        result: { filled: "#f", slider: { value: "25", before: "59", min: "0", max: "100" } }
      }
    ]
    expect(formatSuccess(plan, { kind: "batch", rows }).text).toBe(
      // a raw batch whose every step succeeded names its rows by verb, unmarked (the head says ✓ 2/2)
      "✓ 2/2 steps\n2. fill → Set the slider #f to 25 (range 0–100; it held 59)."
    )
  })
})
