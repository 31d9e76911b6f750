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
 * which `npm run bench:core` measured as about half of a warm click's raw time. One that exited while idle before
 * node saw its exit (a busy loop) is found by its stdin: the write fails (EPIPE), so no command ran, and the call
 * starts a fresh process instead of answering "killed by a signal".
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

/**
 * Collects a stream up to the cap (read when it fires); `onOverflow` fires once when it is passed (the rest is
 * dropped).
 */
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
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as ReadonlyArray<{
    ref?: () => unknown
    unref?: () => unknown
  } | null>) {
    if (hold) handle?.ref?.()
    else handle?.unref?.()
  }
}

const preview = (text: string): string => (text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text)

/** What a closed process answered: its output, or the failure its exit says (cap passed, watchdog, a signal). */
const resultOf = (
  request: RunRequest,
  step: RunRequest["asBatchStep"],
  proc: Started,
  end: {
    readonly code: number | null
    readonly signal: NodeJS.Signals | null
    readonly timedOut: boolean
    readonly started: number
  }
): Effect.Effect<RunResult, RunError> => {
  const { code, signal } = end
  if (proc.overflowed()) {
    const detail =
      `output passed the ${Math.round(proc.capBytes / 1024 / 1024)} MiB capture cap, so the process was ` +
      "stopped; ask for less (a narrower selector, snapshot -i, eval returning a summary) or save it with outputPath"
    const output = { stdout: preview(proc.stdout()), stderr: preview(proc.stderr()) }
    return Effect.fail(new ParseFailure({ detail, ...output, exitCode: code }))
  }
  if (end.timedOut) {
    const output = { stdout: proc.stdout(), stderr: proc.stderr() }
    const timeoutMs = request.timeoutMs
    return Effect.fail(new TimedOut({ reason: "no-answer", timeoutMs, dispatched: "maybe", ...output }))
  }
  if (signal !== null) {
    const detail =
      `agent-browser was killed by ${signal} before it answered (not by this tool); the browser may ` + "have acted"
    const stderr = preview(proc.stderr())
    return Effect.fail(new UpstreamFailed({ detail, code: "killed_by_signal", stderr, exitCode: null }))
  }
  const stdout = step === undefined ? proc.stdout() : envelopeOfOneStep(proc.stdout())
  return Effect.succeed({ exitCode: code, signal, stdout, stderr: proc.stderr(), durationMs: Date.now() - end.started })
}

/** Spawns the request's process (throws what spawn throws: a NUL byte in an argument, say). */
const spawnWith = (env: Readonly<Record<string, string | undefined>>, request: RunRequest): Started => {
  const child = spawn(request.binary, [...request.args], {
    env: { ...env, ...request.env } as NodeJS.ProcessEnv,
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
  const out = collect(child.stdout, cap, overflow),
    err = collect(child.stderr, cap, overflow)
  // a spawn that failed has no pid: a process started ahead is then never handed out (aheadPool), and a run
  // listens for the error itself
  child.on("error", () => {})
  child.stdin?.on("error", () => {
    // upstream may exit before reading stdin; its exit status tells the story
  })
  return Object.assign(started, { stdout: out, stderr: err })
}

type AheadPool = ReturnType<typeof makeAheadPool<Started>>

const missing = (request: RunRequest, reason: "not-found" | "not-executable", detail: string) =>
  new MissingBinary({ reason, searched: [request.binary], supportedRange: SUPPORTED_RANGE.label, detail })
/** A run's mutable state: whether it has answered, the process it runs on, its watchdog. */
interface RunState {
  settled: boolean
  current: ChildProcess | undefined
  watchdog: NodeJS.Timeout | undefined
}

/** Interruption (abort): end the group and wait for it to close, bounded by the kill grace. */
const interruptRun = (run: RunState) =>
  Effect.suspend(() => {
    clearTimeout(run.watchdog)
    const child = run.current
    const running = !run.settled && child !== undefined && child.exitCode === null && child.signalCode === null
    run.settled = true
    if (running) endGroup(child)
    return running ? closed([child]) : Effect.void
  })

/** Runs one request: on a process started ahead when one waits (and is still there), else on a fresh one. */
const runWith = (ahead: AheadPool, spawnFor: (request: RunRequest) => Started) => (asked: RunRequest) =>
  Effect.async<RunResult, RunError>((resume) => {
    const step = asked.asBatchStep
    const request: RunRequest =
      step === undefined ? asked : { ...asked, args: step.args, stdin: JSON.stringify([step.step]) }
    const started = Date.now()
    const run: RunState = { settled: false, current: undefined, watchdog: undefined }
    const finish = (effect: Effect.Effect<RunResult, RunError>) => {
      if (run.settled) return
      run.settled = true
      clearTimeout(run.watchdog)
      resume(effect)
    }
    const spawnFresh = (): Started | undefined => {
      try {
        return spawnFor(request)
      } catch (error) {
        finish(Effect.fail(missing(request, "not-executable", String(error))))
        return undefined
      }
    }
    /** Runs the request on a process; one started ahead that was already gone when handed the call is replaced. */
    const begin = (proc: Started, fromPool: boolean): void => {
      const { child } = proc
      run.current = child
      proc.capBytes = request.maxCaptureBytes ?? MAX_CAPTURE_BYTES
      let timedOut = false
      // whether the process took its stdin: a write that failed (EPIPE) reached no process, so no command ran
      let wrote: boolean | undefined
      let afterWrite: (() => void) | undefined
      clearTimeout(run.watchdog)
      run.watchdog = setTimeout(() => {
        timedOut = true
        endGroup(child)
      }, request.timeoutMs)
      child.on("error", (error: NodeJS.ErrnoException) => {
        if (run.current !== child) return
        const reason = error.code === "ENOENT" ? "not-found" : "not-executable"
        finish(Effect.fail(missing(request, reason, error.message)))
      })
      const closedWith = (code: number | null, signal: NodeJS.Signals | null) => {
        if (run.settled || run.current !== child) return
        if (fromPool && wrote === false && !timedOut) {
          // it exited while idle (a crash the exit event had not reported yet): the call starts a fresh one
          const fresh = spawnFresh()
          if (fresh !== undefined) begin(fresh, false)
          return
        }
        finish(resultOf(request, step, proc, { code, signal, timedOut, started }))
        if (!timedOut && signal === null && !proc.overflowed()) ahead.prepare(request)
      }
      child.on("close", (code, signal) => {
        if (!fromPool || wrote !== undefined) return closedWith(code, signal)
        // the write's answer comes within a turn of the loop; a bound in case it never does
        const bound = setTimeout(() => closedWith(code, signal), 250)
        afterWrite = () => {
          clearTimeout(bound)
          closedWith(code, signal)
        }
      })
      child.stdin?.end(request.stdin ?? "", (error?: Error | null) => {
        wrote = error === undefined || error === null
        afterWrite?.()
      })
    }
    const waiting = ahead.take(request)
    if (waiting !== undefined) holdLoop(waiting.child, true)
    const first = waiting ?? spawnFresh()
    if (first !== undefined) begin(first, waiting !== undefined)
    return interruptRun(run)
  })

export const ProcessRunnerLive: Layer.Layer<ProcessRunner, never, ToolConfig> = Layer.scoped(
  ProcessRunner,
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const ahead = makeAheadPool<Started>(
      (request) => {
        try {
          const waiting = spawnWith(config.env, request)
          holdLoop(waiting.child, false)
          return waiting
        } catch {
          return undefined
        }
      },
      (started) => endGroup(started.child)
    )
    yield* Effect.addFinalizer(() => Effect.suspend(() => closed(ahead.close().map((s) => s.child))))
    const spawnFor = (request: RunRequest): Started => spawnWith(config.env, request)
    return ProcessRunner.of({ run: runWith(ahead, spawnFor) })
  })
)
