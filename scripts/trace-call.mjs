// Diagnostic (not a test, not a bench table): where a warm call's wall time goes, phase by phase (wall and this
// process's CPU), on the real tool against the real browser, beside the raw binary's same command and the tool's own
// upstream process run alone, all in the same run. Paced (a pause before each call, as between a model's turns), in a
// random order each round, medians.
//   npm run build --silent && node scripts/trace-call.mjs     (TRACE_RUNS, default 15; TRACE_PAUSE_MS, default 200;
//   TRACE_KINDS, default tool,raw,ahead,detached: `tool` alone for a CPU profile with `node --cpu-prof`)
// Each call's phases come from CallContext.mark; the upstream process is timed from the runner's request to its
// answer. "Alone" is the tool's very process (binary, args, env, stdin) started ahead before the pause, as the tool's
// runner starts it, timed from writing its stdin to its close; "alone, detached" is the same in its own process group
// and session, as the runner spawns it. With TRACE_STRACE=1 it writes a line to /dev/null at each mark, so
// `strace -f -ttt` shows the tool's marks among its syscalls (files read, processes spawned, sockets).
import { spawn } from "node:child_process"
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import {
  BinaryLocatorLive,
  closeOwnedBrowser,
  configFromEnv,
  makeServicesLayer,
  ProcessRunner,
  ProcessRunnerLive,
  runToResult,
  toolConfigLayer
} from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"
import { onPiNode } from "./lib/onPiNode.mjs"

onPiNode(import.meta.url)

const RUNS = Number(process.env.TRACE_RUNS ?? 15)
const PAUSE_MS = Number(process.env.TRACE_PAUSE_MS ?? 200)
const devNull = process.env.TRACE_STRACE === "1" ? openSync("/dev/null", "w") : undefined
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? s[(s.length - 1) / 2]
      : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

const root = mkdtempSync(join(tmpdir(), "piab-trace-"))
const env = piEnv(root)
const site = await startStaticServer(join(REPO, "fixtures/site"))
const config = configFromEnv(env)

let marks
const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
let lastRequest
const mark = (phase) => {
  if (devNull !== undefined) writeSync(devNull, `MARK ${phase}\n`)
  marks?.push([phase, performance.now(), cpuNow()])
}
const Marking = Layer.effect(
  ProcessRunner,
  Effect.map(ProcessRunner, (live) =>
    ProcessRunner.of({
      run: (request) =>
        Effect.suspend(() => {
          mark("upstream")
          lastRequest = request
          return Effect.tap(live.run(request), () => Effect.sync(() => mark("answered")))
        })
    })
  )
).pipe(Layer.provide(ProcessRunnerLive))
const runtime = ManagedRuntime.make(
  makeServicesLayer({ config: toolConfigLayer(config), processes: Layer.merge(BinaryLocatorLive, Marking) })
)
const call = (args) =>
  runtime.runPromise(
    runToResult({ args }, { piSessionId: "trace", cwd: root, signal: new AbortController().signal, mark })
  )
const phases = {}
const cpu = {}
const cpuPhases = {}
const traced = async (label, args) => {
  marks = [["start", performance.now(), cpuNow()]]
  const used = process.cpuUsage()
  const result = await call(args)
  mark("end")
  const spent = process.cpuUsage(used)
  ;(cpu[label] ??= []).push((spent.user + spent.system) / 1000)
  if (result.isError) throw new Error(`${label} failed: ${JSON.stringify(result.details.summary)}`)
  const table = (phases[label] ??= {})
  for (let i = 1; i < marks.length; i++) {
    const step = `${marks[i - 1][0]} → ${marks[i][0]}`
    ;(table[step] ??= []).push(marks[i][1] - marks[i - 1][1])
    ;((cpuPhases[label] ??= {})[step] ??= []).push(marks[i][2] - marks[i - 1][2])
  }
  ;(table.total ??= []).push(marks.at(-1)[1] - marks[0][1])
  marks = undefined
}

try {
  await call(["open", `${site.origin}/click-targets.html`])
  await call(["snapshot", "-i"])
  const session = (await call(["get", "url"])).details.sessionName
  const binary = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
  const raw = (args) =>
    new Promise((resolve, reject) => {
      const child = spawn(binary, ["--json", "--session", session, ...args], {
        env: { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let out = ""
      child.stdout.on("data", (d) => (out += d))
      child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(out))))
    })
  const times = { raw: {}, ahead: {}, detached: {} }
  const commands = [
    ["click", "#plain"],
    ["get", "url"]
  ]
  // the tool's own process for each command, as it ran it (binary, args, env, stdin)
  const requests = {}
  for (const args of commands) {
    await traced(args.join(" "), args) // warm
    const step = lastRequest.asBatchStep
    requests[args.join(" ")] = {
      binary: lastRequest.binary,
      args: step === undefined ? lastRequest.args : step.args,
      env: { ...env, ...lastRequest.env },
      stdin: step === undefined ? lastRequest.stdin : JSON.stringify([step.step])
    }
  }
  // the same process started ahead (before the pause), timed from writing its stdin to its close, as the tool runs it
  const startAhead = ({ binary, args, env }, detached) => {
    const child = spawn(binary, args, { env, stdio: ["pipe", "pipe", "pipe"], detached })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    const done = new Promise((resolve, reject) =>
      child.on("close", (code) =>
        code === 0 || (code === 1 && out.startsWith("[")) ? resolve(out) : reject(new Error(out))
      )
    )
    return { child, done }
  }
  for (let i = 0; i < RUNS; i++)
    for (const args of commands) {
      const label = args.join(" ")
      const order = (process.env.TRACE_KINDS?.split(",") ?? ["tool", "raw", "ahead", "detached"])
        .map((k) => [Math.random(), k])
        .sort((a, b) => a[0] - b[0])
        .map(([, k]) => k)
      for (const who of order) {
        const waiting =
          who === "ahead" || who === "detached" ? startAhead(requests[label], who === "detached") : undefined
        await sleep(PAUSE_MS)
        if (who === "tool") await traced(label, args)
        else {
          const t = performance.now()
          if (waiting !== undefined) {
            waiting.child.stdin.end(requests[label].stdin)
            await waiting.done
          } else await raw(args)
          ;(times[who][label] ??= []).push(performance.now() - t)
        }
      }
    }
  console.log(`warm calls, paced ${PAUSE_MS} ms, ${RUNS} runs each, medians (node ${process.version})`)
  for (const [label, table] of Object.entries(phases)) {
    const tool = median(table.total)
    const direct = median(times.raw[label] ?? [])
    const ahead = median(times.ahead[label] ?? [])
    const detached = median(times.detached[label] ?? [])
    const own = Object.entries(table)
      .filter(([step]) => step !== "total" && step !== "upstream → answered")
      .reduce((sum, [, xs]) => sum + median(xs), 0)
    console.log(
      `\n${label}: tool ${tool.toFixed(1)} ms, raw ${direct.toFixed(1)} ms, ratio ${(tool / direct).toFixed(2)}x`
    )
    console.log(
      `  the tool's process, started ahead, alone ${ahead.toFixed(1)} ms (${(ahead / direct).toFixed(2)}x raw); ` +
        `alone, detached ${detached.toFixed(1)} ms`
    )
    console.log(`  tool − that: ${(tool - ahead).toFixed(1)} ms; own phases (sum of medians) ${own.toFixed(1)} ms`)
    console.log(`  node CPU in the call ${median(cpu[label]).toFixed(1)} ms`)
    for (const [step, xs] of Object.entries(table))
      if (step !== "total")
        console.log(
          `  ${step.padEnd(24)} ${median(xs).toFixed(1).padStart(7)} ms  (node CPU ${median(cpuPhases[label][step]).toFixed(1)} ms)`
        )
  }
} finally {
  await runtime.runPromise(closeOwnedBrowser())
  await runtime.dispose()
  await site.close()
  if (devNull !== undefined) closeSync(devNull)
  rmSync(root, { recursive: true, force: true })
}
