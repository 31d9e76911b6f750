// Benchmark (not a test): scripted, LLM-free tasks on pages built from real npm UI libraries (fixtures/ui-apps:
// TodoMVC in React, react-select, react-datepicker, sortablejs, a menu button, a modal form, ARIA tabs, a late
// widget; tasks in scripts/lib/uiTasks.mjs). Each task is done four ways in ONE run: (d) the tool's best modes as a
// model that does not know the page (it looks first), (a) the tool's best modes by labels known in advance (reported
// apart: no snapshot), (b) the tool with raw `args`, one command per call, (c) the raw agent-browser binary with the
// same commands as (b) (its human text, no --json). Success is read from the page independently (a raw `eval` on the
// strategy's own session) before it closes. Prints per task calls, model-visible bytes, median latency per call,
// success and byte ratios against the raw CLI; totals; targets.
//   npm run bench:ui-tasks     (also run by npm run bench:tasks; BENCH_TASKS=<regex> picks tasks)
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startUiApps } from "./lib/uiApps.mjs"
import { uiTasks } from "./lib/uiTasks.mjs"

const BINARY = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
const root = mkdtempSync(join(tmpdir(), "piab-uitasks-"))
const env = piEnv(root)
const config = configFromEnv(env)
const rawEnv = { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
const apps = await startUiApps()
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(configFromEnv(env)) }))
const u = (path) => `${apps.origin}${path}`
const textOf = (r) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n")
const median = (xs) => {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Runs the native binary on one session; resolves with its combined output, exit code and time. */
const runBinary = (args, session) =>
  new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(BINARY, ["--session", session, ...args], { env: rawEnv, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    child.on("close", (code) => resolve({ out, code, ms: performance.now() - started }))
  })

/** The page facts every check reads: todo rows (`*` = completed), hash, result lines, dialog, selected tab. */
const STATE = `JSON.stringify({
  todos: [...document.querySelectorAll(".todo-list li")].map((li) => (li.classList.contains("completed") ? "*" : "") + (li.querySelector("label")?.textContent ?? "")),
  hash: location.hash,
  results: Object.fromEntries([...document.querySelectorAll(".result")].map((e) => [e.id, e.textContent])),
  dialog: document.querySelector("[role=dialog]") !== null
})`
const readState = async (session) => {
  if (session === undefined) return undefined
  const { out } = await runBinary(["--json", "eval", STATE], session)
  try {
    return JSON.parse(JSON.parse(out).data.result)
  } catch {
    return undefined
  }
}

/** A strategy's run: every call's command, time and bytes, and its session for the independent check. */
const tally = () => ({ calls: [], session: undefined, error: undefined })
// BENCH_TRANSCRIPTS=<dir>: each task's strategies' model-visible texts, one file per task and strategy (to see where bytes go)
const TRANSCRIPTS = process.env.BENCH_TRANSCRIPTS
const record = (t, cmd, ms, text) => {
  t.calls.push({ cmd, ms, bytes: Buffer.byteLength(text, "utf8"), ...(TRANSCRIPTS !== undefined ? { text } : {}) })
  t.last = text
}

const toolCaller = (t, piSessionId) => async (input) => {
  const started = performance.now()
  const result = await runtime.runPromise(runToResult(input, { piSessionId, cwd: root }))
  const text = textOf(result)
  record(t, input.args?.[0] ?? Object.keys(input).find((k) => k !== "stdin") ?? "?", performance.now() - started, text)
  t.session = result.details?.sessionName ?? t.session
  return { text, failed: result.isError === true }
}

const strategies = {
  /** (a) the tool's best modes, controls addressed by labels known in advance (no snapshot). */
  best: async (task, i) => {
    const t = tally()
    const call = toolCaller(t, `ui-best-${i}`)
    try {
      await task.best(call)
    } catch (error) {
      t.error = String(error)
    }
    t.state = await readState(t.session)
    await runtime.runPromise(closeOwnedBrowser())
    return t
  },
  /** (d) the tool's best modes as a model that does not know the page: it looks, then acts by ref. */
  discover: async (task, i) => {
    const t = tally()
    const call = toolCaller(t, `ui-discover-${i}`)
    try {
      await task.discover(async (input) => (await call(input)).text)
    } catch (error) {
      t.error = String(error)
    }
    t.state = await readState(t.session)
    await runtime.runPromise(closeOwnedBrowser())
    return t
  },
  /** (b) the tool with raw args, one command per call. */
  args: async (task, i) => {
    const t = tally()
    const call = toolCaller(t, `ui-args-${i}`)
    try {
      await task.raw(async (args) => (await call({ args })).text)
    } catch (error) {
      t.error = String(error)
    }
    t.state = await readState(t.session)
    await runtime.runPromise(closeOwnedBrowser())
    return t
  },
  /** (c) the raw agent-browser binary, the same commands, its human-readable output. */
  cli: async (task, i) => {
    const t = tally()
    t.session = `ui-cli-${i}`
    try {
      await task.raw(async (args) => {
        const { out, ms } = await runBinary(args, t.session)
        record(t, args[0], ms, out)
        return out
      })
    } catch (error) {
      t.error = String(error)
    }
    t.state = await readState(t.session)
    await runBinary(["close"], t.session)
    return t
  }
}

const tasks = uiTasks(u)

const only = process.env.BENCH_TASKS ? new RegExp(process.env.BENCH_TASKS) : undefined
const rows = []
try {
  for (const [i, task] of tasks.entries()) {
    if (only !== undefined && !only.test(task.name)) continue
    const row = { name: task.name }
    for (const [key, run] of Object.entries(strategies)) {
      const t = await run(task, i)
      row[key] = { ...t, ok: task.check(t.state) }
      if (TRANSCRIPTS !== undefined)
        writeFileSync(
          join(TRANSCRIPTS, `${task.name.replace(/[^\w]+/g, "-")}.${key}.txt`),
          t.calls.map((c) => `=== ${c.cmd} (${c.bytes} B)\n${c.text}`).join("\n")
        )
    }
    rows.push(row)
  }
} finally {
  await runtime.dispose()
  await apps.close()
  rmSync(root, { recursive: true, force: true })
}

const calls = (t) => t.calls.length
const bytes = (t) => t.calls.reduce((a, c) => a + c.bytes, 0)
const ms = (t) => median(t.calls.map((c) => c.ms)).toFixed(0)
const ratio = (a, b) => (a / b).toFixed(2)
const cell = (t) => `${calls(t)} | ${bytes(t)} | ${ms(t)} | ${t.ok ? "yes" : "NO"}`
const KEYS = ["discover", "best", "args", "cli"]
console.log(
  "\nui-apps tasks: (d) best modes discovering the page, (a) best modes by labels known in advance, (b) tool raw args, (c) raw agent-browser CLI"
)
console.log(
  "(calls | model-visible bytes | median ms/call | ok; (d)/(a) calls are whole jobs and batches; ratios are bytes against (c))\n"
)
console.log(
  "| task | (d) calls | bytes | ms | ok | (a) calls | bytes | ms | ok | (b) calls | bytes | ms | ok | (c) calls | bytes | ms | ok | (d)/(c) | (a)/(c) | (b)/(c) |"
)
console.log("| --- |" + " --- |".repeat(19))
for (const r of rows)
  console.log(
    `| ${r.name} | ${KEYS.map((k) => cell(r[k])).join(" | ")} | ${ratio(bytes(r.discover), bytes(r.cli))} | ${ratio(bytes(r.best), bytes(r.cli))} | ${ratio(bytes(r.args), bytes(r.cli))} |`
  )
const total = (k, f) => rows.reduce((a, r) => a + f(r[k]), 0)
const okCount = (k) => rows.filter((r) => r[k].ok).length
const allMs = (k) => median(rows.flatMap((r) => r[k].calls.map((c) => c.ms))).toFixed(0)
console.log(
  `| total | ${KEYS.map((k) => `${total(k, calls)} | ${total(k, bytes)} | ${allMs(k)} | ${okCount(k)}/${rows.length}`).join(" | ")} | ${ratio(total("discover", bytes), total("cli", bytes))} | ${ratio(total("best", bytes), total("cli", bytes))} | ${ratio(total("args", bytes), total("cli", bytes))} |`
)

const clicks = (k) => rows.flatMap((r) => r[k].calls.filter((c) => c.cmd === "click").map((c) => c.ms))
const toolClick = median(clicks("args")),
  rawClick = median(clicks("cli"))
const verdict = (ok) => (ok ? "met" : "MISSED")
const byteRatio = total("discover", bytes) / total("cli", bytes)
console.log("\ntargets")
console.log(
  `  best modes (discovering) / raw CLI bytes   ${ratio(total("discover", bytes), total("cli", bytes))}x  (target <= 0.6x, #45: ${verdict(byteRatio <= 0.6)})`
)
const callRatio = total("discover", calls) / total("cli", calls)
console.log(
  `  best modes (discovering) / raw CLI calls   ${ratio(total("discover", calls), total("cli", calls))}x  (target <= 0.5x, #45: ${verdict(callRatio <= 0.5)})`
)
console.log(
  `  reported apart, labels known in advance (no snapshot): bytes ${ratio(total("best", bytes), total("cli", bytes))}x, calls ${ratio(total("best", calls), total("cli", calls))}x`
)
console.log(`  tool args / raw CLI bytes    ${ratio(total("args", bytes), total("cli", bytes))}x  (same commands)`)
console.log(
  `  click median: tool ${toolClick.toFixed(0)} ms (n=${clicks("args").length}) vs raw CLI ${rawClick.toFixed(0)} ms (n=${clicks("cli").length}): ${ratio(toolClick, rawClick)}x  (bench:core measures it interleaved)`
)
const success = KEYS.reduce((a, k) => a + okCount(k), 0),
  runs = rows.length * KEYS.length
console.log(
  `  success ${success}/${runs}  (${KEYS.map((k) => `${k} ${okCount(k)}`).join(", ")}; target 100%: ${verdict(success === runs)})`
)
const failures = rows.flatMap((r) =>
  KEYS.filter((k) => !r[k].ok).map(
    (k) =>
      `  ${r.name} (${k}): ${r[k].error ?? ""} page ${JSON.stringify(r[k].state)}; last output: ${JSON.stringify((r[k].last ?? "").slice(0, 300))}`
  )
)
if (failures.length > 0) console.log(`\nfailed runs (page state read independently)\n${failures.join("\n")}`)
if (process.env.BENCH_VERBOSE)
  for (const r of rows)
    for (const k of KEYS) console.log(`${r.name} (${k}): ${r[k].calls.map((c) => `${c.cmd} ${c.bytes}`).join(", ")}`)
