/** The snapshot tree without the lines that say nothing: same line format, every ref, state and text kept. */
import { describe, expect, it } from "vitest"
import { presentSnapshot } from "../../src/presenters/text/presentSnapshot.js"
import { condenseTree, CONTAINER_NAME_CHARS } from "../../src/snapshot/condenseTree.js"
import { GRID_FULL, TODOS_FULL, TODOS_INTERACTIVE } from "./recordedSnapshots.js"

const bytes = (s: string) => Buffer.byteLength(s, "utf8")

/** What a tree says: its refs with their role, name and states, and every text that is not layout. */
const refsOf = (tree: string) =>
  [...tree.matchAll(/- (\S+)(?: ("(?:[^"\\]|\\.)*"))? \[([^\]]*ref=e\d+[^\]]*)\]/g)].map(
    (m) => `${m[1]} ${m[2] ?? ""} ${m[3]?.replace(/level=\d+, /, "")}`
  )
const textsOf = (tree: string) =>
  [...tree.matchAll(/- StaticText ("(?:[^"\\]|\\.)*")/g)]
    .map((m) => (JSON.parse(m[1] ?? '""') as string).trim())
    .filter((t) => !/^[\s•◦,;|/]*$/.test(t))

/** Shaped like the widget page of fixtures/ui-apps as agent-browser 0.41.2 printed it (react-select, a list), plus cards. */
const WIDGETS = [
  "- generic [ref=e1] clickable [onclick]",
  "  - main",
  "    - generic",
  '      - heading "Shipping speed" [level=2, ref=e3]',
  "      - LabelText",
  '        - StaticText "Speed"',
  "      - generic",
  "        - log",
  "        - generic",
  "          - generic",
  '            - StaticText "Choose a speed"',
  '            - combobox "Speed" [expanded=false, ref=e18]',
  "      - paragraph",
  '        - StaticText "Selected: none"',
  "    - generic",
  '      - heading "Priorities" [level=2, ref=e6]',
  "      - list",
  "        - listitem [level=1]",
  '          - StaticText "Alpha"',
  "        - listitem [level=1]",
  '          - ListMarker "• "',
  '          - link "Bravo" [ref=e30]',
  '            - StaticText "Bravo"',
  "        - listitem [level=1]",
  '          - ListMarker "2. "',
  '          - StaticText "Charlie"',
  '      - tabpanel "Overview"',
  '        - StaticText "A sturdy folding bike for city commutes."',
  "      - strong",
  '        - StaticText "2"',
  '      - StaticText "items"',
  '      - StaticText " left"',
  '      - LineBreak "\\n"',
  '      - StaticText ", "',
  "      - table",
  "        - row",
  "          - cell",
  '          - cell "$20"',
  "    - generic",
  '      - StaticText "Alpha"',
  '      - button "Edit" [ref=e40]',
  "    - generic",
  '      - StaticText "Beta"',
  '      - button "Edit" [ref=e41]'
].join("\n")

describe("condenseTree", () => {
  const condensed = condenseTree(WIDGETS)

  it("says a node's text on its own line, drops wrappers, layout and empty structure, and keeps the line format", () => {
    expect(condensed).toBe(
      [
        "- generic [ref=e1] clickable",
        "  - main",
        // sections that start with their heading give way to their nodes; so does a lone wrapper group
        '    - heading "Shipping speed" [level=2, ref=e3]',
        '    - LabelText "Speed"',
        '    - StaticText "Choose a speed"',
        '    - combobox "Speed" [expanded=false, ref=e18]',
        '    - paragraph "Selected: none"',
        '    - heading "Priorities" [level=2, ref=e6]',
        "    - list",
        '      - listitem "Alpha"',
        '      - link "Bravo" [ref=e30]',
        "      - listitem",
        '        - ListMarker "2. "',
        '        - StaticText "Charlie"',
        '    - tabpanel "Overview"',
        '      - StaticText "A sturdy folding bike for city commutes."',
        '    - strong "2"',
        '    - StaticText "items left"',
        "    - table",
        "      - row",
        "        - cell",
        '        - cell "$20"',
        // cards side by side without headings keep their bounds: which Edit goes with which text
        "    - generic",
        '      - StaticText "Alpha"',
        '      - button "Edit" [ref=e40]',
        "    - generic",
        '      - StaticText "Beta"',
        '      - button "Edit" [ref=e41]'
      ].join("\n")
    )
  })

  it("loses no ref, state or text on recorded pages, and is smaller", () => {
    for (const tree of [WIDGETS, TODOS_FULL, GRID_FULL]) {
      const out = condenseTree(tree)
      expect(refsOf(out)).toEqual(refsOf(tree))
      for (const text of textsOf(tree)) expect(out).toContain(text)
      expect(bytes(out)).toBeLessThan(bytes(tree))
    }
    // the todo page: 30% fewer bytes for the same facts
    expect(bytes(condenseTree(TODOS_FULL)) / bytes(TODOS_FULL)).toBeLessThan(0.8)
  })

  it("joins text runs as they read, and keeps a named node's children when they say more than its name", () => {
    expect(condenseTree('- paragraph\n  - StaticText "Hello"\n  - StaticText "world"')).toBe(
      '- paragraph "Hello world"'
    )
    expect(condenseTree('- link "Docs" [ref=e1]\n  - StaticText "Read the docs"')).toBe(
      '- link "Docs" [ref=e1]\n  - StaticText "Read the docs"'
    )
    // a control without a name keeps its text as a child: the tree never names what upstream left unnamed
    expect(condenseTree('- button [ref=e2]\n  - StaticText "×"')).toBe('- button [ref=e2]\n  - StaticText "×"')
  })

  it("in -i keeps a nested list item's level (a flat list shows no nesting), not a top-level item's or a heading's, and lets the page's clickable root give way to the lines inside it", () => {
    const tree = [
      `- generic "todosMark all as completeBuy milkWalk dogPay rent2 items leftAllActiveCompleted" [ref=e1] clickable [onclick]`,
      '  - heading "todos" [level=1, ref=e2]',
      '  - listitem "Alpha" [level=1, ref=e8] draggable',
      '  - listitem "Charlie" [level=2, ref=e9]',
      '  - listitem "Delta" [level=1]'
    ].join("\n")
    const out = condenseTree(tree, { interactive: true })
    // the page's one wrapper: the lines inside it say what it holds, so it gives way to them
    // a heading's level is not kept in -i (the headings are landmarks among the controls); a nested list item's is
    // (level=1 is every top-level item's: it says nothing)
    expect(out).toBe(
      [
        '- heading "todos" [ref=e2]',
        '- listitem "Alpha" [ref=e8] draggable',
        '- listitem "Charlie" [level=2, ref=e9]',
        '- listitem "Delta"'
      ].join("\n")
    )
    expect(condenseTree(TODOS_INTERACTIVE, { interactive: true })).toBe(
      TODOS_INTERACTIVE.replace(/heading ("[^"]*") \[level=\d, /g, "heading $1 [")
    )
    expect(condenseTree(TODOS_INTERACTIVE, { interactive: true })).toContain('- heading "todos" [ref=e140]')
    // an unnamed clickable root gives way too; two wrappers side by side keep their bounds
    expect(condenseTree('- generic [ref=e1] clickable\n  - button "Go" [ref=e2]', { interactive: true })).toBe(
      '- button "Go" [ref=e2]'
    )
    const cards =
      '- generic [ref=e1] clickable\n  - button "A" [ref=e2]\n- generic [ref=e3] clickable\n  - button "B" [ref=e4]'
    expect(condenseTree(cards, { interactive: true })).toBe(cards)
    // a clickable backdrop beside the page's other lines, or one inside another node, is not the page's root: it stays
    const backdrop = '- button "Open" [ref=e1]\n- generic [ref=e2] clickable\n  - button "Close" [ref=e3]'
    expect(condenseTree(backdrop, { interactive: true })).toBe(backdrop)
    const inner = '- dialog "Edit" [ref=e1]\n  - generic [ref=e2] clickable\n    - button "Save" [ref=e3]'
    expect(condenseTree(inner, { interactive: true })).toBe(inner)
    // a wrapper with a state of its own says something: it stays
    const expanded = '- generic [expanded=true, ref=e1]\n  - button "Go" [ref=e2]'
    expect(condenseTree(expanded, { interactive: true })).toBe(expanded)
    // the full tree keeps every name
    expect(condenseTree(tree).split("\n")[0]).toContain("todosMark all as complete")
  })

  it("in -i cuts the run-together names of clickable wrappers side by side: they tell the cards apart", () => {
    const card = (name: string, ref: number) => [
      `  - generic "${name}" [ref=e${ref}] clickable [cursor:pointer]`,
      `    - button "Add to cart" [ref=e${ref + 1}]`
    ]
    const tree = [
      "- list",
      ...card("Alpha lamp, brass, 40 cm, warm light, dimmable: $120Add to cart", 1),
      ...card("Beta lamp: $80Add to cart", 3)
    ].join("\n")
    const out = condenseTree(tree, { interactive: true })
    expect(out).toContain(
      `- generic "${"Alpha lamp, brass, 40 cm, warm light, dimmable".slice(0, CONTAINER_NAME_CHARS - 1)}…" [ref=e1] clickable`
    )
    expect(out).toContain(`- generic "Beta lamp: $80Add to cart" [ref=e3] clickable`)
  })

  it("keeps lines it does not know, and the tool's own context after a control", () => {
    expect(condenseTree("(empty page)")).toBe("(empty page)")
    expect(condenseTree('- checkbox [checked=false, ref=e6] (in listitem "Buy milk")')).toBe(
      '- checkbox [checked=false, ref=e6] (in listitem "Buy milk")'
    )
  })
})

describe("presentSnapshot", () => {
  it("shows the condensed tree, and a page whose condensed tree fits the verbatim budget whole", () => {
    const big = [
      "- list",
      ...Array.from(
        { length: 200 },
        (_, i) =>
          `  - listitem [level=1]\n    - ListMarker "• "\n    - link "Story ${i}" [ref=e${i + 1}]\n      - StaticText "Story ${i}"`
      )
    ].join("\n")
    expect(bytes(big)).toBeGreaterThan(8 * 1024)
    const p = presentSnapshot(["snapshot"], { origin: "https://a.test/", refs: {}, snapshot: big }, "https://a.test/")
    expect(p.spill).toBeUndefined()
    expect(p.text.split("\n")).toHaveLength(201)
    expect(p.text).toContain('\n  - link "Story 199" [ref=e200]')
  })
})
