/** Artifact truth table over FakeAgentBrowser: what upstream claims versus what is on disk. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { afterAll, describe, expect, it } from "vitest"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { fakeLayer, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const run = (input: unknown, replies: ReadonlyArray<ScriptedRun>) =>
  Effect.runPromise(Effect.scoped(Effect.provide(runToResult(input, here), fakeLayer(temp.root, replies))))
const rows = (details: unknown) => (details as { artifactVerification?: { artifacts: Array<Record<string, unknown>> } }).artifactVerification?.artifacts ?? []

describe("artifact verification", () => {
  it("a claimed screenshot that is absent fails as artifact-missing", async () => {
    const result = await run({ args: ["screenshot", "gone.png"] }, [{ reply: FakeAgentBrowser.ok({ path: join(temp.root, "gone.png") }) }])
    expect(result.details.failureCategory).toBe("artifact-missing")
  })

  it("a zero-byte file is unverified, never 'saved'", async () => {
    writeFileSync(join(temp.root, "empty.pdf"), "")
    const result = await run({ args: ["pdf", "empty.pdf"] }, [{ reply: FakeAgentBrowser.ok({ path: join(temp.root, "empty.pdf") }) }])
    expect(result.isError).toBe(false)
    expect(result.details.successCategory).toBe("artifact-unverified")
    expect(rows(result.details)[0]).toMatchObject({ state: "unverified", limitation: "the file is empty" })
  })

  it("a download saved in another folder is copied to the requested path and says so", async () => {
    mkdirSync(join(temp.root, "Downloads"), { recursive: true })
    writeFileSync(join(temp.root, "Downloads", "report.txt"), "report")
    const result = await run({ args: ["download", "#dl", "wanted/report.txt"] }, [{ reply: FakeAgentBrowser.ok({ path: join(temp.root, "Downloads", "report.txt") }) }])
    expect(result.isError).toBe(false)
    expect(readFileSync(join(temp.root, "wanted/report.txt"), "utf8")).toBe("report")
    expect(result.details.savedFilePath).toBe(join(temp.root, "wanted/report.txt"))
    expect(rows(result.details)[0]?.["limitation"]).toContain("copied to the requested path")
  })

  it("a download found nowhere fails as download-not-verified", async () => {
    const result = await run({ args: ["download", "#dl", "nowhere/x.txt"] }, [{ reply: FakeAgentBrowser.ok({ path: join(temp.root, "elsewhere/x.txt") }) }])
    expect(result.details.failureCategory).toBe("download-not-verified")
  })

  it("record start is pending; record stop verifies the file the start named", async () => {
    const runtime = ManagedRuntime.make(fakeLayer(temp.root, [
      { reply: FakeAgentBrowser.ok({ started: true }) },
      { reply: (request) => {
        writeFileSync(join(temp.root, "run.webm"), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]))
        return FakeAgentBrowser.ok({ stopped: true, request: request.args.at(-1) })
      } }
    ]))
    try {
      const start = await runtime.runPromise(runToResult({ args: ["record", "start", "run.webm"] }, here))
      expect(rows(start.details)[0]).toMatchObject({ state: "pending", path: join(temp.root, "run.webm") })
      expect(start.details.successCategory).toBe("completed")
      expect(existsSync(join(temp.root, "run.webm"))).toBe(false)
      const stop = await runtime.runPromise(runToResult({ args: ["record", "stop"] }, here))
      expect(rows(stop.details)[0]).toMatchObject({ state: "verified", path: join(temp.root, "run.webm"), mediaType: "video/webm" })
    } finally {
      await runtime.dispose()
    }
  })
})
