/**
 * FakeAgentBrowser: a scripted stand-in for the agent-browser process, for deterministic tests and benchmarks.
 * It provides ProcessRunner and BinaryLocator; each run is answered by the first script entry whose `when` matches
 * (entries are consumed unless `repeat` is set), and every request is recorded for the driver to inspect.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { TimedOut } from "../../schema/ToolError.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { ProcessRunner, type RunRequest } from "../../services/ProcessRunner.js"
import type { RunResult } from "../../domain/Outcome.js"

export interface ScriptedRun {
  /** Which requests this entry answers (default: any). */
  readonly when?: (request: RunRequest) => boolean
  /** The process result, or "timeout" to behave like the watchdog firing. */
  readonly reply: Partial<RunResult> | "timeout" | ((request: RunRequest) => Partial<RunResult>)
  readonly repeat?: boolean
  /** Simulated run time (on the Effect clock, so TestClock controls it). */
  readonly delayMs?: number
}

export interface FakeAgentBrowserShape {
  readonly requests: Effect.Effect<ReadonlyArray<RunRequest>>
}

export class FakeAgentBrowser extends Context.Tag("pi-agent-browser-effect/FakeAgentBrowser")<
  FakeAgentBrowser,
  FakeAgentBrowserShape
>() {
  /** Envelope helpers for scripts. */
  static ok(data: unknown): Partial<RunResult> {
    return { exitCode: 0, stdout: `${JSON.stringify({ success: true, data, error: null })}\n` }
  }
  static fail(error: string, extra: Record<string, unknown> = {}): Partial<RunResult> {
    return { exitCode: 1, stdout: `${JSON.stringify({ success: false, data: null, error, ...extra })}\n` }
  }

  static layer(
    script: ReadonlyArray<ScriptedRun>,
    version = "0.41.2"
  ): Layer.Layer<ProcessRunner | BinaryLocator | FakeAgentBrowser> {
    return Layer.effectContext(
      Effect.gen(function* () {
        const remaining = yield* Ref.make<ReadonlyArray<ScriptedRun>>(script)
        const seen = yield* Ref.make<ReadonlyArray<RunRequest>>([])
        const run = (request: RunRequest) =>
          Effect.gen(function* () {
            yield* Ref.update(seen, (all) => [...all, request])
            const entry = yield* Ref.modify(remaining, (entries) => {
              const index = entries.findIndex((e) => e.when === undefined || e.when(request))
              const found = entries[index]
              if (found === undefined) return [undefined, entries]
              return [found, found.repeat === true ? entries : entries.filter((_, i) => i !== index)]
            })
            if (entry === undefined)
              return yield* Effect.dieMessage(`FakeAgentBrowser: no scripted reply for ${request.args.join(" ")}`)
            if (entry.delayMs !== undefined) yield* Effect.sleep(entry.delayMs)
            if (entry.reply === "timeout") {
              return yield* new TimedOut({
                reason: "no-answer",
                timeoutMs: request.timeoutMs,
                dispatched: "maybe",
                stdout: "",
                stderr: ""
              })
            }
            const partial = typeof entry.reply === "function" ? entry.reply(request) : entry.reply
            return { exitCode: 0, signal: null, stdout: "", stderr: "", durationMs: 1, ...partial } satisfies RunResult
          })
        return Context.make(ProcessRunner, ProcessRunner.of({ run })).pipe(
          Context.add(
            BinaryLocator,
            BinaryLocator.of({
              resolve: Effect.succeed({
                path: "/fake/agent-browser",
                foundOnPath: "/fake/agent-browser",
                viaLauncher: false,
                version
              })
            })
          ),
          Context.add(FakeAgentBrowser, FakeAgentBrowser.of({ requests: Ref.get(seen) }))
        )
      })
    )
  }
}
