/**
 * More clauses of the contract's gap list (issue #28), one case each over FakeAgentBrowser: result shapes a model or
 * an embedder reads (the failure sentence, per-step rows, artifact rows). Real-binary counterparts:
 * test/integration/contractRows.test.ts. (Second part: contractRowsMore.test.ts.)
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { commandOf, contentText, failing, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { PNG } from "../support/pngBytes.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

describe("D8: failed prose ends with the contract's category sentence", () => {
  it.scoped("a failure ends with it; a success has none", () =>
    Effect.gen(function* () {
      const failed = yield* runToResult({ args: ["click", "#nope"] }, here).pipe(
        Effect.provide(
          fakeLayer(temp.root, [{ reply: FakeAgentBrowser.fail("Element not found: #nope"), repeat: true }])
        )
      )
      expect(failed.details.failureCategory).toBe("upstream-error")
      expect(contentText(failed.content)).toMatch(
        /^Failed \(upstream-error\): [^]*\nResult category: failure; failureCategory: upstream-error; Pi tool isError: true\.$/
      )
      const ok = yield* runToResult({ args: ["get", "title"] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }]))
      )
      expect(contentText(ok.content)).not.toContain("Result category")
    })
  )

  it.scoped("a failed batch step and a call that never ran end with it too", () =>
    Effect.gen(function* () {
      const batch = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["get", "title"],
            ["click", "#gone"]
          ])
        },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            failing((step) => step[0] === "click", "Element not found: #gone"),
            { reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }
          ])
        )
      )
      expect(contentText(batch.content)).toMatch(
        /Result: step 2 failed \(upstream-error\)\.\nResult category: failure; failureCategory: upstream-error; Pi tool isError: true\.$/
      )
      const invalid = yield* runToResult({ args: ["click"], stdin: "x" }, here).pipe(
        Effect.provide(fakeLayer(temp.root, []))
      )
      expect(contentText(invalid.content)).toMatch(
        /Result category: failure; failureCategory: validation-error; Pi tool isError: true\.$/
      )
    })
  )
})

/** Each step of a raw batch is its own upstream process: its argv after the global flags (`--json --session <name>`). */
/** Upstream writes a screenshot where its argv asks and reports the path. */
const shooting = {
  when: (r: { args: ReadonlyArray<string> }) => commandOf(r.args)[0] === "screenshot",
  reply: (r: { args: ReadonlyArray<string> }) => {
    const path = commandOf(r.args)[1] ?? ""
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, PNG)
    return FakeAgentBrowser.ok({ path })
  },
  repeat: true
}

describe("F1/X14: artifact rows carry absolutePath, requestedPath, status; a saved file is an artifactPath follow-up", () => {
  it.scoped("a direct screenshot: the contract's row, and use-saved-artifact pointing at the file", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["screenshot", "shots/a.png"] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [shooting]))
      )
      const path = join(temp.root, "shots", "a.png")
      expect(result.details.artifacts?.[0]).toEqual({
        kind: "screenshot",
        artifactType: "screenshot",
        path,
        absolutePath: path,
        extension: ".png",
        requestedPath: path,
        status: "saved",
        exists: true,
        sizeBytes: PNG.length,
        mediaType: "image/png",
        cwd: temp.root,
        session: result.details.sessionName
      })
      expect(result.details.artifactVerification?.artifacts[0]).toMatchObject({
        path,
        status: "saved",
        state: "verified",
        exists: true
      })
      expect(result.details.nextActions).toContainEqual({
        tool: "agent_browser",
        id: "use-saved-artifact",
        reason: expect.any(String),
        artifactPath: path
      })
      expect(result.details.pageChangeSummary).toMatchObject({ nextActionIds: ["use-saved-artifact"] })
    })
  )

  it.scoped("record start: pending, no exists, recordingState openRecording, willExistOnStop", () =>
    Effect.gen(function* () {
      const path = join(temp.root, "run.webm")
      const result = yield* runToResult({ args: ["record", "start", "run.webm"] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ path }) }]))
      )
      const row = result.details.artifacts?.[0]
      expect(row).toMatchObject({
        path,
        status: "pending",
        recordingState: "openRecording",
        willExistOnStop: true,
        requestedPath: path
      })
      expect(row).not.toHaveProperty("exists")
      expect(result.details.artifactVerification?.artifacts[0]).toMatchObject({ state: "pending", status: "pending" })
      expect(result.details.artifactVerification?.artifacts[0]).not.toHaveProperty("exists")
      expect(result.details.nextActions?.map((a) => a.id) ?? []).not.toContain("use-saved-artifact")
    })
  )
})

describe("D9/X16: raw batch rows carry their own categories, artifacts, verification and nextActions", () => {
  it.scoped("a saved screenshot row, then a failed step whose nextActions are the call's (and failedStep's)", () =>
    Effect.gen(function* () {
      const path = join(temp.root, "d9", "one.png")
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["screenshot", path],
            ["click", "#gone"],
            ["get", "title"]
          ])
        },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            shooting,
            {
              when: (r) => commandOf(r.args)[0] === "click",
              reply: FakeAgentBrowser.fail("Element not found: #gone"),
              repeat: true
            },
            { reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }
          ])
        )
      )
      const [shot, click] = result.details.batchSteps ?? []
      expect(shot).toMatchObject({
        resultCategory: "success",
        successCategory: "artifact-saved",
        artifacts: [{ path, status: "saved", exists: true }],
        artifactVerification: { verified: true, verifiedCount: 1 }
      })
      expect(shot?.nextActions).toEqual([
        { tool: "agent_browser", id: "use-saved-artifact", reason: expect.any(String), artifactPath: path }
      ])
      expect(click).toMatchObject({ resultCategory: "failure", failureCategory: result.details.failureCategory })
      expect(click).not.toHaveProperty("artifacts")
      expect(click?.nextActions?.length).toBeGreaterThan(0)
      expect(click?.nextActions).toEqual(result.details.nextActions)
      expect(result.details.batchFailure?.failedStep.nextActions).toEqual(click?.nextActions)
    })
  )

  it.scoped("a batch that saved files and succeeded lists them as top-level follow-ups", () =>
    Effect.gen(function* () {
      const a = join(temp.root, "d9", "a.png")
      const b = join(temp.root, "d9", "b.png")
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["screenshot", a],
            ["get", "title"],
            ["screenshot", b]
          ])
        },
        here
      ).pipe(
        Effect.provide(fakeLayer(temp.root, [shooting, { reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }]))
      )
      expect(result.isError).toBe(false)
      expect(
        result.details.nextActions?.filter((x) => x.id === "use-saved-artifact").map((x) => x.artifactPath)
      ).toEqual([a, b])
      expect(result.details.batchSteps?.[1]).not.toHaveProperty("nextActions")
    })
  )
})

describe("F4: spill files are rows of artifactVerification", () => {
  it.scoped(
    "an oversized snapshot: its raw-tree spill is a verified `spill` row with scope and retention; the call stays completed",
    () =>
      Effect.gen(function* () {
        const lines = ["- main", '  - heading "Report" [level=1, ref=e1]']
        for (let i = 0; lines.join("\n").length < 30 * 1024; i++)
          lines.push(`  - paragraph\n    - StaticText "line ${i} with enough words to make the page long."`)
        const result = yield* runToResult({ args: ["snapshot"] }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              {
                reply: FakeAgentBrowser.ok({
                  origin: "https://x.test/",
                  refs: { e1: { role: "heading", name: "Report" } },
                  snapshot: lines.join("\n")
                })
              }
            ])
          )
        )
        const spill = result.details.fullOutputPath
        expect(spill).toBeDefined()
        expect(result.details.successCategory).toBe("completed")
        expect(result.details.artifactVerification).toMatchObject({ verified: true, verifiedCount: 1, missingCount: 0 })
        expect(result.details.artifactVerification?.artifacts).toEqual([
          {
            path: spill,
            kind: "spill",
            state: "verified",
            status: "saved",
            exists: true,
            sizeBytes: expect.any(Number),
            mediaType: "text/plain",
            storageScope: "process-temp",
            retentionState: "ephemeral",
            limitation: "a process-private spill file: removed when pi exits"
          }
        ])
        expect(result.details.artifacts).toBeUndefined()
      })
  )

  it.scoped("a small result has no artifactVerification at all", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "title"] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ title: "T" }) }]))
      )
      expect(result.details.artifactVerification).toBeUndefined()
    })
  )
})

describe("V3: record restart reports the recording it finished", () => {
  it.scoped("the previous recording verified on disk, then the new one pending; said in the text", () =>
    Effect.gen(function* () {
      const first = join(temp.root, "v3", "one.webm")
      const second = join(temp.root, "v3", "two.webm")
      yield* runToResult({ args: ["record", "start", first] }, here)
      const restart = yield* runToResult({ args: ["record", "restart", second] }, here)
      expect(restart.isError).toBe(false)
      expect(restart.details.artifacts?.map((a) => [a.path, a.status])).toEqual([
        [first, "saved"],
        [second, "pending"]
      ])
      expect(restart.details.artifactVerification).toMatchObject({ verifiedCount: 1, pendingCount: 1 })
      expect(contentText(restart.content)).toContain(
        `Note: saved the previous recording ${first}, finished by record restart.`
      )
      // the restart's own recording is the one record stop finishes
      const stop = yield* runToResult({ args: ["record", "stop"] }, here)
      expect(stop.details.artifacts?.map((a) => [a.path, a.status])).toEqual([[second, "saved"]])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { reply: FakeAgentBrowser.ok({ started: true }) },
          {
            reply: (request) => {
              mkdirSync(join(temp.root, "v3"), { recursive: true })
              writeFileSync(join(temp.root, "v3", "one.webm"), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]))
              return FakeAgentBrowser.ok({ restarted: true, path: request.args.at(-1) })
            }
          },
          {
            reply: () => {
              writeFileSync(join(temp.root, "v3", "two.webm"), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 3, 4]))
              return FakeAgentBrowser.ok({ stopped: true })
            }
          }
        ])
      )
    )
  )

  it.scoped("a previous recording not on disk is said, and the restart still succeeds", () =>
    Effect.gen(function* () {
      const first = join(temp.root, "v3", "gone.webm")
      yield* runToResult({ args: ["record", "start", first] }, here)
      const restart = yield* runToResult({ args: ["record", "restart", join(temp.root, "v3", "next.webm")] }, here)
      expect(restart.isError).toBe(false)
      expect(restart.details.artifactVerification?.artifacts[0]).toMatchObject({
        path: first,
        state: "missing",
        exists: false
      })
      expect(contentText(restart.content)).toContain(
        `the previous recording ${first}, finished by record restart, is not on disk`
      )
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({}), repeat: true }])))
  )
})

describe("V13: trace and profiler own Chrome tracing one at a time: conflicting starts and stops are refused", () => {
  it.scoped(
    "with a trace running: profiler start and profiler stop refused ('wrapper believes'), trace stop goes ahead; then profiler start works",
    () =>
      Effect.gen(function* () {
        const calls: Array<ReadonlyArray<string>> = []
        const layer = fakeLayer(temp.root, [
          {
            reply: (r) => {
              calls.push(commandOf(r.args))
              return FakeAgentBrowser.ok(
                commandOf(r.args)[1] === "stop" ? { path: join(temp.root, "v13.json") } : { started: true }
              )
            },
            repeat: true
          }
        ])
        const results = yield* Effect.forEach(
          [
            ["trace", "start"],
            ["profiler", "start"],
            ["profiler", "stop"],
            ["trace", "stop", join(temp.root, "v13.json")],
            ["profiler", "start"]
          ],
          (args) => {
            if (args[1] === "stop") writeFileSync(join(temp.root, "v13.json"), "{}")
            return runToResult({ args }, here)
          }
        ).pipe(Effect.provide(layer))
        const [start, profilerStart, profilerStop, traceStop, later] = results
        expect(start?.isError).toBe(false)
        expect(profilerStart?.details.failureCategory).toBe("validation-error")
        expect(profilerStart?.details.validationError).toContain(
          "the wrapper believes a trace capture owns Chrome tracing in session"
        )
        expect(profilerStop?.details.failureCategory).toBe("validation-error")
        expect(profilerStop?.details.validationError).toContain(
          "is a trace, not a profiler; run trace stop [path] to stop it"
        )
        expect(traceStop?.isError).toBe(false)
        expect(later?.isError).toBe(false)
        // the refused calls never reached upstream
        expect(calls.map((c) => c.slice(0, 2).join(" "))).toEqual(["trace start", "trace stop", "profiler start"])
      })
  )

  it.scoped("a stop with nothing running goes ahead (resync after a stop outside the tool)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["profiler", "stop"] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({}) }]))
      )
      expect(result.details.failureCategory).not.toBe("validation-error")
    })
  )
})
