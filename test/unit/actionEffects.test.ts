/**
 * A click's effects in its words (issue #41 item 5): console errors counted with the first two messages; the main
 * heading and the clicked control only when they changed; nothing at all when nothing changed (the read's answer
 * decoded to no effects); where mouse down|up|move acted.
 */
import { describe, expect, it } from "vitest"
import { clickEffectsOf } from "../../src/page/clickEffects.js"
import { sortedSince } from "../../src/page/sortHeaders.js"
import { isMousePointCommand, mousePointOf } from "../../src/page/mousePoint.js"
import { actionEffectLines, effectActionOf } from "../../src/presenters/text/actionEffectWords.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"

const lines = (value: unknown) => actionEffectLines(clickEffectsOf(value)).map(plain)

describe("a click's effect words", () => {
  it("nothing changed: no effects, no lines", () => {
    expect(clickEffectsOf({ count: 0, errors: [], control: {} })).toBeUndefined()
    expect(clickEffectsOf(undefined)).toBeUndefined()
    expect(lines({ count: 0, errors: [], heading: undefined, control: {} })).toEqual([])
  })

  it("console errors: one with its message; several counted, the first two shown and the rest numbered", () => {
    expect(lines({ count: 1, errors: ["save failed: 500"], control: {} })).toEqual([
      `Console error after the click: "save failed: 500"`
    ])
    expect(lines({ count: 2, errors: ["a", "Uncaught Error: boom"], control: {} })).toEqual([
      `2 console errors after the click: "a"; "Uncaught Error: boom"`
    ])
    expect(lines({ count: 5, errors: ["a", "b", "c"], control: {} })).toEqual([
      `5 console errors after the click: "a"; "b" (and 3 more)`
    ])
  })

  it("a changed heading and control share one line; a heading gone is said as gone", () => {
    expect(lines({ count: 0, errors: [], heading: "Saved", control: { value: "3", expanded: true } })).toEqual([
      `Heading now: "Saved"; the clicked control is now expanded, with value "3"`
    ])
    expect(lines({ count: 0, errors: [], heading: "", control: {} })).toEqual(["The main heading is gone"])
    expect(lines({ count: 0, errors: [], control: { pressed: false } })).toEqual([
      "The clicked control is now not pressed"
    ])
    expect(lines({ count: 0, errors: [], control: { value: "" } })).toEqual([`The clicked control now has value ""`])
  })

  it("a key press whose keydown carried no key: the name is unknown to the browser; a known key says nothing", () => {
    expect(lines({ count: 0, errors: [], control: {}, keys: [""] })).toEqual([
      "The browser does not know that key name: the page got a key event with no key, and nothing was typed. " +
        "Use a key name such as Enter, Tab, Escape, ArrowDown, Backspace, or a single character."
    ])
    expect(clickEffectsOf({ count: 0, errors: [], control: {}, keys: ["Enter"] })).toBeUndefined()
    expect(clickEffectsOf({ count: 0, errors: [], control: {}, keys: [] })).toBeUndefined()
  })

  it("errors first, then the changes", () => {
    expect(lines({ count: 1, errors: ["x"], heading: "Saved", control: {} })).toEqual([
      `Console error after the click: "x"`,
      `Heading now: "Saved"`
    ])
  })

  it("the pointer's place after mouse down|up|move, with the element's label when it has one", () => {
    const at = (value: unknown) => actionEffectLines({ pointer: mousePointOf(value)! }).map(plain)
    expect(at({ x: 310, y: 215, element: "div#pad", label: "Drawing pad" })).toEqual([
      `At (310, 215), over div#pad "Drawing pad"`
    ])
    expect(at({ x: 5, y: 6, element: "body", label: "" })).toEqual(["At (5, 6), over body"])
    expect(mousePointOf(undefined)).toBeUndefined()
    expect(mousePointOf({ x: 1, element: "div" })).toBeUndefined()
    expect(isMousePointCommand(["mouse", "up"])).toBe(true)
    expect(isMousePointCommand(["mouse", "wheel", "0", "100"])).toBe(false)
  })

  it("a key press's lines name the key press and the focused control", () => {
    const effects = clickEffectsOf({ count: 1, errors: ["search failed"], control: { value: "a" } })
    expect(actionEffectLines(effects, effectActionOf("press")).map(plain)).toEqual([
      `Console error after the key press: "search failed"`,
      `The focused control now has value "a"`
    ])
    expect(effectActionOf("click")).toBe("click")
  })
})

describe("the controls an action made appear", () => {
  it("the page's count of controls among what appeared is kept, not said; none counted: no field", () => {
    const effects = clickEffectsOf({ count: 0, errors: [], appeared: { count: 1, texts: ["Email"], controls: 3 } })
    expect(effects?.controlsAppeared).toBe(3)
    expect(actionEffectLines(effects).map(plain)).toEqual(['New text: "Email"'])
    expect(clickEffectsOf({ count: 0, errors: [], appeared: { count: 1, texts: ["x"], controls: 0 } })).toEqual({
      appeared: { count: 1, first: ["x"] }
    })
  })

  it("their refs as snapshot -i lists them, after the new text; past the named ones, counted with snapshot -i", () => {
    const first = [
      { ref: "e6", role: "textbox", name: "Email" },
      { ref: "e4", role: "button", name: "Confirm" }
    ]
    expect(
      actionEffectLines({ appeared: { count: 1, first: ["Email Confirm"] }, newControls: { count: 2, first } }).map(
        plain
      )
    ).toEqual(['New controls: textbox "Email" [ref=e6], button "Confirm" [ref=e4]'])
    expect(actionEffectLines({ newControls: { count: 5, first } }).map(plain)).toEqual([
      'New controls: textbox "Email" [ref=e6], button "Confirm" [ref=e4] (and 3 more: snapshot -i)'
    ])
  })
})

describe("new text the New controls line says already", () => {
  const first = [
    { ref: "e21", role: "menuitem", name: "Newest" },
    { ref: "e22", role: "menuitem", name: "Price: low to high" },
    { ref: "e5", role: "checkbox", name: "" }
  ]
  const said = (appeared: { count: number; first: Array<string>; capped?: true }, count = 3) =>
    actionEffectLines({ appeared, newControls: { count, first } }).map(plain)

  it("a text made only of the named controls' names is not repeated; one with more words stays whole", () => {
    expect(said({ count: 2, first: ["Newest Price: low to high", "Sorted by: Newest"] })).toEqual([
      'New text: "Sorted by: Newest"',
      'New controls: menuitem "Newest" [ref=e21], menuitem "Price: low to high" [ref=e22], checkbox [ref=e5]'
    ])
    expect(said({ count: 1, first: ["Newest Price: low to high ×"] })[0]).toMatch(/^New controls/)
  })

  it("the count left says the rest; with none left to show, the line stays as it was", () => {
    expect(said({ count: 4, first: ["Newest", "2 items"] })[0]).toBe('New text: "2 items" (and 2 more)')
    expect(said({ count: 3, first: ["Newest", "Price: low to high"] })[0]).toBe(
      'New text: "Newest"; "Price: low to high" (and 1 more)'
    )
    expect(said({ count: 2, first: ["Newest"], capped: true })[0]).toBe('New text: "Newest" (and more)')
  })

  it("names of controls only counted, not named, do not hide a text", () => {
    expect(said({ count: 1, first: ["Price: high to low"] }, 5)[0]).toBe('New text: "Price: high to low"')
  })
})

describe("a click on a control the page marks aria-disabled", () => {
  it("nothing changed: said as ignored; anything changed: the change is said, not the mark", () => {
    expect(lines({ count: 0, errors: [], control: {}, ariaDisabled: true })).toEqual([
      "The clicked control is marked aria-disabled, and nothing changed on the page."
    ])
    expect(
      lines({ count: 0, errors: [], control: {}, ariaDisabled: true, appeared: { count: 1, texts: ["Page 3"] } })
    ).toEqual(['New text: "Page 3"'])
    expect(lines({ count: 0, errors: [], control: {}, ariaDisabled: false })).toEqual([])
  })
})

describe("a header the action sorted (aria-sort)", () => {
  it("its name and new order; several in one line; none, or a state not ascending/descending: no line", () => {
    expect(lines({ count: 0, errors: [], control: {}, sorted: [["Price", "descending"]] })).toEqual([
      'Header "Price" now sorted descending'
    ])
    expect(
      lines({
        count: 0,
        errors: [],
        control: {},
        sorted: [
          ["Price", "ascending"],
          ["Name", "descending"]
        ]
      })
    ).toEqual(['Header "Price" now sorted ascending; "Name" now sorted descending'])
    expect(clickEffectsOf({ count: 0, errors: [], control: {}, sorted: [] })).toBeUndefined()
    expect(clickEffectsOf({ count: 0, errors: [], control: {}, sorted: [["Price", "mixed"]] })).toBeUndefined()
  })

  it("a custom order (aria-sort=other) and a header unsorted (back to none) are said", () => {
    expect(lines({ count: 0, errors: [], control: {}, sorted: [["Relevance", "other"]] })).toEqual([
      'Header "Relevance" now sorted in a custom order'
    ])
    expect(lines({ count: 0, errors: [], control: {}, sorted: [["Price", "none"]] })).toEqual([
      'Header "Price" no longer sorted'
    ])
  })

  it("the page's read: the headers that took a sort; else those the action unsorted", () => {
    const since = (before: Array<[string, string]>, now: Array<[string, string]>) =>
      new Function("before", "sortStates", `return ${sortedSince("before")}`)(before, () => now)
    const was: Array<[string, string]> = [
      ["Name", "ascending"],
      ["Price", "none"]
    ]
    // another header took the sort: the one that went back to none is not said beside it
    expect(
      since(was, [
        ["Name", "none"],
        ["Price", "other"]
      ])
    ).toEqual([["Price", "other"]])
    // a third click that unsorts: said as no longer sorted
    expect(
      since(was, [
        ["Name", "none"],
        ["Price", "none"]
      ])
    ).toEqual([["Name", "none"]])
    expect(since(was, was)).toEqual([])
  })

  it("said before the new text; an aria-disabled header that sorted is not said as ignored", () => {
    const value = { count: 0, errors: [], control: {}, appeared: { count: 1, texts: ["Monitor 329 EUR"] } }
    expect(lines({ ...value, sorted: [["Price", "descending"]], ariaDisabled: true })).toEqual([
      'Header "Price" now sorted descending',
      'New text: "Monitor 329 EUR"'
    ])
  })
})
