/**
 * Clauses of the contract's gap list (issue #28), one case each, over FakeAgentBrowser: what upstream claims against
 * what the tool then says. Real-binary counterparts: test/integration/contractClauses.test.ts.
 */
import { existsSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, fakeLayer, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")

/** Every batch row answered done; a screenshot row reports its path and writes the file only when `write` says so. */
const screenshots = (write: (path: string) => boolean) =>
  batchRows((step) => {
    if (step[0] !== "screenshot") return {}
    const path = step[1] ?? ""
    if (write(path)) writeFileSync(path, PNG)
    return { path }
  })

describe("F3: a job/qa/batch step that claimed a file it did not leave fails closed, like a direct call", () => {
  it.scoped("raw batch: screenshot reported done, no file → artifact-missing naming the path", () =>
    Effect.gen(function*() {
      const path = join(temp.root, "f3", "gone.png")
      const result = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["screenshot", path]]) }, here).pipe(Effect.provide(fakeLayer(temp.root, [screenshots(() => false)])))
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("artifact-missing")
      expect(result.details.successCategory).toBeUndefined()
      expect(textOf(result.content)).toContain(`Failed (artifact-missing): agent-browser reported a saved screenshot at ${path}, but no file is there`)
      expect(result.details.nextActions?.map((a) => a.id)).toContain("verify-artifact-path")
    }))

  it.scoped("job: the same claim, no file → artifact-missing (not completed)", () =>
    Effect.gen(function*() {
      const path = join(temp.root, "f3", "job.png")
      const result = yield* runToResult({ job: { steps: [{ action: "screenshot", path }] } }, here).pipe(Effect.provide(fakeLayer(temp.root, [
        { when: (r) => r.args.includes("screenshot"), reply: FakeAgentBrowser.ok({ path }) },
        { reply: FakeAgentBrowser.ok({}), repeat: true }
      ])))
      expect(result.details.failureCategory).toBe("artifact-missing")
      expect(result.details.artifactVerification).toMatchObject({ missingCount: 1 })
    }))

  it.scoped("a file that is there stays artifact-saved; matching diff images (no file, said why) stay a success", () =>
    Effect.gen(function*() {
      const path = join(temp.root, "f3", "kept.png")
      const saved = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["screenshot", path]]) }, here).pipe(Effect.provide(fakeLayer(temp.root, [screenshots(() => true)])))
      expect(saved.isError).toBe(false)
      expect(saved.details.successCategory).toBe("artifact-saved")
      const diff = join(temp.root, "f3", "diff.png")
      const matched = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["diff", "screenshot", "--baseline", path, "-o", diff]]) }, here).pipe(Effect.provide(fakeLayer(temp.root, [
        batchRows(() => ({ diffPath: diff, match: true }))
      ])))
      expect(matched.isError).toBe(false)
      expect(matched.details.artifactVerification?.artifacts[0]).toMatchObject({ state: "missing", limitation: "the images match, so agent-browser wrote no diff image" })
    }))
})

describe("F2/V2: artifact paths inside a caller's batch stdin are made absolute, their folders created", () => {
  it.scoped("relative screenshot and pdf paths reach upstream absolute, under the pi cwd, in new folders", () =>
    Effect.gen(function*() {
      const sent: Array<ReadonlyArray<string>> = []
      const result = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["screenshot", "out/new/a.png"], ["pdf", "out/docs/b.pdf"], ["get", "title"]]) }, here).pipe(Effect.provide(fakeLayer(temp.root, [
        batchRows((step) => {
          sent.push(step)
          if (step[0] === "get") return { title: "t" }
          const path = step[1] ?? ""
          expect(existsSync(join(path, ".."))).toBe(true)
          writeFileSync(path, step[0] === "pdf" ? "%PDF-1.4\n" : PNG)
          return { path }
        })
      ])))
      expect(sent).toEqual([["screenshot", join(temp.root, "out/new/a.png")], ["pdf", join(temp.root, "out/docs/b.pdf")], ["get", "title"]])
      expect(result.isError).toBe(false)
      expect(statSync(join(temp.root, "out/new/a.png")).size).toBeGreaterThan(0)
      expect(result.details.args).toEqual(["batch"])
    }))
})
