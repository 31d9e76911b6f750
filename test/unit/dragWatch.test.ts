/**
 * A drag is read in its own batch (the text watch and the drag-events watch before it, one read after it, no other
 * process): an HTML5 drag that started and was dropped nowhere fails as refused (never "Dragged"); text it made appear
 * is said; a drag built on mouse events (no dragstart) is not judged. Real-browser counterpart:
 * test/integration/dragWatch.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { DRAG_WATCH_INSTALL, DRAG_WATCH_READ, dragRefusedOf, isDragCommand } from "../../src/page/dragWatch.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

/** A batch whose last read answers `read`; every process the call started is counted. */
const batchLayer = (read: unknown, seen: Array<ReadonlyArray<string>>, processes: { n: number }) =>
  fakeLayer(temp.root, [
    batchRows(
      (command, i, steps) =>
        command[0] === "eval" ? { result: i === steps.length - 1 ? read : true } : { dragged: true },
      (steps) => {
        processes.n++
        seen.push(...steps)
      }
    ),
    {
      reply: () => {
        processes.n++
        return FakeAgentBrowser.ok({})
      },
      repeat: true
    }
  ])

const drag = (read: unknown) =>
  Effect.gen(function* () {
    const seen: Array<ReadonlyArray<string>> = []
    const processes = { n: 0 }
    const r = yield* runToResult({ args: ["drag", "#k1", "#col-c"] }, here).pipe(
      Effect.provide(batchLayer(read, seen, processes))
    )
    return { r, seen, processes: processes.n }
  })

describe("a drag says whether the page took its drop", () => {
  it("the watch and the read parse as page JavaScript; only `drag <src> <dst>` is watched", () => {
    for (const js of [...DRAG_WATCH_INSTALL, DRAG_WATCH_READ]) expect(() => new Function(`return ${js}`)).not.toThrow()
    expect(isDragCommand(["drag", "#a", "#b"])).toBe(true)
    expect(isDragCommand(["drag", "#a"])).toBe(false)
    expect(isDragCommand(["drop", "#a", "--text", "x"])).toBe(false)
    expect(dragRefusedOf({ drag: { start: 0, drop: 0, end: 0 } }, "#b")).toBeUndefined()
    expect(dragRefusedOf({ drag: { start: 1, drop: 1, end: 1 } }, "#b")).toBeUndefined()
    expect(dragRefusedOf(undefined, "#b")).toBeUndefined()
  })

  it.scoped("an accepted drop: watch, drag, read in one process; the text it made appear said", () =>
    Effect.gen(function* () {
      const read = { appeared: { count: 1, texts: ["Write spec moved to Shipped"] }, drag: { start: 1, drop: 1 } }
      const { r, seen, processes } = yield* drag(read)
      expect(r.isError).toBe(false)
      expect(contentText(r.content)).toBe('Dragged #k1 to #col-c\nNew text: "Write spec moved to Shipped"')
      expect(seen.map((step) => step[0])).toEqual(["eval", "eval", "drag", "eval"])
      expect(processes).toBe(1)
    })
  )

  it.scoped("an HTML5 drag dropped nowhere fails, naming the target that refused it", () =>
    Effect.gen(function* () {
      const { r } = yield* drag({ appeared: { count: 0, texts: [] }, drag: { start: 1, drop: 0, end: 1 } })
      expect(r.isError).toBe(true)
      expect(contentText(r.content)).not.toContain("Dragged")
      expect(contentText(r.content)).toContain("#col-c did not accept it")
      expect(contentText(r.content)).toContain("nothing was dropped or moved")
    })
  )

  // (a drag built on mouse events may have moved something the read does not see: not a failure, but what the page
  // did not do is said, so a drag of what the page does not drag does not read as a plain success)
  it.scoped("a drag with no dragstart and no text change says the page started no HTML5 drag", () =>
    Effect.gen(function* () {
      const { r } = yield* drag({ appeared: { count: 0, texts: [] }, drag: { start: 0, drop: 0, end: 0 } })
      expect(r.isError).toBe(false)
      expect(contentText(r.content)).toBe(
        "Dragged #k1 to #col-c\nThe page did not start an HTML5 drag (no dragstart) and no new text appeared. If that " +
          'is not the element the page drags, snapshot -i marks the ones it makes draggable ("draggable").'
      )
    })
  )
})
