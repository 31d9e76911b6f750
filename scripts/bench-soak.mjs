// Soak benchmark (not a test): 1,000 tool calls in one managed session against the local fixture site, printing at
// call 1 and every 200 calls the processes of the session (the daemon from its pid file plus its descendants, found
// by id), the size of the world's temp and artifact folders, and this process's memory after a gc (RSS, heap, external;
// `npm run bench:soak` exposes gc). Ends with quit and the same counts, and the memory target: RSS at the last report
// within 10% of call 200's (#43).
//   npm run bench:soak            (SOAK_CALLS, SOAK_EVERY to change the count and the interval; 1000 and 200)
import { readdirSync, readFileSync, rmSync, statSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"
import { onPiNode } from "./lib/onPiNode.mjs"

onPiNode(import.meta.url)

const CALLS = Number(process.env.SOAK_CALLS ?? 1000)
const EVERY = Number(process.env.SOAK_EVERY ?? 200)
const root = mkdtempSync(join(tmpdir(), "piab-soak-"))
const env = piEnv(root)
const site = await startStaticServer(join(REPO, "fixtures/site"))
const config = configFromEnv(env)
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
const call = { piSessionId: "soak", cwd: root }

const read = (p) => {
  try {
    return readFileSync(p, "utf8")
  } catch {
    return ""
  }
}
const stat = (pid) => {
  const t = read(`/proc/${pid}/stat`)
  const f = t.slice(t.lastIndexOf(")") + 2).split(" ")
  return { state: f[0], ppid: Number(f[1]) }
}
/** The daemons in the socket dir and every descendant of theirs. */
const sessionProcesses = () => {
  let dirs = []
  try {
    dirs = readdirSync(config.socketDir).filter((n) => n.endsWith(".pid"))
  } catch {}
  const roots = dirs
    .map((n) => Number(read(join(config.socketDir, n)).trim()))
    .filter((p) => p > 0 && stat(p).state && stat(p).state !== "Z")
  const all = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .map((pid) => ({ pid, ...stat(pid) }))
  const found = new Set(roots)
  for (let grew = true; grew; ) {
    grew = false
    for (const p of all)
      if (!found.has(p.pid) && found.has(p.ppid) && p.state !== "Z") {
        found.add(p.pid)
        grew = true
      }
  }
  return found.size
}
const du = (dir) => {
  let total = 0
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      const s = statSync(path, { throwIfNoEntry: false })
      if (s === undefined) continue
      total += s.isDirectory() ? du(path) : s.size
    }
  } catch {}
  return total
}
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
const rssAt = new Map()
const report = (label, at) => {
  globalThis.gc?.()
  const m = process.memoryUsage()
  if (at !== undefined) rssAt.set(at, m.rss)
  const folders = `temp ${mb(du(env.TMPDIR ?? join(root, "tmp"))).padStart(8)}  artifacts ${mb(du(config.artifactRoot)).padStart(8)}`
  const memory = `rss ${mb(m.rss).padStart(8)}  heap ${mb(m.heapUsed).padStart(8)}  external ${mb(m.external).padStart(8)}`
  console.log(`${label.padEnd(10)} processes ${String(sessionProcesses()).padStart(3)}  ${folders}  ${memory}`)
}

const steps = [
  { args: ["open", `${site.origin}/index.html`] },
  { args: ["snapshot", "-i"] },
  { args: ["get", "title"] },
  { args: ["eval", "--stdin"], stdin: "document.body.innerText.length" },
  { args: ["screenshot"] },
  { args: ["console"] }
]
let failures = 0
try {
  for (let i = 1; i <= CALLS; i++) {
    const result = await runtime.runPromise(runToResult(steps[(i - 1) % steps.length], call))
    if (result.isError) failures++
    if (i === 1 || i % EVERY === 0) report(`call ${i}`, i)
  }
  await runtime.runPromise(closeOwnedBrowser())
  await new Promise((r) => setTimeout(r, 500))
  report("after quit")
  console.log(
    `${CALLS} calls, ${failures} failures${globalThis.gc === undefined ? " (no gc exposed: run with node --expose-gc)" : ""}`
  )
  const base = rssAt.get(EVERY),
    last = rssAt.get(Math.floor(CALLS / EVERY) * EVERY)
  if (base !== undefined && last !== undefined && last !== base) {
    const growth = (last - base) / base
    console.log(
      `rss: call ${EVERY} ${mb(base)} → call ${Math.floor(CALLS / EVERY) * EVERY} ${mb(last)} (${(growth * 100).toFixed(1)}%; target within 10%: ${Math.abs(growth) <= 0.1 ? "met" : "missed"})`
    )
  }
} finally {
  await runtime.dispose()
  await site.close()
  rmSync(root, { recursive: true, force: true })
}
