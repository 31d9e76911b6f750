/** ProcessRunnerLive: node child_process with a process-group watchdog and kill-on-interrupt. */
import { type ChildProcess, spawn } from "node:child_process"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { MissingBinary, TimedOut } from "../schema/ToolError.js"
import { ProcessRunner, type RunRequest } from "../services/ProcessRunner.js"
import type { RunResult } from "../schema/Outcome.js"
import { SUPPORTED_RANGE, ToolConfig } from "../services/ToolConfig.js"

/** Time a process gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000
/** Output beyond this is dropped (a runaway eval must not exhaust memory); spill files hold what the model needs. */
const MAX_CAPTURE_BYTES = 64 * 1024 * 1024

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      // already gone
    }
  }
}

/** SIGTERM the group now, SIGKILL it after the grace period unless it closed. */
const endGroup = (child: ChildProcess): void => {
  signalGroup(child, "SIGTERM")
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), KILL_GRACE_MS)
  timer.unref()
  child.once("close", () => clearTimeout(timer))
}

const collect = (stream: NodeJS.ReadableStream | null) => {
  const chunks: Array<Buffer> = []
  let size = 0
  stream?.on("data", (chunk: Buffer) => {
    if (size >= MAX_CAPTURE_BYTES) return
    chunks.push(chunk)
    size += chunk.length
  })
  return () => Buffer.concat(chunks).toString("utf8")
}

export const ProcessRunnerLive = Layer.effect(
  ProcessRunner,
  Effect.gen(function*() {
    const config = yield* ToolConfig
    const run = (request: RunRequest) =>
      Effect.async<RunResult, TimedOut | MissingBinary>((resume) => {
        const started = Date.now()
        let child: ChildProcess
        try {
          child = spawn(request.binary, [...request.args], {
            env: { ...config.env, ...request.env } as NodeJS.ProcessEnv,
            stdio: ["pipe", "pipe", "pipe"],
            detached: process.platform !== "win32",
            ...(request.cwd !== undefined ? { cwd: request.cwd } : {}),
            windowsHide: true
          })
        } catch (error) {
          resume(Effect.fail(new MissingBinary({ reason: "not-executable", searched: [request.binary], supportedRange: SUPPORTED_RANGE.label, detail: String(error) })))
          return
        }
        const stdout = collect(child.stdout)
        const stderr = collect(child.stderr)
        let timedOut = false
        let settled = false
        const watchdog = setTimeout(() => {
          timedOut = true
          endGroup(child)
        }, request.timeoutMs)

        child.on("error", (error: NodeJS.ErrnoException) => {
          if (settled) return
          settled = true
          clearTimeout(watchdog)
          const reason = error.code === "ENOENT" ? "not-found" : "not-executable"
          resume(Effect.fail(new MissingBinary({ reason, searched: [request.binary], supportedRange: SUPPORTED_RANGE.label, detail: error.message })))
        })
        child.on("close", (code, signal) => {
          if (settled) return
          settled = true
          clearTimeout(watchdog)
          if (timedOut) {
            resume(Effect.fail(new TimedOut({ source: "watchdog", message: `no answer within ${request.timeoutMs} ms; the process group was ended`, timeoutMs: request.timeoutMs, dispatched: "maybe", stdout: stdout(), stderr: stderr() })))
          } else {
            resume(Effect.succeed({ exitCode: code, signal, stdout: stdout(), stderr: stderr(), durationMs: Date.now() - started }))
          }
        })
        child.stdin?.on("error", () => {
          // upstream may exit before reading stdin; its exit status tells the story
        })
        child.stdin?.end(request.stdin ?? "")

        // Interruption (abort): end the group and wait for it to close, bounded by the kill grace.
        return Effect.async<void>((done) => {
          clearTimeout(watchdog)
          if (settled || child.exitCode !== null || child.signalCode !== null) {
            settled = true
            done(Effect.void)
            return
          }
          settled = true
          const fallback = setTimeout(() => done(Effect.void), KILL_GRACE_MS + 500)
          child.once("close", () => {
            clearTimeout(fallback)
            done(Effect.void)
          })
          endGroup(child)
        })
      })
    return ProcessRunner.of({ run })
  })
)
