/** A long document's reading text holds the article, not what repeats it: its table of contents, controls, alt text. */
import { describe, expect, it } from "vitest"
import { compactSnapshot } from "../../src/snapshot/compactSnapshot.js"
import { parsePlace, readFrom, readingDocOfTree } from "../../src/snapshot/readingText.js"
import { parseSnapshot } from "../../src/snapshot/parseSnapshot.js"
import { tablesOfContents } from "../../src/snapshot/tableOfContents.js"

const SECTIONS = 30

/** A manual: a table of contents, then sections with a chapter's own short contents, prose, a copy button, a figure. */
const manual = (sections = SECTIONS): string =>
  [
    "- main",
    '  - heading "The Manual" [level=1, ref=e1]',
    "  - paragraph",
    '    - StaticText "Table of Contents"',
    "  - list",
    ...Array.from(
      { length: sections },
      (_, s) =>
        `    - listitem\n      - ListMarker "• "\n      - link "${s + 1}. Topic number ${s + 1}" [ref=e${100 + s}]`
    ),
    ...Array.from({ length: sections }, (_, s) => [
      `  - heading "${s + 1}. Topic number ${s + 1}" [level=2, ref=e${200 + s}]`,
      ...(s === 0
        ? [
            "  - list",
            ...["One", "Two", "Three"].map(
              (w, i) => `    - listitem\n      - link "1.${i + 1}. Part ${w}" [ref=e${300 + i}]`
            ),
            ...["One", "Two", "Three"].map(
              (w) => `  - heading "1.${w === "One" ? 1 : w === "Two" ? 2 : 3}. Part ${w}" [level=3]`
            )
          ]
        : []),
      ...Array.from(
        { length: 8 },
        (_, p) =>
          `  - paragraph\n    - StaticText "Paragraph ${s + 1}.${p + 1} explains one more detail of topic ${s + 1} in words long enough to be prose."`
      ),
      `  - button "copy" [ref=e${400 + s}]`,
      "  - generic",
      `    - link "A photo of machine ${s + 1} seen from the left" [ref=e${500 + s}]`,
      `      - image "A photo of machine ${s + 1} seen from the left"`,
      `    - StaticText "Figure ${s + 1}: the machine."`
    ]).flat(),
    "  - list",
    "    - listitem",
    '      - link "^" [ref=e900]',
    '      - link "\\"The machine\'s history\\"" [ref=e901]',
    '      - StaticText ". Retrieved 7 January 2011."'
  ].join("\n")

describe("the reading text of a long document", () => {
  const raw = manual()
  const doc = readingDocOfTree(raw)
  const text = doc.lines.join("\n")

  it("leaves out the document's table of contents (it repeats the headings) but keeps a chapter's own short one", () => {
    expect(text).not.toMatch(/^ *(- )?2\. Topic number 2$/m)
    expect(text).toContain("## 2. Topic number 2")
    expect(text).toMatch(/^  1\.1\. Part One$/m)
    expect(tablesOfContents(parseSnapshot(raw)).size).toBe(1)
    // a list of links that are not the headings is content
    expect(
      tablesOfContents(
        parseSnapshot(
          '- main\n  - heading "A" [level=2]\n  - list\n    - listitem\n      - link "Elsewhere one"\n    - listitem\n      - link "Elsewhere two"\n    - listitem\n      - link "Elsewhere three"'
        )
      ).size
    ).toBe(0)
  })

  it("leaves out controls and an image link's alt text, keeps the figure's caption and a citation's spacing", () => {
    expect(text).not.toMatch(/button|copy/)
    expect(text).not.toContain("A photo of machine")
    expect(text).toContain("Figure 3: the machine.")
    expect(text).toContain('^ "The machine\'s history". Retrieved 7 January 2011.')
  })

  it("is what the view shows, refs aside: the view stops on a whole line and the read goes on from the next one", () => {
    const view = compactSnapshot(raw, "https://manual.test/").text
    const place = /snapshot --read (\S+)$/m.exec(view)?.[1] ?? ""
    const read = readFrom(doc, parsePlace(place) ?? { section: 0, skip: 0 })
    const lastShown = [...view.matchAll(/Paragraph (\d+\.\d+) explains/g)].at(-1)?.[1] ?? ""
    const [s, p] = lastShown.split(".").map(Number)
    const next = p === 8 ? `${(s ?? 0) + 1}.1` : `${s}.${(p ?? 0) + 1}`
    expect([...read.text.matchAll(/Paragraph (\d+\.\d+) explains/g)][0]?.[1]).toBe(next)
    // the view's text leaves out the table of contents and the controls too (those are listed after it); its links
    // keep their refs
    const mainText = view.slice(view.indexOf("Main content ("), view.indexOf("… "))
    expect(mainText).not.toMatch(/^ *(- )?2\. Topic number 2/m)
    expect(mainText).not.toContain('button "copy"')
    expect(view).toMatch(/^Omitted high-value controls:\nbutton "copy" @e\d+/m)
    expect(mainText).toContain("Figure 1: the machine. [@e500 A photo of machine 1")
  })
})

describe("a page that fits the view", () => {
  it("keeps its table of contents and controls with their refs, and a line that is one link's name takes just its ref", () => {
    const view = compactSnapshot(manual(3), "https://manual.test/").text
    expect(view).toContain("- 2. Topic number 2 @e101")
    expect(view).toContain('button "copy" @e400')
  })
})

describe("a list in reading text (#29: a model reads the sentences as the page runs them on)", () => {
  // node's docs: "Returns: <Object>" then a nested list whose first item goes on with "pid <number> Pid of …"; a news
  // list whose items end without a period
  const tree = [
    "- main",
    '  - heading "Sync" [level=2]',
    "  - list",
    "    - listitem",
    '      - StaticText "Returns: <Object>"',
    "      - list",
    "        - listitem",
    '          - StaticText "pid <number> Pid of the child process."',
    "        - listitem",
    '          - StaticText "status <number> The exit code."',
    "    - listitem",
    '      - StaticText "integration of catalogs from xsltproc"',
    "    - listitem",
    '      - StaticText "added --version to xsltproc"'
  ].join("\n")

  it("marks an item by its indent, so the text runs on from line to line; nesting stays visible", () => {
    const lines = readingDocOfTree(tree).lines
    expect(lines).toEqual([
      "## Sync",
      "  Returns: <Object>",
      "    pid <number> Pid of the child process.",
      "    status <number> The exit code.",
      "  integration of catalogs from xsltproc",
      "  added --version to xsltproc"
    ])
    expect(lines.join("\n").replace(/\s+/g, " ")).toContain("Returns: <Object> pid <number> Pid of the child process.")
  })

  it("a page that fits the view keeps its `- ` items", () => {
    expect(compactSnapshot(tree, "https://node.test/").text).toContain(
      "- Returns: <Object>\n  - pid <number> Pid of the child process."
    )
  })
})

describe("a folded <details> in reading text", () => {
  // node's docs fold each API's history table; Chromium's tree has the summary, not the table
  const tree = [
    "- main",
    '  - heading "exec" [level=4]',
    "  - group",
    '    - DisclosureTriangle "History" [expanded=false]',
    '      - StaticText "History"',
    "  - group",
    '    - DisclosureTriangle "Examples" [expanded=true]',
    '      - StaticText "Examples"',
    "    - paragraph",
    '      - StaticText "Run ls."'
  ].join("\n")

  it("says the summary folds what it does not show; an open one reads as its text", () => {
    expect(readingDocOfTree(tree).lines).toEqual(["#### exec", "History (folded)", "Examples", "Run ls."])
  })
})
