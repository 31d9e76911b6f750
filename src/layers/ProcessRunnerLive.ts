/**
 * ProcessRunnerLive: node child_process with a process-group watchdog and kill-on-interrupt.
 *
 * Why not `@effect/platform`'s CommandExecutor: measured side by side (`node scripts/bench-spawn.mjs`, runtime built
 * once, 2 shared cores), its per-spawn median was 1.7-2.9x this spawner's on `/bin/true` (30 vs 18 ms) and 2.7x on
 * `agent-browser --version` (62 vs 23 ms): tens of ms on every call. It also ends only the child on interruption (not
 * its process group, where upstream's helpers live), has no SIGTERM→SIGKILL grace, and no capture cap that can end
 * a runaway process early. Those three, and the speed, are why this file keeps node's spawn.
 *
 * A `startsAhead` request is served, when one waits, by a process started ahead after the previous identical run
 * (processRunner/aheadPool.ts): node's spawn blocks the event loop ~3 ms and the binary's start-up takes ~2 ms more,
 * which `npm run bench:core` measured as about half of a warm click's raw time.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { MissingBinary, ParseFailure, TimedOut, UpstreamFailed } from "../schema/ToolError.js"
import { ProcessRunner, type RunError, type RunRequest } from "../services/ProcessRunner.js"
import type { RunResult } from "../domain/Outcome.js"
import { SUPPORTED_RANGE, ToolConfig } from "../services/ToolConfig.js"
import { envelopeOfOneStep } from "../upstream/oneStepBatch.js"
import { makeAheadPool } from "./processRunner/aheadPool.js"

/** Time a process gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000
/** Output beyond this ends the process (a runaway eval must not exhaust memory); the failure names the cap. */
export const MAX_CAPTURE_BYTES = 64 * 1024 * 1024

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

/** Collects a stream up to the cap (read when it fires); `onOverflow` fires once when it is passed (the rest is dropped). */
const collect = (stream: NodeJS.ReadableStream | null, cap: () => number, onOverflow: () => void) => {
  const chunks: Array<Buffer> = []
  let size = 0
  stream?.on("data", (chunk: Buffer) => {
    if (size > cap()) return
    size += chunk.length
    if (size > cap()) {
      onOverflow()
      return
    }
    chunks.push(chunk)
  })
  return () => Buffer.concat(chunks).toString("utf8")
}

/** A spawned process with its output collected from the start (a process started ahead may print before it is run). */
interface Started {
  readonly child: ChildProcess
  readonly stdout: () => string
  readonly stderr: () => string
  /** Set once its output passed the cap (the group is then ended). */
  readonly overflowed: () => boolean
  /** The cap that applies: the run's, once a run takes it. */
  capBytes: number
}

/** Waits until each child that still runs has closed, at most the kill grace (and a margin). */
const closed = (children: ReadonlyArray<ChildProcess>): Effect.Effect<void> =>
  Effect.async<void>((done) => {
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null)
    if (running.length === 0) return done(Effect.void)
    let left = running.length
    const fallback = setTimeout(() => done(Effect.void), KILL_GRACE_MS + 500)
    running.forEach((c) =>
      c.once("close", () => {
        if (--left > 0) return
        clearTimeout(fallback)
        done(Effect.void)
      })
    )
  })

/**
 * Whether a child and its pipes keep node's event loop alive: a process started ahead does not while it waits (an
 * embedder that never ends the runtime still exits, and the waiting process then reads the end of its stdin and
 * exits too); a run that takes it holds the loop again until it answers.
 */
const holdLoop = (child: ChildProcess, hold: boolean): void => {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as ReadonlyArray<{ ref?: () => unknown; unref?: () => unknown } | null>) {
    if (hold) handle?.ref?.()
    else handle?.unref?.()
  }
}

const preview = (text: string): string => (text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text)

export const ProcessRunnerLive: Layer.Layer<ProcessRunner, never, ToolConfig> = Layer.scoped(
  ProcessRunner,
  Effect.gen(function*() {
    const config = yield* ToolConfig
    /** Spawns the request's process (throws what spawn throws: a NUL byte in an argument, say). */
    const spawnFor = (request: RunRequest): Started => {
      const child = spawn(request.binary, [...request.args], {
        env: { ...config.env, ...request.env } as NodeJS.ProcessEnv,
        stdio: ["pipe", "pipe", "pipe"],
        detached: process.platform !== "win32",
        ...(request.cwd !== undefined ? { cwd: request.cwd } : {}),
        windowsHide: true
      })
      let overflowed = false
      const started: Started = {
        child,
        capBytes: request.maxCaptureBytes ?? MAX_CAPTURE_BYTES,
        stdout: () => "",
        stderr: () => "",
        overflowed: () => overflowed
      }
      const overflow = () => {
        if (overflowed) return
        overflowed = true
        endGroup(child)
      }
      const cap = () => started.capBytes
      const out = collect(child.stdout, cap, overflow), err = collect(child.stderr, cap, overflow)
      // a spawn that failed has no pid: a process started ahead is then never handed out (aheadPool), and a run
      // listens for the error itself
      child.on("error", () => {})
      child.stdin?.on("error", () => {
        // upstream may exit before reading stdin; its exit status tells the story
      })
      return Object.assign(started, { stdout: out, stderr: err })
    }
    const ahead = makeAheadPool<Started>((request) => {
      try {
        const waiting = spawnFor(request)
        holdLoop(waiting.child, false)
        return waiting
      } catch {
        return undefined
      }
    }, (started) => endGroup(started.child))
    yield* Effect.addFinalizer(() => Effect.suspend(() => closed(ahead.close().map((s) => s.child))))
    const missing = (request: RunRequest, reason: "not-found" | "not-executable", detail: string) =>
      new MissingBinary({ reason, searched: [request.binary], supportedRange: SUPPORTED_RANGE.label, detail })
    const run = (asked: RunRequest) =>
      Effect.async<RunResult, RunError>((resume) => {
        const step = asked.asBatchStep
        const request: RunRequest = step === undefined ? asked : { ...asked, args: step.args, stdin: JSON.stringify([step.step]) }
        const started = Date.now()
        let proc: Started
        try {
          const waiting = ahead.take(request)
          if (waiting !== undefined) holdLoop(waiting.child, true)
          proc = waiting ?? spawnFor(request)
        } catch (error) {
          resume(Effect.fail(missing(request, "not-executable", String(error))))
          return
        }
        const { child } = proc
        proc.capBytes = request.maxCaptureBytes ?? MAX_CAPTURE_BYTES
        let timedOut = false
        let settled = false
        const watchdog = setTimeout(() => {
          timedOut = true
          endGroup(child)
        }, request.timeoutMs)
        const failSpawn = (error: NodeJS.ErrnoException) => {
          if (settled) return
          settled = true
          clearTimeout(watchdog)
          resume(Effect.fail(missing(request, error.code === "ENOENT" ? "not-found" : "not-executable", error.message)))
        }
        child.on("error", failSpawn)
        child.on("close", (code, signal) => {
          if (settled) return
          settled = true
          clearTimeout(watchdog)
          if (proc.overflowed()) {
            resume(Effect.fail(new ParseFailure({ detail: `output passed the ${Math.round(proc.capBytes / 1024 / 1024)} MiB capture cap, so the process was stopped; ask for less (a narrower selector, snapshot -i, eval returning a summary) or save it with outputPath`, stdout: preview(proc.stdout()), stderr: preview(proc.stderr()), exitCode: code })))
          } else if (timedOut) {
            resume(Effect.fail(new TimedOut({ reason: "no-answer", timeoutMs: request.timeoutMs, dispatched: "maybe", stdout: proc.stdout(), stderr: proc.stderr() })))
          } else if (signal !== null) {
            resume(Effect.fail(new UpstreamFailed({ detail: `agent-browser was killed by ${signal} before it answered (not by this tool); the browser may have acted`, code: "killed_by_signal", stderr: preview(proc.stderr()), exitCode: null })))
          } else {
            ahead.prepare(request)
            const stdout = step === undefined ? proc.stdout() : envelopeOfOneStep(proc.stdout())
            resume(Effect.succeed({ exitCode: code, signal, stdout, stderr: proc.stderr(), durationMs: Date.now() - started }))
          }
        })
        child.stdin?.end(request.stdin ?? "")

        // Interruption (abort): end the group and wait for it to close, bounded by the kill grace.
        return Effect.suspend(() => {
          clearTimeout(watchdog)
          const running = !settled && child.exitCode === null && child.signalCode === null
          settled = true
          if (running) endGroup(child)
          return running ? closed([child]) : Effect.void
        })
      })
    return ProcessRunner.of({ run })
  })
)
