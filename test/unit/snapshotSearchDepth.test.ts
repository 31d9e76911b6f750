/** `snapshot --search /re/`, `--context <n>` and `-d <n>` as the tool reads them (issue 42, items 5 and 7). */
import { describe, expect, it } from "vitest"
import { depthNote, depthView } from "../../src/snapshot/depthView.js"
import { filterSnapshot, parseSearch } from "../../src/snapshot/filterSnapshot.js"
import { extractSnapshotOptions } from "../../src/upstream/snapshotOptions.js"
import { presentSnapshotWith } from "../../src/presenters/text/presentSnapshot.js"

const TREE = [
  "- main",
  "  - navigation",
  "    - list",
  '      - button "Deep" [ref=e2]',
  '- heading "Top" [level=1, ref=e1]',
  "- contentinfo",
  '  - paragraph "Order #123 shipped"',
  '  - paragraph "Order #456 pending"'
].join("\n")

describe("snapshot --search", () => {
  it("reads /re/flags as a regular expression and anything else as a literal; a bad one says why", () => {
    expect(parseSearch("/order #\\d+/i")).toEqual({ kind: "regex", source: "order #\\d+", flags: "i" })
    expect(parseSearch("Order")).toEqual({ kind: "text", text: "Order" })
    expect(parseSearch("/(/")).toMatch(/not a valid regular expression/)
    expect(parseSearch("/a/g")).toMatch(/flags may be i, m, s or u/)
  })

  it("shows each match under its whole ancestor path, with --context lines around it", () => {
    const deep = filterSnapshot(TREE, { kind: "text", text: "deep" }, undefined)
    expect(deep.text).toBe(TREE.split("\n").slice(0, 4).join("\n"))
    expect(deep).toMatchObject({ matchedLines: 1, matchedRefs: 1, visibleLines: 4 })
    const regex = filterSnapshot(TREE, { kind: "regex", source: "#\\d+ pend", flags: "" }, undefined, 1)
    expect(regex.text.split("\n")).toEqual([
      "- contentinfo",
      '  - paragraph "Order #123 shipped"',
      '  - paragraph "Order #456 pending"'
    ])
    expect(regex.matchedLines).toBe(1)
  })

  it("takes --context, -d and --depth off the argv; refuses what they cannot mean", () => {
    expect(extractSnapshotOptions(["snapshot", "-i", "--search", "/a+/i", "--context", "2", "-d", "3"])).toEqual({
      args: ["snapshot", "-i"],
      options: { search: "/a+/i", viewport: false, diff: false, context: 2, depth: 3 }
    })
    expect(extractSnapshotOptions(["snapshot", "--depth=2"]).options?.depth).toBe(2)
    expect(extractSnapshotOptions(["snapshot", "-d", "0"]).error).toMatch(/from 1 \(the top level only\)/)
    expect(extractSnapshotOptions(["snapshot", "--context", "2"]).error).toMatch(/add --search/)
    expect(extractSnapshotOptions(["snapshot", "--search", "/(/"]).error).toMatch(/not a valid regular expression/)
  })
})

describe("snapshot -d", () => {
  it("cuts the tree as shown at n levels and says what it hid", () => {
    const one = depthView(TREE, 1)
    expect(one.tree).toBe('- main\n- heading "Top" [level=1, ref=e1]\n- contentinfo')
    expect(one).toMatchObject({ hiddenLines: 5, levels: 4 })
    expect(depthNote(one, 1)).toContain("5 deeper line(s) hidden. -d 4 or no -d shows all")
    expect(depthNote(depthView(TREE, 4), 4)).toBe("")
    expect(depthNote(depthView("", 2), 2)).toContain("the page's tree is empty, at any depth")
  })

  it("the presented snapshot is the cut tree with its note, never an empty success", () => {
    const shown = presentSnapshotWith(
      ["snapshot"],
      { origin: "http://a.test/", refs: {}, snapshot: TREE },
      { options: { viewport: false, diff: false, depth: 2 } }
    )
    expect(shown.text).toContain("  - navigation\n")
    expect(shown.text).not.toContain('button "Deep"')
    expect(shown.text).toContain("(-d 2 shows 2 levels of this tree; 2 deeper line(s) hidden")
  })
})
