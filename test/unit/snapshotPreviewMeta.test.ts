/** #28 F13/C2/C3: a compacted snapshot's metadata under the contract's names, and the viewport note it goes with. */
import { describe, expect, it } from "vitest"
import { presentSnapshot, presentSnapshotWith } from "../../src/presenters/text/presentSnapshot.js"

/** A page with a banner of controls, a long article and a footer with a field: compacted (over 8 KiB). */
const page = [
  "- generic",
  "  - banner",
  '    - searchbox "Search news" [ref=e2]',
  '    - button "Sign in" [ref=e3]',
  "  - main",
  "    - article",
  '      - heading "Council approves the new bridge" [level=1, ref=e4]',
  ...Array.from(
    { length: 100 },
    (_, i) =>
      `      - paragraph\n        - StaticText "Paragraph ${i} says something substantial about the bridge, its cost and the vote that approved it."`
  ),
  "  - contentinfo",
  '    - heading "Footer links" [level=2, ref=e5]',
  '    - textbox "Newsletter email" [ref=e6]'
].join("\n")
const refs = {
  e2: { role: "searchbox", name: "Search news" },
  e3: { role: "button", name: "Sign in" },
  e4: { role: "heading", name: "Council approves the new bridge" },
  e5: { role: "heading", name: "Footer links" },
  e6: { role: "textbox", name: "Newsletter email" }
}

describe("compacted snapshot metadata (F13, C2, C3)", () => {
  it("snapshot: data.compacted, the contract's fields, and highValueControlRefIds = the refs of the visible 'Omitted high-value controls' lines", () => {
    const shown = presentSnapshot(["snapshot"], { origin: "https://news.test/", refs, snapshot: page })
    expect(shown.data).toMatchObject({ compacted: true, refCount: 5 })
    const c = shown.compaction as unknown as Record<string, unknown>
    expect(c).toMatchObject({
      viewportOrdering: "dom-signal-prioritized",
      previewMode: "structured",
      structuredPreviewUsed: true,
      snapshotLineCount: page.split("\n").length,
      roleCounts: { searchbox: 1, button: 1, heading: 2, textbox: 1 },
      additionalSectionsOmitted: 0
    })
    // the preview's ref ids are the refs the text shows
    expect([...(c["previewRefIds"] as ReadonlyArray<string>)].sort()).toEqual(
      [...new Set([...shown.text.matchAll(/@(e\d+)/g)].map((m) => m[1]))].sort()
    )
    const controls = shown.text.slice(shown.text.indexOf("Omitted high-value controls:"))
    const ids = c["highValueControlRefIds"] as ReadonlyArray<string>
    expect(ids.length).toBeGreaterThan(0)
    for (const id of ids) expect(controls).toContain(`@${id}`)
    expect(c["previewSections"]).toEqual([
      { title: "Main content", role: "article", linesShown: expect.any(Number), omittedLines: 0 },
      { title: "Other sections", linesShown: 1, omittedLines: 0 },
      { title: "Omitted high-value controls", linesShown: ids.length, omittedLines: 0 }
    ])
    expect(shown.text).toContain("Main content (article)")
    // C2: the note beside viewportOrdering
    expect(shown.text.split("\n")[0]).toContain("Not ordered by what is on screen.")
  })

  it("a main content longer than the view: its section counts the reading lines left for snapshot --read", () => {
    const long = [
      "- main",
      "  - article",
      '    - heading "T" [level=1, ref=e4]',
      ...Array.from(
        { length: 150 },
        (_, i) =>
          `    - paragraph\n      - StaticText "Paragraph ${i} says something substantial about the bridge, its cost and the vote that approved it."`
      )
    ].join("\n")
    const shown = presentSnapshot(["snapshot"], { origin: "https://news.test/", refs: {}, snapshot: long })
    const [main] = (
      shown.compaction as { previewSections: ReadonlyArray<{ linesShown: number; omittedLines?: number }> }
    ).previewSections
    const lastShown = Math.max(...[...shown.text.matchAll(/Paragraph (\d+) says/g)].map((m) => Number(m[1])))
    expect(main?.omittedLines).toBe(149 - lastShown)
    expect(main?.linesShown).toBe(lastShown + 2)
  })

  it("snapshot -i: an outline preview with one section whose shown + omitted lines are every ref", () => {
    const many = [
      page,
      ...Array.from(
        { length: 300 },
        (_, i) => `    - link "More story ${i} with a long headline about the bridge" [ref=e${100 + i}]`
      )
    ].join("\n")
    const shown = presentSnapshot(["snapshot", "-i"], { origin: "https://news.test/", refs, snapshot: many })
    const c = shown.compaction as unknown as Record<string, unknown>
    expect(shown.data).toMatchObject({ compacted: true })
    expect(c).toMatchObject({
      mode: "interactive",
      viewportOrdering: "dom-signal-prioritized",
      previewMode: "outline",
      structuredPreviewUsed: false
    })
    const [section] = c["previewSections"] as ReadonlyArray<{ linesShown: number; omittedLines: number }>
    expect((section?.linesShown ?? 0) + (section?.omittedLines ?? 0)).toBe(305)
    expect(section?.linesShown).toBe(c["shownRefCount"])
    expect(shown.text.split("\n")[0]).toContain("Not ordered by what is on screen.")
  })

  it("a small snapshot is not compacted and has none of it", () => {
    const shown = presentSnapshot(["snapshot"], {
      origin: "https://news.test/",
      refs: {},
      snapshot: '- heading "Hi" [level=1, ref=e1]'
    })
    expect(shown.data).not.toHaveProperty("compacted")
    expect(shown.compaction).toBeUndefined()
  })
})

describe("C5: snapshot --viewport names the page's scroll containers", () => {
  it("snapshotViewport carries the scroll probe's containers, and the viewport line names them", () => {
    const viewport = {
      scrollX: 0,
      scrollY: 300,
      width: 800,
      height: 600,
      pageWidth: 800,
      pageHeight: 3000,
      containerCount: 2,
      containers: [
        { index: 0, tagName: "div", scrollLeft: 0, scrollTop: 120 },
        { index: 1, tagName: "ul", role: "listbox", scrollLeft: 0, scrollTop: 0 }
      ]
    }
    const shown = presentSnapshotWith(
      ["snapshot"],
      { origin: "https://a.test/", refs: {}, snapshot: '- heading "Hi" [level=1, ref=e1]' },
      { options: { viewport: true, diff: false }, viewport }
    )
    expect(shown.snapshotViewport).toEqual(viewport)
    expect(shown.text).toContain(
      "Viewport: 800×600 at scroll 0,300 of a 800×3000 page (snapshot order is page order, not what is on screen). 2 scrollable container(s): div at 0,120, ul[role=listbox] at 0,0."
    )
  })
})
