// Benchmark (not a test): what the model reads on real saved pages (shared/corpus), through the tool and, side by
// side in the same run, from raw agent-browser. For the tool's page view (`snapshot` after `open`) and `snapshot -i`:
// median/p90/max model-visible bytes and median content recall (definition: shared/corpus/README.md), plus the
// persisted details size per snapshot.   npm run bench:corpus   (CORPUS_DIR overrides the corpus location)
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { pickSentences, recall } from "./lib/recall.mjs"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"

const corpus = process.env.CORPUS_DIR ?? resolve(REPO, "../shared/corpus/readability")
if (!existsSync(corpus)) {
  console.error(`corpus not found at ${corpus} (set CORPUS_DIR)`)
  process.exit(1)
}
const pages = readdirSync(corpus).filter((d) => existsSync(join(corpus, d, "source.html"))).sort()
const root = mkdtempSync(join(tmpdir(), "piab-corpus-"))
const env = piEnv(root)
const config = configFromEnv(env)
// qq declares gb2312 but its bytes are UTF-8 (corpus README): serve the truth
const site = await startStaticServer(corpus, { charsets: { "/qq/": "utf-8" } })
const runtime = ManagedRuntime.make(makeServicesLayer(toolConfigLayer(config)))
const call = (args) => runtime.runPromise(runToResult({ args, timeoutMs: 60_000 }, { piSessionId: "corpus-bench", cwd: root, persistSession: true }))
const binary = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
const raw = (args) => new Promise((resolvePromise) => {
  const child = spawn(binary, ["--session", "raw-bench", "--allowed-domains", "127.0.0.1", ...args], { env: { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }, stdio: ["ignore", "pipe", "pipe"] })
  let out = ""
  child.stdout.on("data", (d) => (out += d))
  child.on("close", () => resolvePromise(out))
})
const visible = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n")
const bytes = (s) => Buffer.byteLength(s, "utf8")

const rows = []
try {
  for (const page of pages) {
    const url = `${site.origin}/${page}/source.html`
    const sentences = pickSentences(readFileSync(join(corpus, page, "expected.html"), "utf8"))
    const opened = await call(["--allowed-domains", "127.0.0.1", "open", url])
    if (opened.isError) console.error(`${page}: open failed: ${opened.details.summary}`)
    const view = await call(["snapshot"])
    const interactive = await call(["snapshot", "-i"])
    await raw(["open", url])
    const rawSnap = await raw(["snapshot"])
    const rawI = await raw(["snapshot", "-i"])
    rows.push({
      page,
      view: bytes(visible(view)), viewRecall: recall(sentences, visible(view)), viewDetails: bytes(JSON.stringify(view.details)),
      inter: bytes(visible(interactive)), interRecall: recall(sentences, visible(interactive)), interDetails: bytes(JSON.stringify(interactive.details)),
      raw: bytes(rawSnap), rawRecall: recall(sentences, rawSnap),
      rawI: bytes(rawI), rawIRecall: recall(sentences, rawI)
    })
  }
} finally {
  await runtime.runPromise(closeOwnedBrowser())
  await raw(["close"])
  await runtime.dispose()
  await site.close()
  rmSync(root, { recursive: true, force: true })
}

const sorted = (xs) => [...xs].sort((a, b) => a - b)
const median = (xs) => { const s = sorted(xs); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2 }
const p90 = (xs) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
const line = (label, key, recallKey) => {
  const xs = rows.map((r) => r[key])
  return `| ${label} | ${kib(median(xs))} | ${kib(p90(xs))} | ${kib(Math.max(...xs))} | ${median(rows.map((r) => r[recallKey])).toFixed(2)} |`
}
console.log(`Corpus: ${rows.length} saved pages, served on 127.0.0.1, opened with --allowed-domains 127.0.0.1\n`)
console.log("| model-visible text | median | p90 | max | median recall |")
console.log("| --- | --- | --- | --- | --- |")
console.log(line("agent_browser page view (`snapshot`)", "view", "viewRecall"))
console.log(line("raw `agent-browser snapshot`", "raw", "rawRecall"))
console.log(line("agent_browser `snapshot -i`", "inter", "interRecall"))
console.log(line("raw `agent-browser snapshot -i`", "rawI", "rawIRecall"))
console.log(`\npage view / raw snapshot, median bytes: ${(median(rows.map((r) => r.view)) / median(rows.map((r) => r.raw))).toFixed(2)}`)
console.log(`persisted details per snapshot: median ${median(rows.map((r) => r.viewDetails))} B, max ${Math.max(...rows.map((r) => Math.max(r.viewDetails, r.interDetails)))} B`)
console.log(`inline results above 16 KiB: ${rows.filter((r) => r.view > 16384 || r.inter > 16384).length}`)
if (process.env.BENCH_VERBOSE) for (const r of rows) console.log(r.page.padEnd(24), r.view, r.viewRecall.toFixed(2), r.raw, r.rawRecall.toFixed(2), r.inter, r.rawI)
