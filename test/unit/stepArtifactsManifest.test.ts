/**
 * F9: files saved by job, qa and raw batch steps are in the session's artifact manifest as a direct call's are, so
 * the call's `artifactManifest`, `close`'s `artifactCleanup.explicitArtifactPaths` and a resumed session list them.
 * Real-browser counterpart: test/integration/contractRowsH43.test.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { ToolInput } from "../../src/schema/ToolInput.js"
import { fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { PNG } from "../support/pngBytes.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

/** Each step is its own process: a screenshot writes its file and reports it; everything else answers done. */
const script: ReadonlyArray<ScriptedRun> = [
  {
    reply: (r) => {
      const step = r.args.slice(r.args.indexOf("--session") + 2)
      if (step[0] !== "screenshot") return FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" })
      const path = step[1] ?? ""
      writeFileSync(path, PNG)
      return FakeAgentBrowser.ok({ path })
    },
    repeat: true
  }
]

const noChecks = { checkNetwork: false, checkConsole: false, checkErrors: false }
const cases: ReadonlyArray<readonly [string, (path: string) => ToolInput]> = [
  [
    "job",
    (path) => ({
      job: {
        steps: [
          { action: "open", url: "http://a.test/" },
          { action: "screenshot", path }
        ]
      }
    })
  ],
  ["qa", (path) => ({ qa: { url: "http://a.test/", screenshotPath: path, ...noChecks } })],
  [
    "raw batch",
    (path) => ({
      args: ["batch"],
      stdin: JSON.stringify([
        ["open", "http://a.test/"],
        ["screenshot", path]
      ])
    })
  ]
]

describe("F9: a step's saved file is in the session's manifest", () => {
  for (const [mode, input] of cases) {
    it.scoped(`${mode}: the call's artifactManifest has it; close lists it in explicitArtifactPaths`, () =>
      Effect.gen(function* () {
        mkdirSync(join(temp.root, "f9"), { recursive: true })
        const path = join(temp.root, "f9", `${mode.replace(" ", "-")}.png`)
        const saved = yield* runToResult(input(path), here)
        expect(saved.isError).toBe(false)
        const row = {
          path,
          kind: "screenshot",
          command: "screenshot",
          storageScope: "explicit-path",
          retentionState: "live"
        }
        expect(saved.details.artifactManifest?.entries).toContainEqual(expect.objectContaining(row))
        const closed = yield* runToResult({ args: ["close"] }, here)
        expect(closed.isError).toBe(false)
        expect(closed.details.artifactCleanup?.explicitArtifactPaths).toEqual([path])
      }).pipe(Effect.provide(fakeLayer(temp.root, script)))
    )
  }
})
