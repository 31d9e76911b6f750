// Many-agents benchmark (not a test): AGENTS agents (separate node processes, each its own pi session and managed
// browser) run CALLS tool calls each at the same moment, against one agent alone doing the same; per-call p50/p95 and
// the ratio, side by side in one run. Locally by default; on a browser pool with BENCH_POOL=ws://host:port (and
// BENCH_POOL_TOKEN), which every managed session then launches in; BENCH_POOL=browserless starts a self-hosted
// Browserless for the run (installed on first use, as `npm run test:pool` does) with AGENTS slots.
//   npm run bench:agents          (AGENTS=4 CALLS=25)
//   BENCH_POOL=browserless npm run bench:agents
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { ensureBrowserless, startBrowserless } from "./lib/browserless.mjs"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"

const AGENTS = Number(process.env.AGENTS ?? 4)
const CALLS = Number(process.env.CALLS ?? 25)
const self = fileURLToPath(import.meta.url)

/** One agent: open, then CALLS-1 calls cycling through reads and a click, each timed; prints the times as JSON. */
const agent = async () => {
  const ManagedRuntime = await import("effect/ManagedRuntime")
  const { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } = await import("../dist/effect.js")
  const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(configFromEnv(process.env)) }))
  const call = { piSessionId: `bench-${process.env.AGENT_ID}`, cwd: process.env.HOME }
  const origin = process.env.SITE
  const calls = [["get", "title"], ["snapshot", "-i"], ["get", "url"], ["scroll", "down", "200"], ["get", "text", "h1"]]
  const times = []
  let failures = 0
  const categories = {}
  for (let i = 0; i < CALLS; i++) {
    const args = i === 0 ? ["open", `${origin}/index.html`] : calls[i % calls.length]
    const started = performance.now()
    const result = await runtime.runPromise(runToResult({ args }, call))
    times.push(performance.now() - started)
    if (result.details.resultCategory !== "success") {
      failures++
      categories[result.details.failureCategory] = (categories[result.details.failureCategory] ?? 0) + 1
    }
  }
  await runtime.runPromise(closeOwnedBrowser())
  await runtime.dispose()
  process.stdout.write(JSON.stringify({ times, failures, categories }))
}

const runAgents = (count, root, site, extraEnv) =>
  Promise.all(Array.from({ length: count }, (_, i) => new Promise((resolve, reject) => {
    const env = { ...piEnv(join(root, `a${i}`)), ...extraEnv, SITE: site.origin, AGENT_ID: String(i), BENCH_AGENT: "1" }
    const child = spawn(process.execPath, [self], { env, stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.on("error", reject)
    child.on("close", () => resolve(JSON.parse(out || '{"times":[],"failures":-1}')))
  })))

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
  const server = own ? await startBrowserless({ root: join(root, "browserless"), token, concurrent: AGENTS, queued: AGENTS }) : undefined
  const pool = server?.endpoint ?? process.env.BENCH_POOL
  const extraEnv = pool !== undefined ? { PI_AGENT_BROWSER_POOL: pool, ...(token ? { PI_AGENT_BROWSER_POOL_TOKEN: token } : {}) } : {}
  try {
    const alone = await runAgents(1, join(root, "alone"), site, extraEnv)
    const together = await runAgents(AGENTS, join(root, "together"), site, extraEnv)
    const row = (label, runs) => {
      const times = runs.flatMap((r) => r.times)
      const categories = {}
      for (const r of runs) for (const [k, v] of Object.entries(r.categories ?? {})) categories[k] = (categories[k] ?? 0) + v
      return { label, calls: times.length, failures: runs.reduce((n, r) => n + r.failures, 0), categories, p50: pct(times, 50), p95: pct(times, 95) }
    }
    const a = row("1 agent alone", alone)
    const t = row(`${AGENTS} agents at once`, together)
    console.log(`where: ${pool !== undefined ? `pool ${pool}${own ? " (a self-hosted Browserless started for this run)" : ""}` : "local Chromium"}; ${CALLS} calls per agent`)
    for (const r of [a, t]) console.log(`${r.label.padEnd(18)} calls ${String(r.calls).padStart(4)}  failures ${r.failures}${r.failures > 0 ? ` ${JSON.stringify(r.categories)}` : ""}  p50 ${r.p50.toFixed(0)} ms  p95 ${r.p95.toFixed(0)} ms`)
    console.log(`ratio (together / alone): p50 ×${(t.p50 / a.p50).toFixed(2)}  p95 ×${(t.p95 / a.p95).toFixed(2)}`)
  } finally {
    server?.stop()
    await site.close()
    rmSync(root, { recursive: true, force: true })
  }
}

if (process.env.BENCH_AGENT === "1") await agent()
else await main()
