/**
 * Pointer gestures say the text they made appear: a `mouse down|up|move` is read in its own batch (the point watch and
 * the text watch before it, their reads after it, one process), so a slider dragged by its handle says its new value;
 * a click the tool sends itself (`--button right`) says the custom menu it opened. Real-browser counterpart:
 * test/integration/gestureWords.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Plan } from "../../src/domain/Plan.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { formatSuccess } from "../../src/presenters/text/formatSuccess.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

describe("pointer gestures say the text they made appear", () => {
  it.scoped("mouse move: point watch, text watch, move, both reads, in one process; the new value said", () =>
    Effect.gen(function* () {
      const seen: Array<ReadonlyArray<string>> = []
      let processes = 0
      const point = { x: 325, y: 104, element: "div#track", label: "" }
      const reads = [true, true, { mouse: true }, point, { appeared: { count: 1, texts: ["75"] } }]
      const layer = fakeLayer(temp.root, [
        batchRows(
          (_, i) => ({ result: reads[i] }),
          (steps) => {
            processes++
            seen.push(...steps)
          }
        ),
        {
          reply: () => {
            processes++
            return FakeAgentBrowser.ok({})
          },
          repeat: true
        }
      ])
      const moved = yield* runToResult({ args: ["mouse", "move", "325", "104"] }, here).pipe(Effect.provide(layer))
      expect(contentText(moved.content)).toBe('Mouse move 325 104\nAt (325, 104), over div#track\nNew text: "75"')
      expect(seen.map((step) => step[0])).toEqual(["eval", "eval", "mouse", "eval", "eval"])
      expect(processes).toBe(1)
    })
  )

  it("a right-click that opened a menu names its items after the click", () => {
    const line = { command: "click", positionals: ["click", "#f1", "--button", "right"] }
    const plan = { compiled: { mode: "args" }, line, args: [] } as unknown as Plan
    const data = { toolInput: "click", target: "#f1", x: 660, y: 25, button: "right", clickCount: 1, modifiers: [] }
    const effects = { appeared: { count: 1, first: ["Rename Delete file"] } }
    expect(formatSuccess(plan, { kind: "single", data, warning: undefined, effects }).text).toBe(
      'Clicked #f1 (right button) at (660, 25)\nNew text: "Rename Delete file"'
    )
  })
})
