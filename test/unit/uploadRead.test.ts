/**
 * `upload <css> <files…>` read around in one upstream batch (page/uploadRead.ts; found by bench:cases
 * inputs.upload-two-into-single and inputs.upload-onto-button): a target that is no file input is refused with the
 * page's file inputs named, the upload not sent; an input that kept fewer files than were sent is said as such; an
 * upload that took every file is said as before. Real-browser counterpart: test/integration/uploadRead.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { uploadHeldText, uploadTargetOf } from "../../src/page/uploadRead.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { contentText, doneRow, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
for (const name of ["a.txt", "b.csv", "me.png"]) writeFileSync(join(temp.root, name), name)
const at = (name: string) => join(temp.root, name)
const here = { piSessionId: "s-upload", cwd: temp.root }
const opened = { url: "http://a.test/form", title: "Form" }

/** The upload's batch: the guard's eval answers `guard` (true, or a thrown value that stops it), then the read. */
const uploadBatch = (guard: { readonly thrown: unknown } | true, held: unknown): ScriptedRun => ({
  when: (r) => stepsOf(r).some((s) => s[0] === "upload"),
  reply: (r) => {
    const [before, upload, after] = stepsOf(r)
    const thrown = guard === true ? undefined : `Evaluation error: Error: \u0001${JSON.stringify(guard.thrown)}\u0001`
    const rows =
      thrown === undefined
        ? [
            doneRow(before, { result: true }),
            doneRow(upload, { uploaded: upload?.[1] }),
            doneRow(after, { result: held })
          ]
        : [{ command: before, success: false, result: null, error: thrown }]
    return { exitCode: thrown === undefined ? 0 : 1, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})

const uploadThrough = (script: ScriptedRun, args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    yield* runToResult({ args: ["open", opened.url] }, here)
    const before = (yield* (yield* FakeAgentBrowser).requests).length
    const result = yield* runToResult({ args: [...args] }, here)
    const requests = (yield* (yield* FakeAgentBrowser).requests).slice(before)
    return { result, requests }
  }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch(opened), script])))

describe("upload read around", () => {
  it("targets: a CSS selector with files; a ref or no file is left as it was", () => {
    expect(uploadTargetOf(["upload", "#f", "/a.txt", "/b.csv"])).toEqual({
      selector: "#f",
      files: ["/a.txt", "/b.csv"]
    })
    expect(uploadTargetOf(["upload", "@e3", "/a.txt"])).toBeUndefined()
    expect(uploadTargetOf(["upload", "#f"])).toBeUndefined()
    const held = { names: ["a.txt"], count: 1, multiple: false }
    expect(uploadHeldText("#f", ["/x/a.txt"], held)).toBeUndefined()
    expect(uploadHeldText("#f", ["/x/a.txt", "/x/b.csv"], held)).toBe(
      "Uploaded 1 of 2 files to #f: it takes one file (no multiple attribute), so it holds only a.txt; not " +
        "attached: /x/b.csv."
    )
  })

  it.scoped("two files into a single-file input: said as one kept, in one upstream process", () =>
    Effect.gen(function* () {
      const held = { names: ["a.txt"], count: 1, multiple: false }
      const args = ["upload", "#f", at("a.txt"), at("b.csv")]
      const { result, requests } = yield* uploadThrough(uploadBatch(true, held), args)
      // before: `Uploaded 2 file(s) to #f: <root>/a.txt, <root>/b.csv`
      expect(contentText(result.content)).toBe(
        "Uploaded 1 of 2 files to #f: it takes one file (no multiple attribute), so it holds only a.txt; not " +
          `attached: ${at("b.csv")}.`
      )
      expect(requests.map((r) => stepsOf(r).map((s) => s[0]))).toEqual([["eval", "upload", "eval"]])
    })
  )

  it.scoped("every file taken: said as before", () =>
    Effect.gen(function* () {
      const held = { names: ["a.txt", "b.csv"], count: 2, multiple: true }
      const { result } = yield* uploadThrough(uploadBatch(true, held), ["upload", "#f", at("a.txt"), at("b.csv")])
      expect(contentText(result.content)).toBe(`Uploaded 2 file(s) to #f: ${at("a.txt")}, ${at("b.csv")}`)
    })
  )

  it.scoped("a button, not a file input: refused with the page's file input named, the upload not sent", () =>
    Effect.gen(function* () {
      const thrown = { notFileInput: { tag: "button", inputs: ["#f"] } }
      const { result } = yield* uploadThrough(uploadBatch({ thrown }, null), ["upload", "#btn", at("me.png")])
      // before: `agent-browser failed: CDP error (DOM.setFileInputFiles): Node is not a file input element`
      expect(result.isError).toBe(true)
      expect(contentText(result.content)).toContain(
        "#btn is a <button>, not a file input: nothing was uploaded (the upload was not sent). The page's file " +
          "input: #f (it may be hidden); upload to it instead."
      )
      expect(result.details.failureCategory).toBe("upstream-error")
    })
  )
})
