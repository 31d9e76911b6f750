/**
 * `keydown <key>` sends a keydown event only (upstream 0.41.2): a character's key types nothing, and the text says
 * what types it (`press` for printable ASCII, the tool's key-based `keyboard type` beyond); a modifier's or a named
 * key's keydown is only said, with no next step that would type nothing either. Real-browser counterpart:
 * test/integration/honestActions.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const keydown = (key: string) =>
  Effect.map(runToResult({ args: ["keydown", key] }, here), (r) => contentText(r.content)).pipe(
    Effect.provide(
      fakeLayer(temp.root, [batchRows(() => ({ result: {} })), { reply: FakeAgentBrowser.ok({}), repeat: true }])
    )
  )

describe("keydown says what it typed: nothing", () => {
  it.scoped("a printable ASCII key names press; another character names keyboard type; a modifier names neither", () =>
    Effect.gen(function* () {
      expect(yield* keydown("h")).toBe("Key h down (a keydown event only: nothing typed; press h types it).")
      expect(yield* keydown("é")).toBe("Key é down (a keydown event only: nothing typed; keyboard type é types it).")
      // before: "press Shift types it", which types nothing
      expect(yield* keydown("Shift")).toBe("Key Shift down (a keydown event only).")
      expect(yield* keydown("Enter")).toBe("Key Enter down (a keydown event only).")
    })
  )
})
