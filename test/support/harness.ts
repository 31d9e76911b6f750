/** Runs tool calls through the real service graph over a LiveEnv, the way the pi adapter does. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { expect } from "vitest"
import { BinaryLocatorLive } from "../../src/layers/BinaryLocatorLive.js"
import { makeServicesLayer } from "../../src/layers/MainLive.js"
import { ProcessRunnerLive } from "../../src/layers/ProcessRunnerLive.js"
import { ProcessRunner } from "../../src/services/ProcessRunner.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { type CallContext, runToResult } from "../../src/program/call/ToolCall.js"
import { closeOwnedBrowser } from "../../src/program/lifecycle/lifecycle.js"
import type { Approver } from "../../src/domain/Approval.js"
import type { ProgressSink } from "../../src/domain/Progress.js"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import type { LiveEnv } from "./liveEnv.js"

export interface Harness {
  readonly call: (
    input: unknown,
    options?: { readonly signal?: AbortSignal; readonly approve?: Approver; readonly onProgress?: ProgressSink }
  ) => Promise<ToolResult>
  readonly closeOwned: () => Promise<unknown>
  readonly runtime: ManagedRuntime.ManagedRuntime<any, never>
  readonly piSessionId: string
  readonly dispose: () => Promise<void>
  /** The argv of every upstream process the tool started, in order (the live runner's requests). */
  readonly spawned: () => ReadonlyArray<ReadonlyArray<string>>
}

export const makeHarness = (world: LiveEnv, piSessionId = "pi-session-1", cwd = world.root): Harness => {
  const spawned: Array<ReadonlyArray<string>> = []
  const counting = Layer.effect(
    ProcessRunner,
    Effect.map(ProcessRunner, (live) =>
      ProcessRunner.of({
        run: (request) =>
          Effect.suspend(() => {
            spawned.push(request.args)
            return live.run(request)
          })
      })
    )
  ).pipe(Layer.provide(ProcessRunnerLive))
  const runtime = ManagedRuntime.make(
    makeServicesLayer({ config: toolConfigLayer(world.config), processes: Layer.merge(BinaryLocatorLive, counting) })
  )
  return {
    spawned: () => [...spawned],
    runtime,
    piSessionId,
    call: (input, options = {}) => {
      const call: CallContext = {
        piSessionId,
        cwd,
        ...(options.signal !== undefined ? { signal: options.signal } : {}),
        ...(options.approve !== undefined ? { approve: options.approve } : {}),
        ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {})
      }
      return runtime.runPromise(runToResult(input, call))
    },
    closeOwned: () => runtime.runPromise(closeOwnedBrowser()),
    dispose: () => runtime.dispose()
  }
}

export const textOf = (result: ToolResult): string =>
  result.content
    .filter((c): c is { type: "text"; text: string } => c.type === "text")
    .map((c) => c.text)
    .join("\n")

/** The text of a call that must have succeeded: a failed call fails the test, with its text as the message. */
export const okText = (result: ToolResult): string => {
  expect(result.isError, textOf(result)).toBe(false)
  return textOf(result)
}

/** A get/eval result's value: its text without the `(from <origin>)` line that says which page it was read on. */
export const valueOf = (result: ToolResult): string => textOf(result).replace(/\n\(from [^)\n]*\)$/, "")

export const runEffect = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)
