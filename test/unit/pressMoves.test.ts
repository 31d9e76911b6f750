/**
 * A key that moves a widget's active item (aria-activedescendant, the focus kept) or scrolls the page says so: the
 * press watch's read (page/actionWatches.ts) decoded, and its words. Real-browser counterpart:
 * test/integration/pressMoves.test.ts.
 */
import { describe, expect, it } from "vitest"
import { clickEffectsOf } from "../../src/page/clickEffects.js"
import { pressMovesOf } from "../../src/page/actionWatches.js"
import { actionEffectLines } from "../../src/presenters/text/actionEffectWords.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"

const none = { count: 0, errors: [], control: {}, keys: ["ArrowDown"] }
const lines = (value: unknown) => actionEffectLines(clickEffectsOf(value), "press").map(plain)

describe("a key press's active item and scroll (press watch)", () => {
  it("names the item a listbox made active, and the widget that kept the focus", () => {
    const moves = { active: { element: "li#o2", label: "Banana", within: "ul#lb" } }
    expect(lines({ ...none, moves })).toEqual([
      'Active item now li#o2 "Banana" (aria-activedescendant of ul#lb, which kept the focus)'
    ])
    const bare = { active: { element: "#o9", label: "", within: "input#cb" } }
    expect(lines({ ...none, moves: bare })).toEqual([
      "Active item now #o9 (aria-activedescendant of input#cb, which kept the focus)"
    ])
  })

  it("says where the page scrolled: down to the bottom, up to the top, or a point between", () => {
    expect(lines({ ...none, keys: ["End"], moves: { scroll: { from: 0, to: 5793, max: 5793 } } })).toEqual([
      "The page scrolled down to y=5793 of 5793 (the bottom)."
    ])
    expect(lines({ ...none, keys: ["Home"], moves: { scroll: { from: 900, to: 0, max: 5793 } } })).toEqual([
      "The page scrolled up to y=0 of 5793 (the top)."
    ])
    expect(lines({ ...none, keys: ["PageDown"], moves: { scroll: { from: 0, to: 540, max: 5793 } } })).toEqual([
      "The page scrolled down to y=540 of 5793."
    ])
    const box = { scroll: { from: 0, to: 131, max: 930, within: "div#logbox" } }
    expect(lines({ ...none, keys: ["PageDown"], moves: box })).toEqual([
      "The scrollable div#logbox scrolled down to y=131 of 930."
    ])
  })

  it("a key that moved the focus names the control it was pressed on, not the focused one, as the one expanded", () => {
    const focus = { element: "li#m1", label: "Rename" }
    expect(lines({ ...none, keys: ["Enter"], focus, control: { expanded: true } })).toEqual([
      'Focus moved to li#m1 "Rename"',
      "The control the key was pressed on is now expanded"
    ])
    expect(lines({ ...none, keys: ["ArrowRight"], control: { expanded: true } })).toEqual([
      "The focused control is now expanded"
    ])
  })

  it("says nothing when nothing moved or the read is malformed", () => {
    expect(clickEffectsOf({ ...none, moves: {} })).toBeUndefined()
    expect(pressMovesOf({ scroll: { from: 10, to: 10, max: 99 } })).toEqual({})
    expect(pressMovesOf({ active: { element: "li#x" } })).toEqual({})
    expect(pressMovesOf("nope")).toEqual({})
  })
})
