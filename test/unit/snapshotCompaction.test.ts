/** Snapshot parsing and the compact views, on synthetic trees shaped like real pages. */
import { describe, expect, it } from "vitest"
import { presentSnapshot } from "../../src/presenters/text/presentSnapshot.js"
import { compactInteractive, INTERACTIVE_BYTES } from "../../src/snapshot/compactInteractive.js"
import { compactSnapshot } from "../../src/snapshot/compactSnapshot.js"
import { parseSnapshot } from "../../src/snapshot/parseSnapshot.js"

const navItems = (n: number, first: number) =>
  Array.from(
    { length: n },
    (_, i) => `      - listitem [level=1]\n        - ListMarker "• "\n        - link "Section ${i}" [ref=e${first + i}]`
  ).join("\n")

/** A news page: banner with a search box, a 60-link nav, an article with 40 paragraphs, a footer. */
const newsPage = (paragraphs = 40): string =>
  [
    "- generic",
    "  - banner",
    '    - link "Home" [ref=e1]',
    '    - searchbox "Search news" [ref=e2]',
    '    - button "Sign in" [ref=e3]',
    "    - navigation",
    "      - list",
    navItems(60, 100),
    "  - main",
    "    - article",
    '      - heading "Council approves the new bridge" [level=1, ref=e4]',
    ...Array.from(
      { length: paragraphs },
      (_, i) =>
        `      - paragraph\n        - StaticText "Paragraph ${i} says something substantial about the bridge, its cost and the \\"vote\\" that approved it."\n        - link "source ${i}" [ref=e${300 + i}]\n        - StaticText " was cited."`
    ),
    "  - contentinfo",
    '    - heading "Footer links" [level=2, ref=e5]',
    '    - textbox "Newsletter email" [ref=e6]'
  ].join("\n")

describe("parseSnapshot", () => {
  it("reads roles, quoted names with escapes, attributes, refs and values", () => {
    const root = parseSnapshot(
      '- heading "Say \\"hi\\"" [level=1, ref=e1]\n- combobox [expanded=false, ref=e5]: Vanilla\n  - option "Vanilla" [selected, ref=e7]'
    )
    expect(root.children[0]).toMatchObject({ role: "heading", name: 'Say "hi"', ref: "e1", attrs: ["level=1"] })
    expect(root.children[1]).toMatchObject({ role: "combobox", ref: "e5", value: "Vanilla", attrs: ["expanded=false"] })
    expect(root.children[1]?.children[0]).toMatchObject({ role: "option", name: "Vanilla", attrs: ["selected"] })
  })
})

describe("compactSnapshot", () => {
  const view = compactSnapshot(newsPage(), "https://news.test/bridge")

  it("puts the article first, whole, with its inline link refs", () => {
    const main = view.text.indexOf("Main content (article)")
    expect(main).toBeGreaterThan(0)
    expect(view.text).toContain("# Council approves the new bridge")
    expect(view.text).toContain(
      'Paragraph 0 says something substantial about the bridge, its cost and the "vote" that approved it.source 0 was cited.'
    )
    expect(view.text).toContain("Paragraph 39 says")
    expect(view.text).toContain("@e300 source 0")
    expect(view.compaction).toMatchObject({ mode: "main-content", mainRole: "article", mainTruncated: false })
  })

  it("leaves navigation out but keeps the controls an agent needs, and counts what it omitted", () => {
    expect(view.text).not.toContain("Section 12")
    expect(view.text).toContain('searchbox "Search news" @e2')
    expect(view.text).toContain('textbox "Newsletter email" @e6')
    expect(view.text).toMatch(/Not shown: 6\d link/)
    expect(view.compaction.omitted["link"]).toBeGreaterThanOrEqual(60)
  })

  it("cuts a very long article at the budget and says how much is left and where to read on as text", () => {
    const long = compactSnapshot(newsPage(400), "https://news.test/bridge")
    expect(long.compaction.mainTruncated).toBe(true)
    expect(long.text).toMatch(
      /… \d+\.\d KiB of the main content not shown yet \(§1, 1 read\)\. Read on as text, in order: snapshot --read 1\+\d+/
    )
    expect(Buffer.byteLength(long.text)).toBeLessThan(16 * 1024)
  })

  it("condenses the whole page when there is no article", () => {
    const app = compactSnapshot(
      `- generic\n  - button "New file" [ref=e1]\n  - textbox "Name" [ref=e2]\n${navItems(400, 10)}`,
      "app://"
    )
    expect(app.compaction.mode).toBe("whole-page")
    expect(app.text).toContain('button "New file" @e1')
  })
})

describe("compactInteractive", () => {
  it("keeps every control and content link before short navigation links, in page order, within budget", () => {
    const raw = [
      ...Array.from({ length: 300 }, (_, i) => `- link "Nav ${i}" [ref=e${i + 10}]`),
      '- textbox "Search" [ref=e1]',
      ...Array.from(
        { length: 30 },
        (_, i) => `- link "Story ${i}: a headline long enough to be content" [ref=e${i + 400}]`
      ),
      '- button "Load more" [ref=e2]',
      '- link "Nav 0" [ref=e999]'
    ].join("\n")
    const view = compactInteractive(raw, "https://news.test/")
    expect(Buffer.byteLength(view.text)).toBeLessThanOrEqual(INTERACTIVE_BYTES + 400)
    for (let i = 0; i < 30; i++) expect(view.text).toContain(`Story ${i}:`)
    expect(view.text).toContain('textbox "Search" @e1')
    expect(view.text).toContain('button "Load more" @e2')
    expect(view.text).not.toContain("@e999") // duplicate link name
    expect(view.text.indexOf("Story 0")).toBeLessThan(view.text.indexOf('button "Load more"'))
  })
})

describe("presentSnapshot", () => {
  it("shows small snapshots verbatim and keeps only counts in details", () => {
    const p = presentSnapshot(["snapshot", "-i"], {
      origin: "https://a.test/",
      refs: { e1: { role: "button", name: "Go" } },
      snapshot: '- button "Go" [ref=e1]'
    })
    expect(p.text).toBe('Snapshot of https://a.test/ (1 refs):\n- button "Go" [ref=e1]')
    expect(p.spill).toBeUndefined()
    expect(p.data).toEqual({ origin: "https://a.test/", refCount: 1, snapshotBytes: 22 })
  })

  it("compacts oversized snapshots and hands back the raw tree to spill", () => {
    const raw = newsPage()
    const p = presentSnapshot(["snapshot"], { origin: "https://news.test/", refs: {}, snapshot: raw })
    expect(p.spill).toBe(raw)
    expect(p.text).toContain("compact view")
  })
})
