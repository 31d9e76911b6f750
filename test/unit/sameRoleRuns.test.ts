import { describe, expect, it } from "vitest"
import { expandRuns } from "../../scripts/lib/snapshotRuns.mjs"
import { MIN_RUN, MIN_SHARED_CHARS, sameRoleRuns, sharedNameParts } from "../../src/snapshot/sameRoleRuns.js"

const days = (n: number, from = 1): Array<string> =>
  Array.from({ length: n }, (_, i) => `  - gridcell "Choose March ${from + i}" [ref=e${10 + i}] clickable`)

describe("same-role runs", () => {
  it("a calendar's days say their role and shared mark once, every name and ref in page order", () => {
    const tree = ['- heading "March 2025" [level=2, ref=e2]', "- grid", ...days(7)].join("\n")
    expect(sameRoleRuns(tree)).toBe(
      [
        '- heading "March 2025" [level=2, ref=e2]',
        "- grid",
        '  - gridcell ×7, each clickable, named "Choose March …":',
        ...Array.from({ length: 7 }, (_, i) => `    - "${1 + i}" [ref=e${10 + i}]`)
      ].join("\n")
    )
  })

  it("the words every name starts and ends with are said once, in the header; each line keeps its own part", () => {
    const month = ["Sunday, February 23rd", "Monday, February 24th", "Tuesday, March 1st", "Friday, March 14th"]
    const cells = month.map((d, i) => `- gridcell "Choose ${d}, 2025" [ref=e${32 + i}] clickable`)
    const tree = [...cells, ...cells.map((l, i) => l.replace(`e${32 + i}`, `e${40 + i}`))].join("\n")
    const shown = sameRoleRuns(tree).split("\n")
    expect(shown[0]).toBe('- gridcell ×8, each clickable, named "Choose …, 2025":')
    expect(shown[4]).toBe('  - "Friday, March 14th" [ref=e35]')
    expect(sameRoleRuns(tree).length).toBeLessThan(tree.length - 8 * "Choose , 2025".length + 30)
    // never inside a word: "Choose" and "Chosen" share "Chos", which is not said apart
    expect(sharedNameParts(["Choose a", "Chosen b"])).toEqual({ prefix: "", suffix: "" })
    expect(sharedNameParts(["Row 1st, 2025", "Row 21st, 2025"])).toEqual({ prefix: "Row ", suffix: ", 2025" })
    // nor inside a number: "1.5 kg" and "2.5 kg" share " kg", too short to say apart, not ".5 kg"
    expect(sharedNameParts(["Weight 1.5 kg", "Weight 2.5 kg"])).toEqual({ prefix: "Weight ", suffix: " kg" })
    expect(sharedNameParts(["1.5 kg box", "2.5 kg box"])).toEqual({ prefix: "", suffix: " kg box" })
    // a name that would keep nothing of its own, or a shared part too short to pay, leaves the names whole
    expect(sharedNameParts(["Choose Monday, 2025", "Choose Monday, 2025"])).toEqual({ prefix: "", suffix: "" })
    expect(sharedNameParts(["Part 1", "Part 2"])).toEqual({ prefix: "", suffix: "" })
    expect(sharedNameParts(["Page 1", "Page 1 of 2"])).toEqual({ prefix: "", suffix: "" })
  })

  it("shared attributes go to the header; the ref stays on each line", () => {
    const tree = Array.from({ length: 6 }, (_, i) => `- heading "Part ${i}" [level=2, ref=e${i + 1}]`).join("\n")
    expect(sameRoleRuns(tree).split("\n")[0]).toBe("- heading ×6, each [level=2]:")
    expect(sameRoleRuns(tree).split("\n")[6]).toBe('  - "Part 5" [ref=e6]')
  })

  it("short runs, short shared parts, different marks or states, unnamed lines and lines with children stay as they are", () => {
    const short = days(MIN_RUN - 1).join("\n")
    expect(sameRoleRuns(short)).toBe(short)
    const mixed = [...days(3), '  - gridcell "Choose March 9" [selected, ref=e30] clickable', ...days(3, 4)].join("\n")
    expect(sameRoleRuns(mixed)).toBe(mixed)
    const unnamed = Array.from({ length: 6 }, (_, i) => `- checkbox [ref=e${i + 1}]`).join("\n")
    expect(sameRoleRuns(unnamed)).toBe(unnamed)
    // a role with nothing shared beside it is short: links, buttons, options read as upstream writes them
    expect("button".length).toBeLessThan(MIN_SHARED_CHARS)
    const links = Array.from({ length: 40 }, (_, i) => `- link "Story ${i}" [ref=e${i + 1}]`).join("\n")
    expect(sameRoleRuns(links)).toBe(links)
    const buttons = Array.from({ length: 8 }, (_, i) => `- button "June ${i + 1}, 2026" [ref=e${i + 1}]`).join("\n")
    expect(sameRoleRuns(buttons)).toBe(buttons)
    const parents = Array.from(
      { length: 6 },
      (_, i) => `- listitem "Item ${i}" [ref=e${i + 1}]\n  - link "Go" [ref=e9${i}]`
    )
    expect(sameRoleRuns(parents.join("\n"))).toBe(parents.join("\n"))
  })

  it("a delta's `… N as before` line ends a run", () => {
    const tree = [...days(6), "  … 3 as before", ...days(6, 20)].join("\n")
    const shown = sameRoleRuns(tree).split("\n")
    expect(shown.filter((l) => l.includes(", each clickable"))).toHaveLength(2)
    expect(shown[7]).toBe("  … 3 as before")
  })

  it("the readers' expansion gives back upstream's lines exactly", () => {
    const tree = [
      '- heading "Dates" [level=2, ref=e1]',
      ...days(8),
      ...Array.from({ length: 6 }, (_, i) => `- tab "T\\"${i}" [selected, ref=e${40 + i}]`),
      ...Array.from({ length: 6 }, (_, i) => `- tab "Say \\"${i}\\" now" [selected, ref=e${50 + i}]`),
      '- button "Done" [ref=e99]'
    ].join("\n")
    expect(sameRoleRuns(tree)).not.toBe(tree)
    expect(expandRuns(sameRoleRuns(tree))).toBe(tree)
  })
})
