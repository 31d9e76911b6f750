/**
 * Which texts an action made appear are said when more places changed than are said (page/appearedText.ts): a
 * status first, then a count the page changed in place, then the rest, each in the page's order; when no more
 * changed, the first ones in the page's order, as before. The page statement itself, run here.
 */
import { describe, expect, it } from "vitest"
import { PICK_SAID } from "../../src/page/appearedText.js"

type Pick = (texts: ReadonlyArray<string>, ranked: ReadonlyArray<[number, string]>, count: number) => Array<string>
const pickSaid = new Function(`${PICK_SAID} return pickSaid;`)() as Pick

describe("the texts said of what appeared", () => {
  it("a count past the cut is said first; a status before a count", () => {
    const rows: Array<[number, string]> = [
      [2, "Desk lamp"],
      [2, "Monitor"],
      [2, "Keyboard"],
      [1, "Showing 3 of 8 products"]
    ]
    // three are read: the words say two, the third takes the place of one made only of new controls' names
    expect(pickSaid(["Desk lamp", "Monitor", "Keyboard"], rows, 4)).toEqual([
      "Showing 3 of 8 products",
      "Desk lamp",
      "Monitor"
    ])
    expect(pickSaid(["Desk lamp", "Monitor", "Keyboard"], [...rows, [0, "Filter applied"]], 5)).toEqual([
      "Filter applied",
      "Showing 3 of 8 products",
      "Desk lamp"
    ])
  })

  it("no status or count past the cut, or no cut at all: the first texts in the page's order", () => {
    const rows: Array<[number, string]> = [
      [2, "a"],
      [2, "b"],
      [2, "c"]
    ]
    expect(pickSaid(["a", "b", "c"], rows, 3)).toEqual(["a", "b", "c"])
    expect(
      pickSaid(
        ["Row 2", "3 left"],
        [
          [2, "Row 2"],
          [1, "3 left"]
        ],
        2
      )
    ).toEqual(["Row 2", "3 left"])
  })
})
