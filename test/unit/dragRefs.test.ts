/**
 * Refs for what the page marks draggable or a drop target in a plain `snapshot -i` (page/refTargets.ts): the script's
 * two selections, its answer read with the kinds, the snapshot lines that say them, and a page with none read exactly
 * as before. The script itself runs against real pages in test/integration/dragRefs.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { markScript, readRefTargets } from "../../src/page/refTargets.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { presentSnapshotWith } from "../../src/presenters/text/presentSnapshot.js"
import { annotateTree } from "../../src/snapshot/controlContext.js"
import { dragUnseenOf } from "../../src/page/dragWatch.js"
import { actionEffectLines } from "../../src/presenters/text/actionEffectWords.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { batchRows, call, fakeLayer, stepsOf, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())

const BOARD = [
  '- heading "Backlog" [level=3, ref=e1]',
  '- group "Write spec" [ref=e2] clickable [onclick]',
  '- group "Fix login" [ref=e3] clickable [onclick]',
  '- generic "Doing" [ref=e6] clickable [onclick]',
  '  - heading "Doing" [level=3, ref=e4]',
  '- generic "Open menu" [ref=e7] clickable [onclick]'
].join("\n")

const data = (snapshot: string) => ({ origin: "http://127.0.0.1/board.html", refs: {}, snapshot })
const shown = (snapshot: string, naming?: Parameters<typeof presentSnapshotWith>[2]["naming"]) =>
  presentSnapshotWith(["snapshot", "-i"], data(snapshot), { knownUrl: "http://127.0.0.1/board.html", naming }).text

describe("the mark script", () => {
  it("looks only for what the page marks draggable or droppable without -C, and for list items and labels too with it", () => {
    const dragOnly = markScript(undefined, false)
    expect(dragOnly).toContain("[draggable=true], [aria-grabbed=true], [aria-grabbed=false]")
    expect(dragOnly).toContain("[aria-dropeffect]:not([aria-dropeffect=none])")
    expect(dragOnly).not.toContain("li, [role=listitem], label")
    expect(markScript(undefined)).toContain(`"li, [role=listitem], label, " + drag`)
    // SortableJS keeps its instance on the list element; its items are found from its options
    expect(dragOnly).toContain('key.startsWith("Sortable")')
  })

  it("reads the kinds while they stay parallel to the names, and none when nothing is draggable", () => {
    expect(readRefTargets({ names: ["Write spec", "Doing"], more: 0, kinds: ["draggable", "drop target"] })).toEqual({
      names: ["Write spec", "Doing"],
      more: 0,
      kinds: ["draggable", "drop target"]
    })
    expect(readRefTargets({ names: ["Alpha"], more: 0, kinds: [""] })).toEqual({ names: ["Alpha"], more: 0 })
    // a word the tool does not know is not shown as the page's
    expect(readRefTargets({ names: ["A", "B"], more: 0, kinds: ["draggable", "evil"] })?.kinds).toEqual([
      "draggable",
      ""
    ])
    expect(readRefTargets({ names: ["A", 3], more: 0, kinds: ["draggable", ""] })).toEqual({ names: ["A"], more: 0 })
    expect(readRefTargets({ names: [], more: 0, kinds: [] })).toEqual({ names: [], more: 0 })
  })
})

describe("the snapshot lines", () => {
  it("say draggable or drop target where the tool's own handler made upstream say clickable", () => {
    expect(
      annotateTree(BOARD, {}, ["Write spec", "Fix login", "Doing"], ["draggable", "draggable", "drop target"])
    ).toBe(
      [
        '- heading "Backlog" [level=3, ref=e1]',
        '- group "Write spec" [ref=e2] draggable',
        '- group "Fix login" [ref=e3] draggable',
        '- generic "Doing" [ref=e6] drop target',
        '  - heading "Doing" [level=3, ref=e4]',
        // the page's own click handler stays the page's
        '- generic "Open menu" [ref=e7] clickable [onclick]'
      ].join("\n")
    )
    // a list item (-C) of the same text as a card: the card's word wins
    expect(
      annotateTree('- listitem "Ship" [ref=e9] clickable [onclick]', {}, ["Ship", "Ship"], ["", "draggable"])
    ).toBe('- listitem "Ship" [ref=e9] draggable')
  })

  it("of a page with nothing draggable are byte for byte those shown before; a cap says what it left out", () => {
    const plain = '- heading "Hi" [level=1, ref=e1]\n- button "Go" [ref=e2]'
    // without -C a mark script that found nothing leaves no targets in the naming (namedSnapshot.ts)
    expect(shown(plain, { contexts: {} })).toBe(shown(plain))
    expect(shown(plain)).toBe('- heading "Hi" [ref=e1]\n- button "Go" [ref=e2]')
    const capped = shown(BOARD, {
      contexts: {},
      targets: { names: ["Write spec"], more: 3, kinds: ["draggable"], dragOnly: true }
    })
    expect(capped).toContain('- group "Write spec" [ref=e2] draggable')
    expect(
      capped.endsWith("\n(Gave refs to the first 1 draggable elements and drop targets; 3 more: narrow with -s <css>.)")
    ).toBe(true)
    const all = shown(BOARD, {
      contexts: {},
      targets: { names: ["Write spec"], more: 0, kinds: ["draggable"], dragOnly: true }
    })
    expect(all).not.toContain("(")
  })
})

/** A page through the fake graph: the batch answers each step; the mark script finds `marked` (name → kind). */
const page = (tree: string, marked: Readonly<Record<string, string>>) =>
  batchRows((step) => {
    // the full tree has the page's text (a page of text, not one still loading)
    const text = step.includes("-i")
      ? ""
      : '\n- paragraph\n  - StaticText "Cards move between the columns of this board."'
    if (step[0] === "snapshot") return { origin: "http://a.test/", refs: {}, snapshot: `${tree}${text}` }
    const marks = { names: Object.keys(marked), more: 0, kinds: Object.values(marked) }
    // a standalone snapshot's settle read runs the mark script after it (thenMark); a job step's runs it alone
    if (step[0] === "eval" && step[1]?.startsWith("Promise.resolve(") === true)
      return { result: { value: null, marks } }
    if (step[0] === "eval" && step[1]?.includes("const drag =") === true) return { result: marks }
    return { result: null }
  })
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")
/** Each step by what it does: the mark and unmark scripts ride on the settle and twins reads (no step of their own). */
const kindsOf = (steps: ReadonlyArray<ReadonlyArray<string>>) =>
  steps.map((s) => {
    if (s[0] !== "eval") return s.join(" ")
    const does = [s[1]?.includes("const drag =") ? "mark" : "", s[1]?.includes("delete globalThis") ? "unmark" : ""]
    return ["eval", ...does.filter((d) => d !== "")].join("+")
  })

describe("snapshot -i over the fake graph", () => {
  it.scoped("gives the cards their word in the same one process, with no batch step more", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
      expect(textOf(result.content)).toContain('- group "Write spec" [ref=e2] draggable')
      // (the column's name is its heading's, said once on the heading's line)
      expect(textOf(result.content)).toContain('- generic [ref=e6] drop target\n  - heading "Doing" [ref=e4]')
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests).toHaveLength(1)
      // as many steps as before the marks: the settle read, the snapshot, the full tree, the twins read
      expect(kindsOf(stepsOf(requests[0] ?? { args: [] }))).toEqual([
        "eval+mark",
        "snapshot -i",
        "snapshot",
        "eval+unmark"
      ])
    }).pipe(Effect.provide(fakeLayer(temp.root, [page(BOARD, { "Write spec": "draggable", Doing: "drop target" })])))
  )

  it.scoped("shows a page with nothing draggable byte for byte as upstream's tree (a heading's level aside)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
      expect(textOf(result.content)).toBe(
        'Snapshot of http://a.test/ (0 refs):\n- heading "Hi" [ref=e1]\n- button "Go" [ref=e2]'
      )
    }).pipe(
      Effect.provide(fakeLayer(temp.root, [page('- heading "Hi" [level=1, ref=e1]\n- button "Go" [ref=e2]', {})]))
    )
  )

  it.scoped("marks a job's snapshot step in the step's own process", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ job: { steps: [{ action: "snapshot" }] } }, call)
      expect(textOf(result.content)).toContain('- group "Write spec" [ref=e2] draggable')
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests).toHaveLength(1)
      expect(kindsOf(stepsOf(requests[0] ?? { args: [] }))).toEqual([
        "eval+mark",
        "snapshot -i",
        "snapshot",
        "eval+unmark"
      ])
    }).pipe(Effect.provide(fakeLayer(temp.root, [page(BOARD, { "Write spec": "draggable" })])))
  )
})

describe("the compact view of an oversized snapshot -i", () => {
  it("keeps the draggable word on the card's line", () => {
    const cards = ["Write spec", "Fix login"].map((n, i) => `- group "${n}" [ref=e${900 + i}] clickable [onclick]`)
    const links = Array.from({ length: 600 }, (_, i) => `- link "Nav ${i}" [ref=e${1000 + i}]`)
    const raw = [...cards, ...links].join("\n")
    const view = presentSnapshotWith(["snapshot", "-i"], data(raw), {
      naming: {
        contexts: {},
        targets: { names: ["Write spec", "Fix login"], more: 0, kinds: ["draggable", "draggable"], dragOnly: true }
      }
    })
    expect(view.compaction?.mode).toBe("interactive")
    expect(view.text).toContain('\ngroup "Write spec" @e900 [draggable]\n')
    expect(view.text).not.toContain("clickable")
  })
})

describe("a drag the page showed no sign of", () => {
  it("is one the page got no dragstart for and that made no text appear or go", () => {
    expect(dragUnseenOf({ drag: { start: 0, drop: 0, end: 0 } }, {})).toBe(true)
    expect(dragUnseenOf({ drag: { start: 1, drop: 1, end: 1 } }, {})).toBe(false)
    expect(dragUnseenOf({ drag: { start: 0, drop: 0, end: 0 } }, { appeared: { count: 1, first: ["75"] } })).toBe(false)
    // a read that did not answer says nothing
    expect(dragUnseenOf(undefined, {})).toBe(false)
  })

  it("is said as what the page did not do, with where the draggable elements are listed", () => {
    expect(actionEffectLines({ noDragStart: true }).map(plain)).toEqual([
      "The page did not start an HTML5 drag (no dragstart) and no new text appeared. If that is not the element the " +
        'page drags, snapshot -i marks the ones it makes draggable ("draggable").'
    ])
  })
})
