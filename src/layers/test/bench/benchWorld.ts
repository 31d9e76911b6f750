/**
 * One world of the deterministic benchmark: the whole service graph over FakeAgentBrowser, FakeElectronHost and an
 * empty FakeOsProcesses table, with every folder under a private temp root. No process, browser or network.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ToolResult } from "../../../schema/ToolResult.js"
import type { BinaryLocator } from "../../../services/BinaryLocator.js"
import type { ProcessRunner } from "../../../services/ProcessRunner.js"
import type { ToolConfigShape } from "../../../services/ToolConfig.js"
import { makeServicesLayer, type MainServices } from "../../MainLive.js"
import { toolConfigLayer } from "../../ToolConfigLive.js"
import { fakeConfig } from "../FakeLayer.js"
import { FakeAgentBrowser, type ScriptedRun } from "../FakeAgentBrowser.js"
import { FakeElectronHost } from "../FakeElectronHost.js"
import { FakeOsProcesses } from "../FakeOsProcesses.js"

/** The call context of every benchmark call: a cwd that exists on any machine (the default policy checks its roots). */
export const BENCH_CALL = { piSessionId: "bench", cwd: tmpdir() } as const

export type BenchServices = MainServices | FakeAgentBrowser | FakeElectronHost

export interface WorldOptions {
  readonly config?: Partial<ToolConfigShape>
  /** Replaces the fake upstream's process layer (e.g. a BinaryLocator that finds nothing). */
  readonly processes?: Layer.Layer<FakeAgentBrowser | ProcessRunner | BinaryLocator>
}

/** Runs `body` in a fresh world over `script`; the temp root is removed afterwards. */
export const inWorld = <A, E>(
  script: ReadonlyArray<ScriptedRun>,
  body: (root: string) => Effect.Effect<A, E, BenchServices>,
  options: WorldOptions = {}
) =>
  Effect.acquireUseRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "piab-bench-"))),
    (root) =>
      Effect.scoped(body(root)).pipe(
        Effect.provide(
          makeServicesLayer({
            config: toolConfigLayer(fakeConfig(root, options.config)),
            processes: options.processes ?? FakeAgentBrowser.layer(script),
            electron: FakeElectronHost.layer(),
            osProcesses: FakeOsProcesses.layer()
          })
        )
      ),
    (root) => Effect.sync(() => rmSync(root, { recursive: true, force: true }))
  )

/** What the model reads of a result, in bytes (text as UTF-8, images as their base64 data). */
export const modelVisibleBytes = (result: ToolResult): number =>
  result.content.reduce(
    (n, part) => n + (part.type === "text" ? Buffer.byteLength(part.text, "utf8") : part.data.length),
    0
  )

export const textOf = (result: ToolResult): string =>
  result.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n")
