/**
 * The suggestions a fill left open (page/fillSuggestions.ts) in their words: how many options, the first three, and
 * that none is picked; a datalist's values that start with the field's text; the list's own text not said again as new
 * text; no list read: nothing said.
 */
import { describe, expect, it } from "vitest"
import { suggestionsOf, suggestionsRead, withoutSuggestions } from "../../src/page/fillSuggestions.js"
import { actionEffectLines } from "../../src/presenters/text/actionEffectWords.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"

describe("the suggestions a fill left open", () => {
  it("one option; several, the first three named and the rest counted", () => {
    const one = suggestionsOf({ count: 1, first: ["Paris"], list: "Paris" })
    expect(actionEffectLines({ suggestions: one!.suggestions }).map(plain)).toEqual([
      'Suggestions open under the field (1 option): "Paris". None is picked yet: click one to pick it.'
    ])
    const five = suggestionsOf({ count: 5, first: ["Paris", "Parma", "Porto"], list: "Paris Parma Porto Prague Pau" })
    expect(actionEffectLines({ suggestions: five!.suggestions }).map(plain)).toEqual([
      'Suggestions open under the field (5 options): "Paris"; "Parma"; "Porto" (and 2 more). ' +
        "None is picked yet: click one to pick it."
    ])
  })

  it("a datalist's values that start with what the field holds: the page's list, and how to use one", () => {
    const two = suggestionsOf({ count: 2, first: ["Paris", "Parma"], list: "", datalist: "Pa" })
    expect(actionEffectLines({ suggestions: two!.suggestions }).map(plain)).toEqual([
      'The field\'s datalist has 2 values that start with "Pa": "Paris"; "Parma". ' +
        "None is filled in yet: fill a whole value to use one."
    ])
    const one = suggestionsOf({ count: 1, first: ["Prague"], list: "", datalist: "Pr" })
    expect(actionEffectLines({ suggestions: one!.suggestions }).map(plain)[0]).toMatch(
      /^The field's datalist has 1 value /
    )
  })

  it("no list read, or one with no options: nothing", () => {
    expect(suggestionsOf(undefined)).toBeUndefined()
    expect(suggestionsOf({ count: 0, first: [], list: "" })).toBeUndefined()
  })

  it("the list's text and its options are not said again as new text; other new text is", () => {
    expect(withoutSuggestions({ count: 1, first: ["Paris Parma"] }, "Paris Parma", ["Paris", "Parma"])).toBeUndefined()
    expect(withoutSuggestions({ count: 2, first: ["Paris", "2 results"] }, "Paris", ["Paris"])).toEqual({
      count: 1,
      first: ["2 results"]
    })
    expect(withoutSuggestions(undefined, "Paris", ["Paris"])).toBeUndefined()
  })

  it("the page statement parses, by CSS and for a ref (the focused field)", () => {
    expect(() => new Function(`return ${suggestionsRead("#q")}`)).not.toThrow()
    expect(suggestionsRead("@e3")).toContain("null !== null")
  })
})
