/**
 * A fill's check says what the field holds and why (issue #41 item 2): a ref's own field as upstream read it, a
 * disabled or read-only field, a native date field, text that went into another field, a password by length only;
 * a slider is set and said, or refused without echoing the text; each reason's advice is a step that works.
 */
import { describe, expect, it } from "vitest"
import { fillAdvice } from "../../src/page/fillAdvice.js"
import { fillBeforeScript, rangeFillOf, rangeFillText } from "../../src/page/fillGuard.js"
import { fillProbeRows } from "../../src/page/fillProbe.js"
import { fillHeldOf, fillInvalidOf, fillTargetOf, fillVerificationOf } from "../../src/page/fillReadback.js"
import { formattedAs } from "../../src/page/fillReasons.js"
import { refFactsOf } from "../../src/page/fillRefReads.js"
import * as Schema from "effect/Schema"
import type { Plan } from "../../src/domain/Plan.js"
import { fillShortWay } from "../../src/presenters/actions/fillShortWay.js"
import { NextAction } from "../../src/schema/NextAction.js"

const read = (value: string, extra: Record<string, unknown> = {}) => ({ value, via: "value", selector: "#x", ...extra })

describe("fill checks", () => {
  it("a ref's own field is judged, not the focus now; disabled and read-only say so and did not take", () => {
    const target = { selector: "@e2", text: "vina" }
    const facts = refFactsOf([{ value: "" }, { enabled: false }, { value: null }])
    expect(facts).toEqual({ value: "", enabled: false, readOnly: false })
    const disabled = fillVerificationOf(target, null, undefined, facts)
    expect(disabled).toMatchObject({ target: "@e2", observedLength: 0, disabled: true, notTaken: true })
    expect(disabled?.summary).toBe(
      "After fill, @e2 holds 0 character(s), not the 4 typed: " +
        "it is disabled (a page may disable a field when it takes the focus)."
    )
    const refs = (value: string, readOnly: string | null) =>
      refFactsOf([{ value }, { enabled: true }, { value: readOnly }])
    const readOnly = fillVerificationOf(target, read("vina"), undefined, refs("", ""))
    expect(readOnly).toMatchObject({ readOnly: true, notTaken: true })
    expect(fillVerificationOf(target, read(""), undefined, refs("vina", null))).toBeUndefined()
  })

  it("text that went into another field is said with that field; a page that rewrote the text did take it", () => {
    const grown = (selector: string, grew: number) => ({ prev: { selector, grew, same: false } })
    const spill = fillVerificationOf({ selector: "#a", text: "hello" }, read("", grown("#b", 5)))
    expect(spill?.summary).toBe(
      "After fill, #a holds 0 character(s), not the 5 typed: " +
        "the text went into #b instead, which had the focus (it grew by 5 character(s))."
    )
    expect(spill).toMatchObject({ spilledInto: "#b", notTaken: true })
    // for a ref the grown field may be the target itself: only an empty target says the text went elsewhere
    const phone = "(555) 123-4"
    const typed = { selector: "@e1", text: "5551230" }
    const rewritten = fillVerificationOf(typed, read(phone, grown("#p", 11)), undefined, { value: phone })
    expect(rewritten).not.toHaveProperty("spilledInto")
    expect(rewritten).not.toHaveProperty("notTaken")
  })

  it("a value the page formatted (a mask, spaces, upper case) holds the fill: no check, said as the page's value", () => {
    expect(formattedAs("(555) 123-4567", "5551234567")).toBe(true)
    expect(formattedAs("SW1A 1AA", "sw1a1aa")).toBe(true)
    expect(formattedAs("4111 1111 1111 1111", "4111111111111111")).toBe(true)
    // other letters or digits, none at all, or the same text: not a format
    expect(formattedAs("$1,000.00", "1000")).toBe(false)
    expect(formattedAs("(555) 123-4", "5551230")).toBe(false)
    expect(formattedAs("--", "..")).toBe(false)
    expect(formattedAs("abc", "abc")).toBe(false)
    // a character the page dropped (the @ of an address): rewritten, not formatted
    expect(formattedAs("ab.co", "a@b.co")).toBe(false)
    const target = { selector: "#tel", text: "5551234567" }
    expect(fillVerificationOf(target, read("(555) 123-4567"))).toBeUndefined()
    expect(fillHeldOf(target, read("(555) 123-4567"))).toBe("(555) 123-4567")
    expect(fillHeldOf(target, read("5551234567"))).toBe("5551234567")
    // a secret field's value is never read back as held
    expect(fillHeldOf({ ...target, secret: true }, read("(555) 123-4567"))).toBeUndefined()
  })

  it("a password is compared by length only and never named; a placeholder secret is never read", () => {
    const target = fillTargetOf(["fill", "#password", "hunter22"])
    expect(target).toEqual({ selector: "#password", text: "hunter22", secret: true })
    expect(fillVerificationOf(target!, { password: true, length: 8 })).toBeUndefined()
    const empty = fillVerificationOf(target!, { password: true, length: 0 })
    expect(empty).toMatchObject({ observedLength: 0, expectedLength: 8, notTaken: true })
    expect(JSON.stringify(empty)).not.toContain("hunter22")
    expect(fillTargetOf(["fill", "#password", "{{secret:PW}}"])).toBeUndefined()
    expect(fillProbeRows(target!, undefined).before[0]?.[1]).not.toContain("hunter22")
  })

  it("a native date field: not taken, and the advice is a job type step with its digits", () => {
    const date = fillVerificationOf({ selector: "#d", text: "2024-01-15" }, read("", { fieldType: "date" }))
    expect(date).toMatchObject({ fieldType: "date", notTaken: true })
    expect(fillAdvice(date!)).toBe(
      "Type its digits in the order it shows them with a job type step (real keys), " +
        `e.g. {"action":"type","selector":"#d","text":"01152024"} for 2024-01-15 in a month/day/year field.`
    )
    const readOnly = { ...date!, fieldType: undefined as never, readOnly: true as const }
    expect(fillAdvice(readOnly)).toBe(
      "Open it and see what opens in one job (a click step, then a snapshot step); then choose in it with one more " +
        "job (a date picker: its month buttons, then the day)."
    )
  })

  it("a native date field given an ISO date: its keys in the order it shows its parts, by CSS or by ref", () => {
    const keys = (text: string, order?: string) =>
      fillVerificationOf({ selector: "#d", text }, read("", { fieldType: "date", order }))?.dateKeys
    expect(keys("2026-03-14", "mdy")).toBe("03142026")
    expect(keys("2026-03-14", "dmy")).toBe("14032026")
    expect(keys("2026-03-14", "ymd")).toBe("20260314")
    // not an ISO date, or an order the page did not give: no keys (the advice says how, without them)
    expect(keys("March 14", "mdy")).toBeUndefined()
    expect(keys("2026-03-14")).toBeUndefined()
    const date = fillVerificationOf(
      { selector: "#d", text: "2026-03-14" },
      read("", { fieldType: "date", order: "mdy" })
    )
    expect(fillAdvice(date!)).toBe(
      "Type it as the field's keys, in the order it shows its parts, with one job type step: " +
        `{"action":"type","selector":"#d","text":"03142026"}.`
    )
    // a ref: the focused field's kind is the ref's when both hold the same value
    const ref = { selector: "@e2", text: "2026-03-14" }
    const byRef = fillVerificationOf(ref, read("", { fieldType: "date", order: "mdy" }), undefined, { value: "" })
    expect(byRef).toMatchObject({ fieldType: "date", dateKeys: "03142026", notTaken: true })
    const other = fillVerificationOf(ref, read("x", { fieldType: "date", order: "mdy" }), undefined, { value: "" })
    expect(other).not.toHaveProperty("fieldType")
  })

  it("the short way is the first next action: one job, on this conversation's browser, after a standalone fill", () => {
    const plan = (sessionRole: string, command = "fill") => ({ sessionRole, line: { command } }) as unknown as Plan
    const date = fillVerificationOf(
      { selector: "@e2", text: "2026-03-14" },
      read("", { fieldType: "date", order: "mdy" })
    )!
    const [typed] = fillShortWay(date, plan("managed"))
    expect(typed).toEqual({
      tool: "agent_browser",
      id: "type-date-field-keys",
      reason: "Type the date as the field's keys (03142026) in one job.",
      safety: "Types into this field only.",
      params: { job: { steps: [{ action: "type", selector: "@e2", text: "03142026" }] } }
    })
    expect(Schema.decodeUnknownSync(NextAction)(typed)).toEqual(typed)
    const picker = fillVerificationOf({ selector: "#arrival", text: "2026-03-14" }, read("", { readOnly: true }))!
    expect(fillShortWay(picker, plan("managed"))[0]).toMatchObject({
      id: "open-widget-and-look",
      params: { job: { steps: [{ action: "click", selector: "#arrival" }, { action: "snapshot" }] } }
    })
    // a job cannot name another session; a job's own fill step and a `find` fill keep the args follow-ups only
    expect(fillShortWay(picker, plan("explicit"))).toEqual([])
    expect(fillShortWay(picker, plan("managed", "find"))).toEqual([])
    expect(fillShortWay({ ...picker, stepIndex: 1 }, plan("managed"))).toEqual([])
    // nothing shorter for a field that is neither (a disabled one, a time field)
    const time = fillVerificationOf({ selector: "#t", text: "10:30" }, read("", { fieldType: "time" }))!
    expect(fillShortWay(time, plan("managed"))).toEqual([])
  })

  it("a slider: its value is set and said; a word is refused without being echoed", () => {
    expect(fillBeforeScript("#vol", "25", false)).toContain(`const asked = "25"`)
    expect(fillBeforeScript("#vol", "loud", false)).toContain("const asked = null")
    expect(fillBeforeScript(undefined, "30", true)).toContain("document.activeElement")
    const set = rangeFillOf({ range: { value: "30", before: "59", min: "0", max: "100" } })
    expect(rangeFillText("@e2", set!, "30")).toBe("Set the slider @e2 to 30 (range 0–100; it held 59).")
    expect(rangeFillText("@e2", { ...set!, value: "100" }, "150")).toBe(
      "Set the slider @e2 to 100 " +
        "(range 0–100; it held 59): " +
        "150 is outside its range or steps, so the browser set 100."
    )
    const refused = rangeFillText("#vol", { before: "30", min: "0", max: "100" }, "loud")
    expect(refused).toBe("#vol is a slider (range 0–100): it takes a number, so nothing was set (it holds 30).")
    expect(rangeFillOf({ other: 1 })).toBeUndefined()
    expect(fillProbeRows({ selector: "@e2", text: "30" }, "slider").before.map((r) => r[0])).toEqual(["focus", "eval"])
  })

  it("a time, month or color field: set in its own form and said; a text in another form is refused, not echoed", () => {
    const script = fillBeforeScript("#tm", "13:45", false)
    expect(script).toContain(`"time":"13:45"`)
    expect(script).toContain(`"month":null`)
    // a text in no picker's form is never written into the script (it may be a secret)
    expect(fillBeforeScript("#tm", "hunter2 secret", false)).not.toContain("hunter2")
    expect(fillBeforeScript("#col", " #FF8800 ", false)).toContain(`"color":"#FF8800"`)
    const set = rangeFillOf({ range: { field: "time", value: "13:45", before: "", min: "", max: "" } })
    // before: `The fill did not take on #tm.` (upstream's fill left a time field empty)
    expect(rangeFillText("#tm", set!, "13:45")).toBe(`Set the time field #tm to "13:45" (it held nothing).`)
    // before: `Filled #col` with a check that it held 7 characters, not the 7 typed (the page kept #000000)
    const color = { field: "color", value: "#ff8800", before: "#000000", min: "", max: "" }
    expect(rangeFillText("#col", color, "#FF8800")).toBe(`Set the color field #col to "#ff8800" (it held "#000000").`)
    const refused = rangeFillText("#m", { field: "month", before: "", min: "", max: "" }, "July 2026")
    expect(refused).toBe(
      "#m is a native month field: it takes a value like 2026-07 (YYYY-MM), so nothing was set (it holds nothing)."
    )
  })

  it("a text cut at the field's maxlength: said with the start it kept; a secret field by its length only", () => {
    const back = read("ABCDE", { maxLength: 5 })
    const cut = fillVerificationOf({ selector: "#z", text: "ABCDEFGHIJ" }, back)!
    // before: `... not the 10 typed: the page kept or rewrote something else.`
    expect(cut.summary).toBe(
      `After fill, #z holds 5 character(s), not the 10 typed: its maxlength is 5, so the browser kept the first 5: ` +
        `"ABCDE".`
    )
    expect(cut).toMatchObject({ maxLength: 5 })
    expect(cut.notTaken).toBeUndefined()
    expect(fillAdvice(cut)).toBe(
      "The field takes at most 5 characters: if the cut text is not what you meant, fill a shorter one."
    )
    const secret = fillVerificationOf(
      { selector: "#pin", text: "1234567", secret: true },
      read("12345", { maxLength: 5 })
    )!
    expect(secret.summary).not.toContain("12345")
    expect(secret.maxLength).toBeUndefined()
    // a page that rewrote the text (not its start): no cut is claimed
    const rewritten = fillVerificationOf({ selector: "#z", text: "ABCDEFGHIJ" }, read("XXXXX", { maxLength: 5 }))!
    expect(rewritten.summary).toContain('the page kept or rewrote something else: it now shows "XXXXX".')
    // a secret field's rewritten value is never shown
    const masked = fillVerificationOf({ selector: "#z", text: "ABCDEFGHIJ", secret: true }, read("XXXXX"))!
    expect(masked.summary).toContain("the page kept or rewrote something else.")
    expect(masked.summary).not.toContain("XXXXX")
    expect(fillInvalidOf(read("1000", { invalid: "Value must be less than or equal to 100." }))).toBe(
      "Value must be less than or equal to 100."
    )
    expect(fillInvalidOf(read("42"))).toBeUndefined()
  })
})
