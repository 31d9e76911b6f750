/**
 * Where a drag's element landed against its aim (page/dragLanding.ts): the pure judge on the read's facts, the words
 * (presenters/text/dragMissWords.ts), and the drag kind on the fake graph: a landing short of the aim is said in the
 * drag's own line, read in its own batch (one process); a landing on the aim keeps the text byte for byte.
 * Real-browser counterpart: test/integration/dragLanding.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type DragLanding, dragMissOf, LANDING_READ, LANDING_WATCH, withDragMiss } from "../../src/page/dragLanding.js"
import { plain } from "../../src/presenters/text/contentBoundary.js"
import { dragMissParts } from "../../src/presenters/text/dragMissWords.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

/** Test (3rd of 4) dragged onto Design (1st): it landed 2nd, after Design. */
const short: DragLanding = { aim: 0, at: 1, count: 4, target: "Design", prev: "Design", next: "Build" }

describe("judging where a drag landed", () => {
  it("the fragments parse as page JavaScript", () => {
    for (const js of [LANDING_WATCH, LANDING_READ]) expect(() => new Function(js)).not.toThrow()
  })

  it("within a list: the place it took against the aimed item's place before the drag", () => {
    expect(dragMissOf(short)).toEqual({
      kind: "list",
      at: 2,
      aim: 1,
      count: 4,
      side: "after",
      neighbour: "Design",
      target: "Design"
    })
    // dragged down (1st onto 4th), left one short: before the aimed item
    expect(dragMissOf({ aim: 3, at: 2, count: 4, target: "Ship", prev: "Test", next: "Ship" })).toMatchObject({
      side: "before",
      neighbour: "Ship",
      at: 3,
      aim: 4
    })
    expect(dragMissOf({ ...short, at: 0 })).toBeUndefined()
  })

  it("a list item that left its list, or an element outside the aimed container, landed elsewhere", () => {
    const where = { element: "div#col-a", label: "Backlog" }
    expect(dragMissOf({ ...short, at: -1, where })).toEqual({ kind: "elsewhere", ...where })
    expect(dragMissOf({ reached: false, where })).toEqual({ kind: "elsewhere", ...where })
    expect(dragMissOf({ reached: true, where })).toBeUndefined()
    // facts the read could not give: nothing judged
    expect(dragMissOf({})).toBeUndefined()
    expect(dragMissOf({ aim: 1 })).toBeUndefined()
  })

  it("the reply data carries the miss only when there is one", () => {
    expect(withDragMiss({ dragged: true }, { landing: { ...short, at: 0 } })).toEqual({ dragged: true })
    expect(withDragMiss({ dragged: true }, { landing: "x" })).toEqual({ dragged: true })
    expect(withDragMiss({ dragged: true }, { landing: short })).toMatchObject({ dragged: true, missed: { at: 2 } })
  })

  it("the words: where it is, the aim, and a drag that moves it on (a ref kept, a CSS selector's item named)", () => {
    const miss = dragMissOf(short)!
    expect(plain(dragMissParts("@e13", "@e11", miss))).toBe(
      'Dragged @e13 toward @e11, but it landed after "Design" (position 2 of 4, aimed at 1). To move it on, drag it ' +
        "onto @e11 again with --human (a slower, eased path)."
    )
    // a drag that already took the eased path is not told to take it
    expect(plain(dragMissParts("@e13", "@e11", miss, true))).toMatch(/drag it onto @e11 again\.$/)
    expect(plain(dragMissParts("#a", "li:nth-child(1)", miss))).toContain('drag it onto "Design" again with')
    const away = dragMissOf({ reached: false, where: { element: "div#col-a", label: "Backlog" } })!
    expect(plain(dragMissParts("#k1", "#col-c", away))).toBe(
      'Dragged #k1 toward #col-c, but it landed in div#col-a "Backlog", not in or next to #col-c. To retry: drag it ' +
        "onto #col-c again with --human (a slower, eased path)."
    )
  })
})

const drag = (read: unknown, input: object = { args: ["drag", "@e13", "@e11"] }) =>
  Effect.gen(function* () {
    const processes = { n: 0 }
    const layer = fakeLayer(temp.root, [
      batchRows(
        (command, i, steps) =>
          command[0] === "eval" ? { result: i === steps.length - 1 ? read : true } : { dragged: true },
        () => {
          processes.n++
        }
      ),
      { reply: () => (processes.n++, FakeAgentBrowser.ok({})), repeat: true }
    ])
    const r = yield* runToResult(input, here).pipe(Effect.provide(layer))
    return { text: contentText(r.content), isError: r.isError, processes: processes.n }
  })

describe("a drag says where its element landed, in its own batch", () => {
  const appeared = { count: 1, texts: ["Order: Design, Test, Build, Ship"] }
  /** A read after a drag that was dropped, its element landing at `landing`. */
  const droppedAt = (landing: DragLanding) => ({ appeared, drag: { start: 1, drop: 1, end: 1 }, landing })
  it.scoped("a landing short of the aim is said in the drag's line", () =>
    Effect.gen(function* () {
      const { text, isError, processes } = yield* drag(droppedAt(short))
      expect(isError).toBe(false)
      expect(processes).toBe(1)
      expect(text).toBe(
        'Dragged @e13 toward @e11, but it landed after "Design" (position 2 of 4, aimed at 1). To move it on, drag ' +
          'it onto @e11 again with --human (a slower, eased path).\nNew text: "Order: Design, Test, Build, Ship"'
      )
    })
  )

  it.scoped("a landing on the aim keeps the text as it was", () =>
    Effect.gen(function* () {
      const { text } = yield* drag(droppedAt({ ...short, at: 0 }))
      expect(text).toBe('Dragged @e13 to @e11\nNew text: "Order: Design, Test, Build, Ship"')
    })
  )

  const jobDrag = {
    job: { steps: [{ action: "drag", selector: "#tasks li:nth-child(3)", target: "#tasks li:nth-child(1)" }] }
  }
  it.scoped("a job's drag step says its miss and the text it made appear in its row, in one process", () =>
    Effect.gen(function* () {
      const { text, isError, processes } = yield* drag(droppedAt(short), jobDrag)
      expect(isError).toBe(false)
      expect(processes).toBe(1)
      expect(text).toBe(
        '✓ 1/1 steps\n1. drag #tasks li:nth-child(3) #tasks li:nth-child(1) → landed after "Design" (position 2 of 4, ' +
          'aimed at 1). To move it on, drag it onto "Design" again with --human (a slower, eased path).\n' +
          '   New text: "Order: Design, Test, Build, Ship"'
      )
    })
  )

  it.scoped("a job's drag step on the aim says what it showed, as the direct one; one the page refused fails", () =>
    Effect.gen(function* () {
      const landed = yield* drag(droppedAt({ ...short, at: 0 }), jobDrag)
      expect(landed.text).toBe(
        '✓ 1/1 steps\n1. drag #tasks li:nth-child(3) #tasks li:nth-child(1)\n   New text: "Order: Design, Test, Build, Ship"'
      )
      // nothing appeared and no dragstart: the row says so, as a direct drag does
      const unseen = yield* drag({ appeared: { count: 0, texts: [] }, drag: { start: 0, drop: 0, end: 0 } }, jobDrag)
      expect(unseen.text).toContain(
        "\n   The page did not start an HTML5 drag (no dragstart) and no new text appeared."
      )
      const refused = yield* drag({ drag: { start: 1, drop: 0, end: 1 } }, jobDrag)
      expect(refused.text).toMatch(
        /^0\/1 steps succeeded\n1\. ✗ drag #tasks li:nth-child\(3\) #tasks li:nth-child\(1\): /
      )
      expect(refused.text).toContain("#tasks li:nth-child(1) did not accept it")
      expect(refused.text).not.toMatch(/Dragged/)
    })
  )
})
