// Benchmark (not a test): the cross-tool case suite of issues #41/#42. Cases written from a reading of what other
// browser tools for agents check in their own tests (clicks, keys, forms, dialogs, console, network, tabs, crashes,
// downloads, storage, cookies, routes, mouse, screenshots, launches, snapshots), each on a small page served here.
// Every case runs a few steps through the tool's `args` and is judged twice: (a) did the page really get the effect
// (its own event log posted to this server, the server's request log, a raw `eval`, files on disk); (b) did the text
// say it, and does it mislead. Verdicts: PASS / DONE-BUT-UNSAID / FAIL, plus MISLEADING. The same steps also run
// through the raw agent-browser CLI (optional column). Writes .bench/cases/latest.json; always exits 0.
//   npm run bench:cases    BENCH_CASES=<regex on id> picks cases; BENCH_CASES_CLI=0 skips the CLI column;
//   BENCH_CASES_BUDGET_MS caps the whole run (default 840000: later cases are reported SKIPPED)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startCaseServer } from "./lib/cases/caseServer.mjs"
import { makeContext, runBinary } from "./lib/cases/context.mjs"
import { classify, effectOf } from "./lib/cases/judge.mjs"
import { printReport } from "./lib/cases/report.mjs"
import { allCases, prepareCases } from "./lib/cases/index.mjs"

const BINARY = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
const started = Date.now()
const BUDGET = Number(process.env.BENCH_CASES_BUDGET_MS ?? 840_000)
const WITH_CLI = process.env.BENCH_CASES_CLI !== "0"
const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined
const root = mkdtempSync(join(tmpdir(), "piab-cases-"))
const env = piEnv(root)
const config = configFromEnv(env)
const rawEnv = { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
const raw = (args, opts) => runBinary(BINARY, rawEnv, root, args, opts)
await prepareCases()
const cases = allCases().filter((k) => only === undefined || only.test(k.id))
const server = await startCaseServer(cases)
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
const textOf = (r) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n")
/** CLI sessions that may still run a browser (a `close` on a session that runs none would launch one first). */
const cliOpen = new Set()
const closeCli = async (session) => {
  if (!cliOpen.delete(session)) return
  await raw(["close"], { session, timeoutMs: 15_000 })
}

/** A step as the tool takes it: an argv array is `{ args }`; a function is computed when its turn comes. */
const inputOf = (step, c) => {
  const s = typeof step === "function" ? step(c) : step
  return Array.isArray(s) ? { args: s } : s
}

/** One call through the tool (aborted at the case's deadline). */
const toolCall = (state) => async (input, signal) => {
  const r = await runtime.runPromise(runToResult(input, { piSessionId: state.pi, cwd: root, signal }))
  state.session = r.details?.sessionName ?? state.session
  const images = r.content.filter((c) => c.type === "image").length
  const category = r.details?.resultCategory ?? r.details?.failureCategory
  return { text: textOf(r), isError: r.isError === true, images, category }
}

/** One call through the raw CLI: args only (a job or semanticAction has no CLI form). */
const cliCall = (state) => async (input, signal) => {
  if (input.args === undefined) throw new Error("no CLI form")
  const timeoutMs = Math.max(1000, signal.deadline - Date.now())
  const r = await raw(input.args, { session: state.session, stdin: input.stdin, timeoutMs })
  return { text: `${r.out}${r.err}`.trim(), isError: r.code !== 0, images: 0 }
}

/** An abort signal that fires at `ms` from now and carries its deadline. */
const deadlineSignal = (ms) => {
  const signal = AbortSignal.timeout(ms)
  signal.deadline = Date.now() + ms
  return signal
}

/** Runs one case on one path; never throws. */
const runCase = async (kase, kind, state) => {
  const t0 = Date.now()
  const c = makeContext({ run: kind, kase, server, root, raw, session: () => state.session })
  const call = kind === "tool" ? toolCall(state) : cliCall(state)
  const signal = deadlineSignal(kase.timeoutMs)
  const act = { text: "", anyError: false, timedOut: false, calls: [] }
  const step = async (s, judged) => {
    if (signal.aborted) throw new Error("case deadline")
    const input = inputOf(s, c)
    const t0 = performance.now()
    const r = await call(input, signal)
    c.texts.push(r.text)
    const ms = Math.round(performance.now() - t0)
    if (judged) act.calls.push({ input, text: r.text, isError: r.isError, images: r.images, category: r.category, ms })
    return r
  }
  try {
    for (const s of kase.setup(c)) await step(s, false)
    c.actStart = Date.now()
    for (const s of kase.act(c)) await step(s, true)
  } catch (error) {
    act.aborted = String(error).includes("no CLI form") ? "n/a" : String(error).slice(0, 200)
  }
  if (act.aborted === "n/a") return { id: kase.id, status: "N/A" }
  act.timedOut = signal.aborted
  act.text = act.calls.map((x) => x.text).join("\n")
  act.anyError = act.calls.some((x) => x.isError) || (act.aborted !== undefined && !act.timedOut)
  c.effect = await effectOf(kase, c)
  const verdict = classify(kase, act, c.effect, c)
  for (const s of kase.teardown?.(c) ?? []) await call(inputOf(s, c), deadlineSignal(10_000)).catch(() => {})
  const events = c
    .events()
    .slice(0, 20)
    .map(({ ms, ...e }) => e)
  const { calls, aborted, timedOut } = act
  const page = c.effect.detail
  const ms = Date.now() - t0
  return { id: kase.id, area: kase.area, ...verdict, ms, page, events, text: act.text, calls, aborted, timedOut }
}

/** Groups: one browser per area; a `fresh` case gets its own. */
const groups = []
for (const k of cases) {
  const key = k.fresh ? k.id : k.area
  const g = groups.find((x) => x.key === key && !k.fresh)
  if (g !== undefined) g.cases.push(k)
  else groups.push({ key, cases: [k] })
}

const results = []
let serial = 0
try {
  for (const g of groups) {
    const tool = { pi: `cases-${g.key}-${serial++}`, session: undefined }
    const cli = { session: `cases-cli-${serial++}` }
    for (const kase of g.cases) {
      if (Date.now() - started > BUDGET) {
        results.push({ id: kase.id, area: kase.area, status: "SKIPPED", reason: "time budget", tool: undefined })
        continue
      }
      // the CLI column runs where it is cheap (cases that share their area's browser and finish fast), at the same
      // time as the tool's run: two browsers, two logs, nothing shared
      const withCli = WITH_CLI && kase.cli !== false && kase.fresh !== true && kase.timeoutMs <= 20_000
      if (withCli) cliOpen.add(cli.session)
      const cliRunning = withCli ? runCase(kase, "cli", cli) : Promise.resolve(undefined)
      const [toolRun, cliRun] = await Promise.all([runCase(kase, "tool", tool), cliRunning])
      results.push({ ...toolRun, cli: cliRun })
      const flag = toolRun.misleading ? "MISLEADING " : ""
      const cliNote = cliRun ? `  (cli ${cliRun.status})` : ""
      process.stderr.write(`${toolRun.status.padEnd(15)} ${flag}${kase.id}${cliNote}\n`)
      // a case that ran out of time may leave its browser busy: the next case starts a new one
      if (toolRun.timedOut || kase.fresh) {
        await runtime.runPromise(closeOwnedBrowser()).catch(() => {})
        tool.pi = `cases-${g.key}-${serial++}`
        tool.session = undefined
      }
      if (cliRun?.timedOut) {
        await closeCli(cli.session)
        cli.session = `cases-cli-${serial++}`
      }
    }
    await runtime.runPromise(closeOwnedBrowser()).catch(() => {})
    await closeCli(cli.session)
  }
} finally {
  await runtime.runPromise(closeOwnedBrowser()).catch(() => {})
  await runtime.dispose().catch(() => {})
  for (const s of [...cliOpen]) await closeCli(s)
  await server.close()
  rmSync(root, { recursive: true, force: true })
}

const out = join(REPO, ".bench", "cases")
mkdirSync(out, { recursive: true })
const seconds = Math.round((Date.now() - started) / 1000)
const report = { startedAt: new Date(started).toISOString(), seconds, withCli: WITH_CLI, results }
writeFileSync(join(out, "latest.json"), JSON.stringify(report, null, 2))
printReport(results, WITH_CLI)
console.log(`\n${results.length} cases in ${report.seconds} s; per-case results: .bench/cases/latest.json`)
process.exit(0)
