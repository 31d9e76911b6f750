/** A snapshot that lists a frame with nothing inside says so and how to look inside (frameDiagnostic.ts). */
import { describe, expect, it } from "vitest"
import { bareFramesOf } from "../../src/presenters/text/frameDiagnostic.js"

describe("bareFramesOf", () => {
  it("a frame inside a frame listed bare is named; a frame with lines under it is not", () => {
    const nested = ['- heading "Portal" [level=1, ref=e1]', "- Iframe [ref=e2]", "  - Iframe [ref=e3]"].join("\n")
    expect(bareFramesOf(nested)).toEqual(["@e3"])
    const full = ['- Iframe "Payment" [ref=e5]', '  - button "Pay now" [ref=e6]', "- Iframe [ref=e7]"].join("\n")
    expect(bareFramesOf(full)).toEqual(["@e7"])
    expect(bareFramesOf('- Iframe "Payment" [ref=e5]\n  - button "Pay now" [ref=e6]')).toEqual([])
    expect(bareFramesOf('- button "Iframe [ref=e9]" [ref=e1]')).toEqual([])
  })

  it("a bare frame followed by a sibling at its own depth, or the tree's end, is bare", () => {
    const tree = ["- main [ref=e1]", "  - Iframe [ref=e2]", '  - button "Go" [ref=e3]'].join("\n")
    expect(bareFramesOf(tree)).toEqual(["@e2"])
  })
})
