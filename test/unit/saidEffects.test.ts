/**
 * Issue #45: an action whose text says its effect spares the model the read after it. Each effect is read in the
 * action's own upstream process and said in one short clause: what a filled or typed-into field now holds (the model's
 * own text as written; a password or secret field: nothing). Real-browser counterparts:
 * test/integration/saidEffects.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { fillHeldOf, fillTargetOf } from "../../src/page/fillReadback.js"
import { typedHoldsOf, typeTargetOf } from "../../src/page/typeReadback.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { fieldHoldsWords } from "../../src/presenters/text/actionShown.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { batchRows, fakeLayer, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")
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
      expect(textOf(filled.content)).toBe('Filled #q: it now holds "Ada Lovelace"')
      const typed = yield* runToResult({ args: ["type", "#q", "Ada Lovelace"] }, here).pipe(Effect.provide(layer))
      expect(textOf(typed.content)).toBe(
        "Inserted the text into #q (input events only, no keydown/keyup: for key handlers, type with a job type " +
          'step). It now holds "Ada Lovelace".'
      )
      const pasted = yield* runToResult({ args: ["keyboard", "inserttext", "Ada Lovelace"] }, here).pipe(
        Effect.provide(layer)
      )
      expect(textOf(pasted.content)).toBe(
        'Inserted the text at the focus (no key events, like a paste). #q now holds "Ada Lovelace".'
      )
    })
  )
})
