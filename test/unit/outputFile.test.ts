/** outputPath: results saved to a file the caller names, redacted, never over a browser artifact. */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "@effect/vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const run = (input: unknown, replies: Parameters<typeof FakeAgentBrowser.layer>[0]) =>
  Effect.provide(runToResult(input, here), fakeLayer(temp.root, replies))

describe("outputPath", () => {
  it.scoped("saves an eval string as-is, relative to the cwd, and says where", () =>
    Effect.gen(function* () {
      const result = yield* run({ args: ["eval", "--stdin"], stdin: "document.title", outputPath: "out/title.txt" }, [
        { reply: FakeAgentBrowser.ok({ origin: "x", result: "Hello" }) }
      ])
      expect(result.isError).toBe(false)
      expect(result.details.outputFile).toMatchObject({
        status: "saved",
        absolutePath: join(temp.root, "out/title.txt"),
        source: "data"
      })
      expect(readFileSync(join(temp.root, "out/title.txt"), "utf8")).toContain("Hello")
      expect(result.content[0]?.type === "text" && result.content[0].text).toContain(
        `Output file: ${join(temp.root, "out/title.txt")}`
      )
    })
  )

  it.scoped("saves a snapshot's full tree, redacted", () =>
    Effect.gen(function* () {
      const tree = '- link "cb" [ref=e1]\n  - StaticText "https://a.test/?token=tok-secret-1"'
      const result = yield* run({ args: ["snapshot"], outputPath: "@snap.txt" }, [
        { reply: FakeAgentBrowser.ok({ origin: "x", refs: {}, snapshot: tree }) }
      ])
      const saved = readFileSync(join(temp.root, "snap.txt"), "utf8")
      expect(result.details.outputFile).toMatchObject({ source: "snapshot" })
      expect(saved).toContain('link "cb" [ref=e1]')
      expect(saved).not.toContain("tok-secret-1")
    })
  )

  it.scoped("with the caller's --json the file is JSON: a snapshot's data and an eval string parse back", () =>
    Effect.gen(function* () {
      const tree = '- heading "Hi" [ref=e1]'
      yield* run({ args: ["--json", "snapshot"], outputPath: "snap.json" }, [
        {
          reply: FakeAgentBrowser.ok({
            origin: "http://a.test/",
            refs: { e1: { role: "heading", name: "Hi" } },
            snapshot: tree
          })
        }
      ])
      expect(JSON.parse(readFileSync(join(temp.root, "snap.json"), "utf8"))).toMatchObject({
        snapshot: tree,
        origin: "http://a.test/"
      })
      yield* run({ args: ["eval", "--json", "--stdin"], stdin: "document.title", outputPath: "title.json" }, [
        { reply: FakeAgentBrowser.ok({ origin: "x", result: "Hello" }) }
      ])
      expect(JSON.parse(readFileSync(join(temp.root, "title.json"), "utf8"))).toEqual({ origin: "x", result: "Hello" })
    })
  )

  it.scoped("refuses to overwrite the file the browser command wrote", () =>
    Effect.gen(function* () {
      const shot = join(temp.root, "shot.png")
      writeFileSync(shot, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))
      const result = yield* run({ args: ["screenshot", shot], outputPath: shot }, [
        { reply: FakeAgentBrowser.ok({ path: shot }) }
      ])
      expect(result.isError).toBe(true)
      expect(result.details.outputFile).toMatchObject({ status: "failed" })
      expect(result.details.successCategory).toBeUndefined()
      expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG")
    })
  )

  it.scoped("turns a write failure into a failed result", () =>
    Effect.gen(function* () {
      writeFileSync(join(temp.root, "afile"), "x")
      const result = yield* run({ args: ["get", "url"], outputPath: "afile/inside.json" }, [
        { reply: FakeAgentBrowser.ok({ url: "http://a" }) }
      ])
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("artifact-missing")
      // the store's typed failure keeps its words: the folder that could not be made, not an empty or generic text
      expect(result.details.outputFile).toMatchObject({
        status: "failed",
        error: expect.stringContaining(join(temp.root, "afile"))
      })
    })
  )
})
