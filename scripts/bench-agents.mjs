// Many-agents benchmark (not a test): AGENTS agents (separate node processes, each its own pi session and managed
// browser) run CALLS tool calls each at the same moment, against one agent alone doing the same; per-call p50/p95 and
// the ratio, side by side in one run; then (local only) two agents on ONE session, with how many of the other's calls
// ended while a call waited (the lock's fairness: about 1 when the turns alternate; #45's target is at most 2).
// Beside it, the raw binary's own ratio on the same machine in the same run (each raw agent's browser launched by the
// tool's open, then its calls made by the native binary with --json on that session): what four browsers at once cost
// this machine whatever drives them, against which the tool's ratio is read.
// Locally by default; on a browser pool with BENCH_POOL=ws://host:port (and BENCH_POOL_TOKEN), which every managed
// session then launches in; BENCH_POOL=browserless starts a self-hosted Browserless for the run (installed on first
// use, as `npm run test:pool` does) with AGENTS slots.
//   npm run bench:agents          (AGENTS=4 CALLS=25)
//   PACE_MS=200 npm run bench:agents   (each agent pauses that long before each call, as between a model's turns;
//                                       back to back, the default, measures the machine's throughput instead)
//   BENCH_POOL=browserless npm run bench:agents
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { ensureBrowserless, startBrowserless } from "./lib/browserless.mjs"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"
import { onPiNode } from "./lib/onPiNode.mjs"

onPiNode(import.meta.url)

const AGENTS = Number(process.env.AGENTS ?? 4)
const CALLS = Number(process.env.CALLS ?? 25)
const self = fileURLToPath(import.meta.url)

/** One agent: open, then CALLS-1 calls cycling through reads and a click, each timed; prints the times as JSON. */
const agent = async () => {
  const ManagedRuntime = await import("effect/ManagedRuntime")
  const { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } = await import(
    "../dist/effect.js"
  )
  const config = configFromEnv(process.env)
  const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
  const { BINARY } = await import("./lib/benchSides.mjs")
  const rawEnv = { ...process.env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
  let session
  /** RAW=1: after the tool's open, each call is the native binary's on that session (success: exit code 0). */
  const rawCall = (args) =>
    new Promise((resolve) => {
      const child = spawn(BINARY, ["--json", "--session", session, ...args], { env: rawEnv, stdio: "ignore" })
      child.on("close", (code) =>
        resolve({ details: { resultCategory: code === 0 ? "success" : "failure", failureCategory: `exit ${code}` } })
      )
    })
  // SHARED_SESSION: every agent uses one session (same pi session id and folder), taking turns on its lock
  const call = { piSessionId: process.env.SHARED_SESSION ?? `bench-${process.env.AGENT_ID}`, cwd: process.env.HOME }
  const origin = process.env.SITE
  const calls = [
    ["get", "title"],
    ["snapshot", "-i"],
    ["get", "url"],
    ["scroll", "down", "200"],
    ["get", "text", "h1"]
  ]
  const times = []
  const spans = []
  let failures = 0
  const categories = {}
  const pace = Number(process.env.PACE_MS ?? 0)
  for (let i = 0; i < CALLS; i++) {
    const args = i === 0 ? ["open", `${origin}/index.html`] : calls[i % calls.length]
    if (pace > 0 && i > 0) await new Promise((resolve) => setTimeout(resolve, pace))
    const started = performance.now()
    const result =
      i > 0 && process.env.RAW === "1" ? await rawCall(args) : await runtime.runPromise(runToResult({ args }, call))
    session ??= result.details.sessionName
    times.push(performance.now() - started)
    spans.push([performance.timeOrigin + started, performance.timeOrigin + performance.now()])
    if (result.details.resultCategory !== "success") {
      failures++
      categories[result.details.failureCategory] = (categories[result.details.failureCategory] ?? 0) + 1
    }
  }
  await runtime.runPromise(closeOwnedBrowser())
  await runtime.dispose()
  const commands = Array.from({ length: CALLS }, (_, i) => (i === 0 ? "open" : calls[i % calls.length].join(" ")))
  process.stdout.write(JSON.stringify({ times, spans, failures, categories, commands }))
}

const runAgents = (count, root, site, extraEnv, shared = false, raw = false) =>
  Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise((resolve, reject) => {
          const own = shared ? { SHARED_SESSION: "bench-shared" } : {}
          const env = {
            ...piEnv(join(root, shared ? "shared" : `a${i}`)),
            ...extraEnv,
            ...own,
            SITE: site.origin,
            AGENT_ID: String(i),
            BENCH_AGENT: "1",
            RAW: raw ? "1" : "0"
          }
          const child = spawn(process.execPath, [self], { env, stdio: ["ignore", "pipe", "inherit"] })
          let out = ""
          child.stdout.on("data", (d) => (out += d))
          child.on("error", reject)
          // the runtime's own log lines (another process still uses a shared session) come before the result
          child.on("close", () =>
            resolve(JSON.parse(out.split("\n").findLast((l) => l.startsWith("{")) ?? '{"times":[],"failures":-1}'))
          )
        })
    )
  )

/**
 * Fairness on one shared session: for each call, how many calls of the other agents ended while it waited (between its
 * start and its end); the largest over all calls (a fair lock lets each waiter in after about one call of each other).
 */
const mostOvertaken = (runs) => {
  let most = 0
  runs.forEach((run, i) => {
    for (const [start, end] of run.spans ?? []) {
      const others = runs
        .filter((_, j) => j !== i)
        .flatMap((r) => r.spans ?? [])
        .filter(([, e]) => e > start && e < end).length
      most = Math.max(most, others)
    }
  })
  return most
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

const main = async () => {
  const site = await startStaticServer(join(REPO, "fixtures/site"))
  const root = mkdtempSync(join(tmpdir(), "piab-bench-agents-"))
  const own = process.env.BENCH_POOL === "browserless"
  const token = own ? `bench-${process.pid}-${Date.now()}` : process.env.BENCH_POOL_TOKEN
  if (own) ensureBrowserless()
  const server = own
    ? await startBrowserless({ root: join(root, "browserless"), token, concurrent: AGENTS, queued: AGENTS })
    : undefined
  const pool = server?.endpoint ?? process.env.BENCH_POOL
  const extraEnv =
    pool !== undefined ? { PI_AGENT_BROWSER_POOL: pool, ...(token ? { PI_AGENT_BROWSER_POOL_TOKEN: token } : {}) } : {}
  try {
    const alone = await runAgents(1, join(root, "alone"), site, extraEnv)
    const together = await runAgents(AGENTS, join(root, "together"), site, extraEnv)
    const row = (label, runs) => {
      const times = runs.flatMap((r) => r.times)
      const categories = {}
      for (const r of runs)
        for (const [k, v] of Object.entries(r.categories ?? {})) categories[k] = (categories[k] ?? 0) + v
      return {
        label,
        calls: times.length,
        failures: runs.reduce((n, r) => n + r.failures, 0),
        categories,
        p50: pct(times, 50),
        p95: pct(times, 95)
      }
    }
    const a = row("1 agent alone", alone)
    const t = row(`${AGENTS} agents at once`, together)
    console.log(
      `where: ${pool !== undefined ? `pool ${pool}${own ? " (a self-hosted Browserless started for this run)" : ""}` : "local Chromium"}; ${CALLS} calls per agent` +
        (Number(process.env.PACE_MS ?? 0) > 0 ? `, ${process.env.PACE_MS} ms pause before each` : ", back to back")
    )
    for (const r of [a, t])
      console.log(
        `${r.label.padEnd(18)} calls ${String(r.calls).padStart(4)}  failures ${r.failures}${r.failures > 0 ? ` ${JSON.stringify(r.categories)}` : ""}  p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms`
      )
    console.log(`ratio (together / alone): p50 ×${(t.p50 / a.p50).toFixed(2)}  p95 ×${(t.p95 / a.p95).toFixed(2)}`)
    // the same without each agent's first call (its open, which launches its browser: four launches at once on a
    // small machine are the browsers' contention, not the tool's)
    const warm = (runs) => runs.map((r) => ({ ...r, times: r.times.slice(1) }))
    const aw = row("1 agent, warm", warm(alone))
    const tw = row(`${AGENTS} agents, warm`, warm(together))
    for (const r of [aw, tw])
      console.log(
        `${r.label.padEnd(18)} calls ${String(r.calls).padStart(4)}  p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms`
      )
    console.log(
      `ratio, warm calls: p50 ×${(tw.p50 / aw.p50).toFixed(2)}  p95 ×${(tw.p95 / aw.p95).toFixed(2)} (#45's target: p95 <= 2x)`
    )
    // the raw binary alone and four at once on this machine, in this run (local only: a pool's browsers are remote)
    if (pool === undefined) {
      const rawAloneRuns = await runAgents(1, join(root, "raw-alone"), site, extraEnv, false, true)
      const rawAlone = row("raw CLI, 1 agent", warm(rawAloneRuns))
      const rawRuns = await runAgents(AGENTS, join(root, "raw-together"), site, extraEnv, false, true)
      const rawTogether = row(`raw CLI, ${AGENTS} agents`, warm(rawRuns))
      for (const r of [rawAlone, rawTogether])
        console.log(
          `${r.label.padEnd(18)} calls ${String(r.calls).padStart(4)}  failures ${r.failures}${r.failures > 0 ? ` ${JSON.stringify(r.categories)}` : ""}  p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms`
        )
      // per command at AGENTS agents, the tool's p50 beside the raw CLI's (which calls the contention lands on)
      const byCommand = (runs) => {
        const out = {}
        for (const r of runs) r.times.forEach((t, i) => (out[r.commands?.[i] ?? "?"] ??= []).push(t))
        return out
      }
      const sides = [alone, together, rawAloneRuns, rawRuns].map(byCommand)
      const p50 = (side, command) => `${pct(side[command] ?? [], 50).toFixed(0)} ms`.padStart(8)
      console.log(`  p50 by command      tool: 1 agent ${AGENTS} agents   raw CLI: 1 agent ${AGENTS} agents`)
      for (const command of Object.keys(sides[1]).filter((c) => c !== "open"))
        console.log(`  ${command.padEnd(18)}${sides.map((side) => p50(side, command)).join("  ")}`)
      console.log(
        `ratio, raw CLI warm calls: p50 ×${(rawTogether.p50 / rawAlone.p50).toFixed(2)}  p95 ×${(rawTogether.p95 / rawAlone.p95).toFixed(2)}` +
          `; the tool's p95 at ${AGENTS} agents / the raw CLI's: ×${(tw.p95 / rawTogether.p95).toFixed(2)}`
      )
    }
    // two agents on ONE session: the lock's turns (no pool: a pool session is one browser all the same)
    if (pool === undefined) {
      const shared = await runAgents(2, join(root, "shared"), site, extraEnv, true)
      const s = row("2 agents, 1 session", shared)
      console.log(
        `${s.label.padEnd(18)} calls ${String(s.calls).padStart(4)}  failures ${s.failures}${s.failures > 0 ? ` ${JSON.stringify(s.categories)}` : ""}  p50 ${s.p50.toFixed(0)} ms  p95 ${s.p95.toFixed(0)} ms`
      )
      console.log(`fairness: a call waited for at most ${mostOvertaken(shared)} calls of the other agent (target <= 2)`)
    }
  } finally {
    server?.stop()
    await site.close()
    rmSync(root, { recursive: true, force: true })
  }
}

if (process.env.BENCH_AGENT === "1") await agent()
else await main()
