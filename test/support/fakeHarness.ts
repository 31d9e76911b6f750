/** The whole service graph over FakeAgentBrowser: deterministic, no processes, a private artifact dir. */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Layer from "effect/Layer"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { fakeConfig, makeFakeLayer } from "../../src/layers/test/FakeLayer.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import type { ToolConfigShape } from "../../src/services/ToolConfig.js"

/** The test kit's config (src/layers/test/FakeLayer.ts), under the name the tests use. */
export const testConfig = fakeConfig

/** A temp root for one test file, removed by the returned cleanup. */
export const tempRoot = (): { readonly root: string; readonly cleanup: () => void } => {
  const root = mkdtempSync(join(tmpdir(), "piab-unit-"))
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

export const fakeLayer = (root: string, script: ReadonlyArray<ScriptedRun>, overrides: Partial<ToolConfigShape> = {}, version?: string) =>
  makeFakeLayer(FakeAgentBrowser.layer(script, version), toolConfigLayer(testConfig(root, overrides)))

export type FakeServices = Layer.Layer.Success<ReturnType<typeof fakeLayer>>

export const call = { piSessionId: "session-1", cwd: "/work/project" }

/** A scripted `batch` reply: one successful row per stdin step, its result chosen by `answer`. */
export const batchRows = (answer: (step: ReadonlyArray<string>) => unknown): ScriptedRun => ({
  when: (r) => r.args.includes("batch"),
  reply: (r) => ({
    exitCode: 0,
    stdout: `${JSON.stringify((JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>).map((step) => ({ command: step, success: true, result: answer(step), error: null })))}\n`
  }),
  repeat: true
})
