/** Artifact truth table over FakeAgentBrowser: what upstream claims versus what is on disk. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "@effect/vitest"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const run = (input: unknown, replies: ReadonlyArray<ScriptedRun>) =>
  Effect.provide(runToResult(input, here), fakeLayer(temp.root, replies))
const rows = (details: unknown) =>
  (details as { artifactVerification?: { artifacts: Array<Record<string, unknown>> } }).artifactVerification
    ?.artifacts ?? []

describe("artifact verification", () => {
  it.scoped("a claimed screenshot that is absent fails as artifact-missing", () =>
    Effect.gen(function* () {
      const result = yield* run({ args: ["screenshot", "gone.png"] }, [
        { reply: FakeAgentBrowser.ok({ path: join(temp.root, "gone.png") }) }
      ])
      expect(result.details.failureCategory).toBe("artifact-missing")
    })
  )

  it.scoped("a zero-byte file is unverified, never 'saved'", () =>
    Effect.gen(function* () {
      writeFileSync(join(temp.root, "empty.pdf"), "")
      const result = yield* run({ args: ["pdf", "empty.pdf"] }, [
        { reply: FakeAgentBrowser.ok({ path: join(temp.root, "empty.pdf") }) }
      ])
      expect(result.isError).toBe(false)
      expect(result.details.successCategory).toBe("artifact-unverified")
      expect(rows(result.details)[0]).toMatchObject({ state: "unverified", limitation: "the file is empty" })
    })
  )

  it.scoped("a download saved in another folder is copied to the requested path and says so", () =>
    Effect.gen(function* () {
      mkdirSync(join(temp.root, "Downloads"), { recursive: true })
      writeFileSync(join(temp.root, "Downloads", "report.txt"), "report")
      const result = yield* run({ args: ["download", "#dl", "wanted/report.txt"] }, [
        { reply: FakeAgentBrowser.ok({ path: join(temp.root, "Downloads", "report.txt") }) }
      ])
      expect(result.isError).toBe(false)
      expect(readFileSync(join(temp.root, "wanted/report.txt"), "utf8")).toBe("report")
      expect(result.details.savedFilePath).toBe(join(temp.root, "wanted/report.txt"))
      expect(rows(result.details)[0]?.["limitation"]).toContain("copied to the requested path")
    })
  )

  it.scoped("a download found nowhere fails as download-not-verified", () =>
    Effect.gen(function* () {
      const result = yield* run({ args: ["download", "#dl", "nowhere/x.txt"] }, [
        { reply: FakeAgentBrowser.ok({ path: join(temp.root, "elsewhere/x.txt") }) }
      ])
      expect(result.details.failureCategory).toBe("download-not-verified")
    })
  )

  it.scoped("record start is pending; record stop verifies the file the start named", () =>
    Effect.gen(function* () {
      const start = yield* runToResult({ args: ["record", "start", "run.webm"] }, here)
      expect(rows(start.details)[0]).toMatchObject({ state: "pending", path: join(temp.root, "run.webm") })
      expect(start.details.successCategory).toBe("completed")
      // the test PATH has no ffmpeg: the contract's warning, on the start only
      expect(start.details.recordingDependencyWarning).toMatchObject({
        reason: "ffmpeg-missing-for-recording",
        dependency: "ffmpeg",
        command: "record start"
      })
      expect(existsSync(join(temp.root, "run.webm"))).toBe(false)
      const stop = yield* runToResult({ args: ["record", "stop"] }, here)
      expect(stop.details.recordingDependencyWarning).toBeUndefined()
      expect(rows(stop.details)[0]).toMatchObject({
        state: "verified",
        path: join(temp.root, "run.webm"),
        mediaType: "video/webm"
      })
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { reply: FakeAgentBrowser.ok({ started: true }) },
          {
            reply: (request) => {
              writeFileSync(join(temp.root, "run.webm"), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]))
              return FakeAgentBrowser.ok({ stopped: true, request: request.args.at(-1) })
            }
          }
        ])
      )
    )
  )
})
