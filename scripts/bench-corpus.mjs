// Benchmark (not a test): what the model reads on real saved pages (shared/corpus, plus the long documents of
// fixtures/long-docs), through the tool and, side by side in the same run, from raw agent-browser. For the tool's page
// view (`snapshot` after `open`) and `snapshot -i`: median/p90/max model-visible bytes and median content recall
// (definition: shared/corpus/README.md), plus the persisted details size per snapshot. For long documents (over
// 40 KiB of article text): recall within the view, the view plus one and plus at most two follow-up calls that read on
// as the view says (`snapshot --read <place>`), each call's bytes and how many of them are article sentences not read
// before, and the recall with the tool's line markup ignored (withoutMarkup in scripts/lib/recall.mjs says why).
//   npm run bench:corpus   (CORPUS_DIR overrides the corpus location; BENCH_PAGES=<regex> picks pages; BENCH_MISSES=1
//   prints each sentence the reading missed and writes what was read to $TMPDIR/read-<page>.txt)
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import {
  allSentences,
  blindRecall,
  htmlToText,
  newSentenceBytes,
  normalize,
  pickSentences,
  recall
} from "./lib/recall.mjs"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"

const corpus = process.env.CORPUS_DIR ?? resolve(REPO, "../shared/corpus/readability")
if (!existsSync(corpus)) {
  console.error(`corpus not found at ${corpus} (set CORPUS_DIR)`)
  process.exit(1)
}
const LONG_DOCS = join(REPO, "fixtures/long-docs")
const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined
const listed = (dir, prefix) =>
  readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, "source.html")))
    .sort()
    .map((d) => ({ name: d, dir: join(dir, d), path: `${prefix}/${d}/source.html` }))
const pages = [...listed(corpus, ""), ...listed(LONG_DOCS, "/long-docs")].filter(
  (p) => only === undefined || only.test(p.name)
)
const root = mkdtempSync(join(tmpdir(), "piab-corpus-"))
const env = piEnv(root)
const config = configFromEnv(env)
// qq declares gb2312 but its bytes are UTF-8 (corpus README): serve the truth
const site = await startStaticServer(corpus, { charsets: { "/qq/": "utf-8" }, mounts: { "/long-docs/": LONG_DOCS } })
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
const call = (args) =>
  runtime.runPromise(
    runToResult({ args, timeoutMs: 60_000 }, { piSessionId: "corpus-bench", cwd: root, persistSession: true })
  )
const binary = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
const raw = (args) =>
  new Promise((resolvePromise) => {
    const child = spawn(binary, ["--session", "raw-bench", "--allowed-domains", "127.0.0.1", ...args], {
      env: { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.on("close", () => resolvePromise(out))
  })
const visible = (result) =>
  result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n")
const bytes = (s) => Buffer.byteLength(s, "utf8")
/** The place the text says to read on from (`snapshot --read <place>`), if any. */
const readOn = (text) => /snapshot --read (\d+(?:\+\d+)?)/.exec(text)?.[1]

const rows = []
try {
  for (const { name: page, dir, path } of pages) {
    const url = `${site.origin}${path}`
    const expected = readFileSync(join(dir, "expected.html"), "utf8")
    const sentences = pickSentences(expected)
    const articleBytes = bytes(normalize(htmlToText(expected)).trim())
    const opened = await call(["--allowed-domains", "127.0.0.1", "open", url])
    if (opened.isError) console.error(`${page}: open failed: ${opened.details.summary}`)
    const view = await call(["snapshot"])
    // read on as the view says, at most twice
    const calls = [visible(view)]
    for (let place = readOn(calls[0]); place !== undefined && calls.length < 3; ) {
      const more = visible(await call(["snapshot", "--read", place]))
      calls.push(more)
      place = readOn(more)
    }
    const read = calls.join("\n")
    const pool = allSentences(expected),
      seen = new Set()
    const perCall = calls.map((text, i) => ({
      bytes: bytes(text),
      fresh: newSentenceBytes(pool, seen, text),
      recall: recall(sentences, calls.slice(0, i + 1).join("\n"))
    }))
    if (process.env.BENCH_MISSES) writeFileSync(join(tmpdir(), `read-${page}.txt`), read)
    if (process.env.BENCH_MISSES)
      for (const s of sentences)
        if (!normalize(read).includes(normalize(s).slice(0, 40)))
          console.error(`${page} miss: ${normalize(s).slice(0, 90)}`)
    const interactive = await call(["snapshot", "-i"])
    await raw(["open", url])
    const rawSnap = await raw(["snapshot"])
    const rawI = await raw(["snapshot", "-i"])
    rows.push({
      page,
      articleBytes,
      perCall,
      readRecall: recall(sentences, read),
      blindRecall: blindRecall(sentences, read),
      view: bytes(visible(view)),
      viewRecall: recall(sentences, visible(view)),
      viewDetails: bytes(JSON.stringify(view.details)),
      inter: bytes(visible(interactive)),
      interRecall: recall(sentences, visible(interactive)),
      interDetails: bytes(JSON.stringify(interactive.details)),
      raw: bytes(rawSnap),
      rawRecall: recall(sentences, rawSnap),
      rawI: bytes(rawI),
      rawIRecall: recall(sentences, rawI)
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
const median = (xs) => {
  const s = sorted(xs)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
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
console.log(
  `\npage view / raw snapshot, median bytes: ${(median(rows.map((r) => r.view)) / median(rows.map((r) => r.raw))).toFixed(2)}`
)
console.log(
  `persisted details per snapshot: median ${median(rows.map((r) => r.viewDetails))} B, max ${Math.max(...rows.map((r) => Math.max(r.viewDetails, r.interDetails)))} B`
)
console.log(`inline results above 16 KiB: ${rows.filter((r) => r.view > 16384 || r.inter > 16384).length}`)
const long = rows.filter((r) => r.articleBytes > 40 * 1024)
console.log(
  `\nLong documents (over 40 KiB of article text): recall within the view, the view plus one and plus at most two follow-up reads`
)
console.log(
  "Each call: its model-visible bytes (of them, article sentences first read whole in it). Markup-blind: the tool's line markup ignored."
)
console.log(
  "| page | article | view | read 1 | read 2 | recall: view | view + 1 | view + 2 | view + 2, markup-blind | raw snapshot |"
)
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
const callCell = (c) => (c === undefined ? "-" : `${kib(c.bytes)} (${kib(c.fresh)})`)
const recallAt = (r, i) => (r.perCall[Math.min(i, r.perCall.length - 1)]?.recall ?? 0).toFixed(2)
for (const r of long)
  console.log(
    `| ${r.page} | ${kib(r.articleBytes)} | ${callCell(r.perCall[0])} | ${callCell(r.perCall[1])} | ${callCell(r.perCall[2])} | ${recallAt(r, 0)} | ${recallAt(r, 1)} | ${recallAt(r, 2)} | ${r.blindRecall.toFixed(2)} | ${r.rawRecall.toFixed(2)} |`
  )
if (long.length > 0)
  console.log(
    `median recall: view ${median(long.map((r) => r.viewRecall)).toFixed(2)}, view + 2 ${median(long.map((r) => r.readRecall)).toFixed(2)} (target >= 0.95), markup-blind ${median(long.map((r) => r.blindRecall)).toFixed(2)}, raw snapshot ${median(long.map((r) => r.rawRecall)).toFixed(2)}`
  )
if (process.env.BENCH_VERBOSE)
  for (const r of rows)
    console.log(r.page.padEnd(24), r.view, r.viewRecall.toFixed(2), r.raw, r.rawRecall.toFixed(2), r.inter, r.rawI)
