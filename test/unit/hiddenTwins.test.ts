/** Which snapshot refs are hidden twins: the page's reachability per repeated role/name group, matched in tree order. */
import { describe, expect, it } from "vitest"
import { hiddenNote, hiddenTwinsOf } from "../../src/page/hiddenTwins.js"

const tree = [
  "- combobox [expanded=false, ref=e2]: Choose a country",
  '  - option "France" [ref=e8]',
  '  - option "Norway" [ref=e10]',
  '- listbox "Country" [ref=e13]',
  '  - option "France" [selected, ref=e18]',
  '  - option "Norway" [ref=e20]',
  '- button "Save" [ref=e30]'
].join("\n")

describe("hiddenTwinsOf", () => {
  it("marks the unreachable ref of a group with its reachable twin, in tree order", () => {
    const hidden = hiddenTwinsOf(tree, { "option\u0000france": [false, true], "option\u0000norway": [false, true] })
    expect([...hidden]).toEqual([
      ["e8", "e18"],
      ["e10", "e20"]
    ])
    expect(hiddenNote("e18")).toBe("hidden: a pointer cannot reach it; use @e18")
  })

  it("marks nothing when counts differ, no twin is reachable, or the read did not answer", () => {
    expect(hiddenTwinsOf(tree, { "option\u0000france": [false, true, true] }).size).toBe(0)
    expect(hiddenTwinsOf(tree, { "option\u0000france": [false, false] }).size).toBe(0)
    expect(hiddenTwinsOf(tree, undefined).size).toBe(0)
    expect(hiddenTwinsOf(tree, { "option\u0000france": ["no", true] }).size).toBe(0)
  })
})
