/**
 * V4: `diff screenshot` answers in words, not `done` plus raw JSON: `Saved diff image: <path>` only when the file is on
 * disk, else `Diff image reported; file not verified`, and matching images say so; the mismatch figure comes with each.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { diffScreenshotText } from "../../src/presenters/text/diffImageText.js"
import { fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { PNG } from "../support/pngBytes.js"

const temp = suiteTempRoot()
const here = { piSessionId: "v4", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ readonly type: string; readonly text?: string }>) =>
  content.map((c) => c.text ?? "").join("\n")
/** agent-browser 0.41.2's reply, as recorded on the real binary. */
const reply = (diffPath: string, match: boolean) => ({
  diffPath,
  differentPixels: match ? 0 : 810036,
  dimensionMismatch: null,
  match,
  mismatchPercentage: match ? 0 : 99.97482227488152,
  totalPixels: 810240
})
const diffCall = (out: string, answer: ReturnType<typeof reply>, write: boolean) =>
  runToResult({ args: ["diff", "screenshot", "--baseline", join(temp.root, "base.png"), "-o", out] }, here).pipe(
    Effect.provide(
      fakeLayer(temp.root, [
        {
          reply: () => {
            if (write) writeFileSync(out, PNG)
            return FakeAgentBrowser.ok(answer)
          },
          repeat: true
        }
      ])
    )
  )

describe("V4: diff screenshot in words", () => {
  it.scoped("a diff image on disk: 'Saved diff image: <path>' with the mismatch figure, no raw JSON", () =>
    Effect.gen(function* () {
      const out = join(temp.root, "diff.png")
      const result = yield* diffCall(out, reply(out, false), true)
      expect(result.isError).toBe(false)
      const text = textOf(result.content)
      expect(text).toContain(`Saved diff image: ${out} (99.97% of pixels differ, 810036 of 810240)`)
      expect(text).not.toMatch(/: done|"diffPath"/)
    })
  )

  it.scoped("matching images: said so with the figure, and no image claimed", () =>
    Effect.gen(function* () {
      const out = join(temp.root, "same.png")
      const result = yield* diffCall(out, reply(out, true), false)
      expect(result.isError).toBe(false)
      const text = textOf(result.content)
      expect(text).toContain("Images match: 0% of pixels differ, 0 of 810240; no diff image written.")
      expect(text).not.toContain("Saved diff image")
    })
  )

  it("an image not verified on disk is only 'reported'", () => {
    const data = reply("/x/d.png", false)
    expect(diffScreenshotText(data, { path: "/x/d.png", kind: "diff-image", state: "unverified" }, true).text).toBe(
      "Diff image reported; file not verified: /x/d.png (99.97% of pixels differ, 810036 of 810240)"
    )
    expect(diffScreenshotText(data, undefined, true).text).toMatch(/^Diff image reported; file not verified/)
    expect(
      diffScreenshotText(
        { diffPath: "/x/d.png", match: false, dimensionMismatch: { baseline: "10x10", current: "20x20" } },
        undefined,
        false
      ).text
    ).toBe(
      'Diff image: /x/d.png (mismatch not reported; the images\' sizes differ: {"baseline":"10x10","current":"20x20"})'
    )
  })
})
