// Benchmark (not a test): per-spawn overhead of the hand-written spawner (node child_process, as in
// ProcessRunnerLive) against @effect/platform's CommandExecutor (NodeCommandExecutor), same program, same count.
//   node scripts/bench-spawn.mjs   (BENCH_RUNS, default 200; BENCH_BIN, default /bin/true)
import { spawn } from "node:child_process"
import * as Command from "@effect/platform/Command"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"

const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const BIN = process.env.BENCH_BIN ?? "/bin/true"
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const viaNode = () =>
  new Promise((resolve, reject) => {
    const child = spawn(BIN, ["--json"], { stdio: ["pipe", "pipe", "pipe"], detached: true })
    const out = []
    child.stdout.on("data", (c) => out.push(c))
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, out: Buffer.concat(out).toString() }))
    child.stdin.on("error", () => {})
    child.stdin.end("")
  })

const viaCommand = Effect.gen(function* () {
  const cmd = Command.make(BIN, "--json")
  return yield* Command.string(cmd)
})
const runtime = ManagedRuntime.make(NodeContext.layer) // built once, like a composition root

const time = async (label, once) => {
  for (let i = 0; i < 10; i++) await once() // warm up
  const xs = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await once()
    xs.push(performance.now() - t)
  }
  console.log(
    `${label.padEnd(28)} median ${median(xs).toFixed(2)} ms  total ${xs.reduce((a, b) => a + b, 0).toFixed(0)} ms`
  )
  return median(xs)
}

const a = await time("node child_process", viaNode)
const b = await time("@effect/platform Command", () => runtime.runPromise(viaCommand))
console.log(`CommandExecutor / child_process: ${(b / a).toFixed(2)}x`)
await runtime.dispose()
