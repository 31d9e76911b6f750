/**
 * A click on a field by its ref does not say the focus moved to that field (issue #45, bytes): the recorder has no
 * target for a field's ref, so the page's read names the focused field; the tool drops it when it is the clicked one
 * (its label is the ref's name). The focus on another field (an inline editor a double-click opened) stays.
 */
import { describe, expect, it } from "vitest"
import { withoutClickedFieldFocus } from "../../src/page/focusMoved.js"

const focus = (label: string) => ({ element: "input#speed-input", label })

describe("the focus a click on a field by its ref gave that field", () => {
  it("the clicked field itself: not said; the other effects stay", () => {
    expect(withoutClickedFieldFocus({ focus: focus("Speed") }, { role: "combobox", name: "Speed" })).toBeUndefined()
    expect(
      withoutClickedFieldFocus(
        { focus: focus("Delivery date"), appeared: { count: 1, first: ["March 2025"] } },
        { role: "textbox", name: " Delivery  date" }
      )
    ).toEqual({ appeared: { count: 1, first: ["March 2025"] } })
  })

  it("a label the read cut to 40 characters, the ref's name longer: the same field", () => {
    const name = "Your preferred delivery date for this order please"
    const cut = `${name.slice(0, 39)}…`
    expect(withoutClickedFieldFocus({ focus: focus(cut) }, { role: "textbox", name })).toBeUndefined()
  })

  it("another field, a click on a button, or no ref: said as before", () => {
    const effects = { focus: focus("Search") }
    expect(withoutClickedFieldFocus(effects, { role: "combobox", name: "Speed" })).toBe(effects)
    expect(withoutClickedFieldFocus(effects, { role: "button", name: "Search" })).toBe(effects)
    expect(withoutClickedFieldFocus(effects, undefined)).toBe(effects)
    expect(withoutClickedFieldFocus({ focus: { element: "input" } }, { role: "textbox", name: "" })).toEqual({
      focus: { element: "input" }
    })
  })
})
