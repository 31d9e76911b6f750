/** Unnamed controls named by context and `-C`'s ref targets, over snapshot texts recorded from agent-browser 0.41.2. */
import { describe, expect, it } from "vitest"
import { presentSnapshot, presentSnapshotWith } from "../../src/presenters/text/presentSnapshot.js"
import { compactInteractive } from "../../src/snapshot/compactInteractive.js"
import { annotateTree, controlContexts, MAX_CONTEXTS, unnamedControlRefs } from "../../src/snapshot/controlContext.js"
import {
  markScript,
  readRefTargets,
  scopeOf,
  wantsRefTargets,
  withoutRefTargetFlags
} from "../../src/page/refTargets.js"
import { GRID_FULL, GRID_INTERACTIVE, TODOS_FULL, TODOS_INTERACTIVE } from "./recordedSnapshots.js"

const bytes = (s: string) => Buffer.byteLength(s, "utf8")

describe("controlContexts", () => {
  it("names the todo checkboxes by their list item, and only the unnamed ones", () => {
    const unnamed = unnamedControlRefs(TODOS_INTERACTIVE)
    expect(unnamed).toEqual(["e147", "e148", "e149"])
    expect(controlContexts(TODOS_FULL, unnamed)).toEqual({
      e147: 'in listitem "Walk the dog"',
      e148: 'in listitem "Buy milk"',
      e149: 'in listitem "Pay rent"'
    })
  })

  it("uses the table row for icon buttons, and the heading above when no row or label is near", () => {
    const unnamed = unnamedControlRefs(GRID_INTERACTIVE)
    expect(unnamed).toEqual(["e137", "e138", "e126", "e136"])
    expect(controlContexts(GRID_FULL, unnamed)).toEqual({
      e137: 'in row "#1001 $20"',
      e138: 'in row "#1002 $35"',
      // a lone field, and a checkbox next to a long paragraph (a container, not its label)
      e126: 'under heading "Notes"',
      e136: 'under heading "Notes"'
    })
  })

  it("names controls that share a form by the text next to each, not by the form's text", () => {
    // four react-select 5 comboboxes without labels, as agent-browser 0.41.2 printed them (one shown per wrapper)
    const recorded = [
      "- form",
      ...["speed", "file"].map(
        (what, i) =>
          `  - generic\n    - log\n    - generic\n      - generic\n        - StaticText "Select a ${what}"\n        - combobox [expanded=false, ref=e${6 + i}]`
      ),
      '  - checkbox "Gift wrap" [checked=false, ref=e3]',
      "  - checkbox [checked=false, ref=e4]",
      '  - StaticText "Express"'
    ].join("\n")
    expect(controlContexts(recorded, unnamedControlRefs(recorded))).toEqual({
      e6: 'next to "Select a speed"',
      e7: 'next to "Select a file"',
      e4: 'before "Express"'
    })
    // the same controls without their wrappers: the form holds them all, and its text would name none apart
    const flat = [
      "- form",
      ...["speed", "file", "name", "color"].map(
        (what, i) => `  - StaticText "Select a ${what}"\n  - combobox [expanded=false, ref=e${6 + i}]`
      ),
      "  - checkbox [checked=false, ref=e4]",
      '  - StaticText "Express"',
      "  - checkbox [checked=false, ref=e5]",
      '  - StaticText "Gift wrap"'
    ].join("\n")
    expect(controlContexts(flat, unnamedControlRefs(flat))).toEqual({
      e6: 'after "Select a speed"',
      e7: 'after "Select a file"',
      e8: 'after "Select a name"',
      e9: 'after "Select a color"',
      // a checkbox's label follows it
      e4: 'before "Express"',
      e5: 'before "Gift wrap"'
    })
  })

  it("names at most MAX_CONTEXTS controls, and cuts long context text", () => {
    const full = [
      "- list",
      ...Array.from(
        { length: 100 },
        (_, i) => `  - listitem [level=1]\n    - button [ref=e${i + 1}]\n    - StaticText "Item ${i} ${"x".repeat(60)}"`
      )
    ].join("\n")
    const found = controlContexts(full, unnamedControlRefs(full))
    expect(Object.keys(found)).toHaveLength(MAX_CONTEXTS)
    expect(found["e1"]).toBe(`in listitem "Item 0 ${"x".repeat(32)}…"`)
  })
})

describe("annotateTree", () => {
  it("appends each context to its control's line and changes no other line; the cost is measured", () => {
    const contexts = controlContexts(TODOS_FULL, unnamedControlRefs(TODOS_INTERACTIVE))
    const named = annotateTree(TODOS_INTERACTIVE, contexts)
    const before = TODOS_INTERACTIVE.split("\n"),
      after = named.split("\n")
    expect(after).toHaveLength(before.length)
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      '- checkbox [checked=false, ref=e147] (in listitem "Walk the dog")',
      '- checkbox [checked=false, ref=e148] (in listitem "Buy milk")',
      '- checkbox [checked=true, ref=e149] (in listitem "Pay rent")'
    ])
    // 415 → 494 bytes on the todo page: ~26 bytes per unnamed control
    expect(bytes(named) - bytes(TODOS_INTERACTIVE)).toBe(79)
  })

  it("returns the very same text when there is nothing to name", () => {
    expect(annotateTree(TODOS_INTERACTIVE, {})).toBe(TODOS_INTERACTIVE)
  })

  it("keeps a value last", () => {
    expect(annotateTree("- combobox [expanded=false, ref=e5]: Vanilla", { e5: 'under heading "Flavour"' })).toBe(
      '- combobox [expanded=false, ref=e5] (under heading "Flavour"): Vanilla'
    )
  })

  it("drops upstream's clickable [onclick] from the tool's own -C targets only", () => {
    // recorded from `snapshot -i` between the -C scripts, plus a page's own click handler
    const tree = [
      '- listitem "Buy milk" [level=1, ref=e108] clickable [onclick]',
      "  - checkbox [checked=false, ref=e118]",
      '  - LabelText "Buy milk" [ref=e119] clickable [onclick]',
      '- listitem "Alpha" [level=1, ref=e104] clickable [onclick]',
      '- generic "Open menu" [ref=e200] clickable [onclick]',
      '- generic "Sort" [ref=e201] clickable [cursor:pointer]'
    ].join("\n")
    expect(annotateTree(tree, { e118: 'in listitem "Buy milk"' }, ["Buy milk", "Buy milk", "Alpha"])).toBe(
      [
        '- listitem "Buy milk" [level=1, ref=e108]',
        '  - checkbox [checked=false, ref=e118] (in listitem "Buy milk")',
        '  - LabelText "Buy milk" [ref=e119]',
        '- listitem "Alpha" [level=1, ref=e104]',
        '- generic "Open menu" [ref=e200] clickable [onclick]',
        '- generic "Sort" [ref=e201] clickable [cursor:pointer]'
      ].join("\n")
    )
  })
})

describe("snapshot presentation with naming", () => {
  const data = (snapshot: string) => ({
    origin: "http://127.0.0.1/todos.html",
    refs: { e147: { role: "checkbox", name: "" } },
    snapshot
  })

  // in -i a heading's level is not shown (condenseTree.ts): otherwise upstream's lines as they were
  const shownInteractive = TODOS_INTERACTIVE.replace(/heading ("[^"]*") \[level=\d, /g, "heading $1 [")

  it("is upstream's lines without naming (a heading's level aside), and annotated with it", () => {
    const plain = presentSnapshot(["snapshot", "-i"], data(TODOS_INTERACTIVE), "http://127.0.0.1/todos.html")
    expect(plain.text).toBe(shownInteractive)
    const contexts = controlContexts(TODOS_FULL, unnamedControlRefs(TODOS_INTERACTIVE))
    const named = presentSnapshotWith(["snapshot", "-i"], data(TODOS_INTERACTIVE), {
      knownUrl: "http://127.0.0.1/todos.html",
      naming: { contexts }
    })
    expect(named.text).toBe(annotateTree(shownInteractive, contexts))
    // --search sees the contexts too
    const found = presentSnapshotWith(["snapshot", "-i"], data(TODOS_INTERACTIVE), {
      options: { search: "Buy milk", viewport: false, diff: false },
      naming: { contexts }
    })
    expect(found.text).toContain('- checkbox [checked=false, ref=e148] (in listitem "Buy milk")')
  })

  it("says when -C found nothing, and how many targets the cap left without refs", () => {
    const named = presentSnapshotWith(["snapshot", "-i"], data(TODOS_INTERACTIVE), {
      knownUrl: "http://127.0.0.1/todos.html",
      naming: { contexts: {}, targets: { names: ["Alpha"], more: 12 } }
    })
    expect(
      named.text.endsWith("\n(-C gave refs to the first 1 list items and labels; 12 more: narrow with -s <css>.)")
    ).toBe(true)
    const none = presentSnapshotWith(["snapshot", "-i"], data(TODOS_INTERACTIVE), {
      naming: { contexts: {}, targets: { names: [], more: 0 } }
    })
    expect(none.text.endsWith("\n(-C: no list items or labels without refs here.)")).toBe(true)
  })

  it("the compact interactive view of an oversized page adds the context to the control's line", () => {
    const raw = [
      TODOS_INTERACTIVE,
      ...Array.from({ length: 400 }, (_, i) => `- link "Story number ${i} with a long headline" [ref=e${1000 + i}]`)
    ].join("\n")
    const view = compactInteractive(raw, "http://127.0.0.1/todos.html", { e148: 'in listitem "Buy milk"' })
    expect(view.text).toContain('\ncheckbox @e148 [checked=false] (in listitem "Buy milk")\n')
    expect(view.text).toContain("\ncheckbox @e147 [checked=false]\n")
  })
})

describe("-C ref targets", () => {
  it("is asked for with upstream's -C/--cursor spelling, which upstream itself never sees", () => {
    expect(wantsRefTargets(["snapshot", "-i", "-C"])).toBe(true)
    expect(wantsRefTargets(["snapshot", "-i", "--cursor"])).toBe(true)
    expect(wantsRefTargets(["snapshot", "-i", "-c"])).toBe(false)
    expect(withoutRefTargetFlags(["snapshot", "-i", "-C", "-s", "#list"])).toEqual(["snapshot", "-i", "-s", "#list"])
  })

  it("scopes the targets to -s and reads the script's answer defensively", () => {
    expect(scopeOf(["snapshot", "-i", "-C", "-s", "#sortable"])).toBe("#sortable")
    expect(markScript('a"b')).toContain('document.querySelector("a\\"b")')
    expect(markScript(undefined)).toContain("root = document.body;")
    expect(readRefTargets({ names: ["Alpha", 3], more: 2 })).toEqual({ names: ["Alpha"], more: 2 })
    expect(readRefTargets("nope")).toBeUndefined()
  })
})
