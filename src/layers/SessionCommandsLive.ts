/** SessionCommandsLive: BinaryLocator + ProcessRunner + the one classifier. */
import { homedir } from "node:os"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ParseFailure } from "../schema/ToolError.js"
import { BinaryLocator } from "../services/BinaryLocator.js"
import { ProcessRunner, type RunRequest } from "../services/ProcessRunner.js"
import { type CommandOptions, SessionCommands } from "../services/SessionCommands.js"
import type { SessionTarget } from "../domain/SessionTarget.js"
import { classifyUpstream } from "../upstream/classifyReply.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { oneStepBatchOf } from "../upstream/oneStepBatch.js"
import { startupFiles } from "../upstream/sessionFiles.js"
import { makeStepsJson } from "../upstream/wire.js"
import { ToolConfig } from "../services/ToolConfig.js"

/** Pause before the one retry of a daemon start another process raced: long enough for its daemon to bind. */
const DAEMON_START_RETRY_MS = 300

/** The process to run for `argv` on `target`: a query or a page action may run as a one-step batch. */
const requestFor = (
  binary: string,
  env: Readonly<Record<string, string | undefined>>,
  target: SessionTarget,
  argv: ReadonlyArray<string>,
  options: CommandOptions
): RunRequest => {
  // a query or a page action may run as a one-step batch, in a process started ahead (upstream/oneStepBatch.ts)
  const asBatchStep =
    options.stdin === undefined && target.kind === "browser" ? oneStepBatchOf([...target.prefix, ...argv]) : undefined
  const startsAhead = options.startsAhead === true || asBatchStep !== undefined
  return {
    binary,
    args: [...target.prefix, ...argv],
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    ...(startsAhead
      ? {
          startsAhead: {
            startupFiles: startupFiles(
              [...target.prefix, ...argv],
              (name) => target.env[name] ?? env[name],
              target.cwd ?? process.cwd(),
              target.env["HOME"] ?? env["HOME"] ?? homedir()
            )
          }
        }
      : {}),
    ...(asBatchStep !== undefined ? { asBatchStep } : {}),
    env: target.env,
    timeoutMs: options.timeoutMs,
    ...(target.cwd !== undefined ? { cwd: target.cwd } : {})
  }
}

export const SessionCommandsLive: Layer.Layer<SessionCommands, never, BinaryLocator | ProcessRunner | ToolConfig> =
  Layer.effect(
    SessionCommands,
    Effect.gen(function* () {
      const locator = yield* BinaryLocator
      const runner = yield* ProcessRunner
      const config = yield* ToolConfig
      const stepsJson = makeStepsJson()
      /** `steps`: what a batch with `--omit-command` was sent (its rows name their step by index). */
      const runOnce = (
        target: SessionTarget,
        argv: ReadonlyArray<string>,
        options: CommandOptions,
        steps?: ReadonlyArray<ReadonlyArray<string>>
      ) =>
        Effect.gen(function* () {
          const binary = yield* locator.resolve
          const result = yield* runner.run(requestFor(binary.path, config.env, target, argv, options))
          return yield* classifyUpstream({ kind: target.kind, line: parseCommandLine(argv) }, result, steps)
        })
      // a daemon that did not come up never ran the command: one more try, once the other start has settled
      const run = (
        target: SessionTarget,
        argv: ReadonlyArray<string>,
        options: CommandOptions,
        steps?: ReadonlyArray<ReadonlyArray<string>>
      ) =>
        runOnce(target, argv, options, steps).pipe(
          Effect.catchIf(
            (error) => error._tag === "UpstreamFailed" && error.launch?.reason === "daemon-start",
            () => Effect.zipRight(Effect.sleep(DAEMON_START_RETRY_MS), runOnce(target, argv, options, steps))
          )
        )
      return SessionCommands.of({
        run: (target, argv, options) => run(target, argv, options),
        batch: (target, steps, options) =>
          Effect.flatMap(
            // the stdin form: agent-browser 0.41 reads all of stdin before it connects to the daemon (traced), so the
            // process for the next identical batch can be started ahead (ProcessRunner `startsAhead`)
            // `--omit-command`: rows name their step by index instead of echoing it (eval scripts of several KiB)
            run(
              { ...target, kind: "browser" },
              ["batch", "--omit-command", ...(options.failFast ? ["--bail"] : [])],
              { stdin: stepsJson(steps), timeoutMs: options.timeoutMs, startsAhead: true },
              steps
            ),
            (outcome) =>
              outcome.kind === "batch"
                ? Effect.succeed(outcome.rows)
                : Effect.fail(
                    new ParseFailure({
                      detail: "batch answered without step rows",
                      stdout: "",
                      stderr: "",
                      exitCode: 0
                    })
                  )
          )
      })
    })
  )
