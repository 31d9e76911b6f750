/** ProcessRunnerLive against real processes: output past the capture cap and a process killed by a signal are named. */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe } from "vitest"
import { ProcessRunnerLive } from "../../src/layers/ProcessRunnerLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { ProcessRunner } from "../../src/services/ProcessRunner.js"
import { suiteTempRoot, testConfig } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const layer = ProcessRunnerLive.pipe(
  Layer.provide(toolConfigLayer(testConfig(temp.root, { env: { PATH: "/usr/bin:/bin" } })))
)

describe("ProcessRunnerLive faults", () => {
  it.effect("output past the capture cap ends the process and says so", () =>
    Effect.gen(function* () {
      const runner = yield* ProcessRunner
      const error = yield* Effect.flip(
        runner.run({ binary: "/usr/bin/yes", args: [], env: {}, timeoutMs: 20_000, maxCaptureBytes: 1024 * 1024 })
      )
      expect(error._tag).toBe("ParseFailure")
      expect(error.message).toContain("capture cap")
    }).pipe(Effect.provide(layer))
  )

  it.effect("a process killed by a signal is named, not an empty reply", () =>
    Effect.gen(function* () {
      const runner = yield* ProcessRunner
      const error = yield* Effect.flip(
        runner.run({ binary: "/bin/sh", args: ["-c", "kill -9 $$"], env: {}, timeoutMs: 20_000 })
      )
      expect(error._tag).toBe("UpstreamFailed")
      expect(error._tag === "UpstreamFailed" && error.code).toBe("killed_by_signal")
      expect(error.message).toContain("SIGKILL")
    }).pipe(Effect.provide(layer))
  )
})
