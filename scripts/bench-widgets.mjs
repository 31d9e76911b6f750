// Benchmark (not a test): the widget-libs tasks (fixtures/widget-libs: Choices.js, Tom Select, flatpickr, Quill,
// Shoelace, TinyMCE, Swagger UI, AG Grid, SortableJS; tasks in scripts/lib/widgetTasks.mjs), each done three ways
// in ONE run: (n) the tool's `args` the way a model first drives a page (snapshot, act by ref, follow the first next
// action), (b) the tool's best mode (one job), (c) the raw agent-browser CLI with the same commands as (n) (its human
// text, no next actions). After every action its effect is read independently (a raw `eval` on the strategy's
// session, within half a second of the answer as the widget suite does): a success without the effect and without
// a warning is a false success, a warning (or a failure) with it a wrong warning.
// Prints per library success, calls, model-visible bytes, false successes and wrong warnings; medians and ratios.
//   npm run bench:widgets     (BENCH_TASKS=<regex> picks libraries)
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { EFFECT_WINDOW_MS, startWidgetLibs, WARNINGS } from "./lib/widgetLibs.mjs"
import { widgetTasks } from "./lib/widgetTasks.mjs"

const BINARY = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
const root = mkdtempSync(join(tmpdir(), "piab-widgets-"))
const env = piEnv(root)
const config = configFromEnv(env)
const rawEnv = { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
const apps = await startWidgetLibs()
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
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

const runBinary = (args, session) =>
  new Promise((resolve) => {
    const child = spawn(BINARY, ["--session", session, ...args], { env: rawEnv, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    child.on("close", (code) => resolve({ out, code }))
  })
/** The page's answer to `expression`, read with the raw binary on the strategy's session (true only when === true). */
const holds = async (session, expression) => {
  if (session === undefined) return false
  const { out } = await runBinary(
    ["--json", "eval", `(() => { try { return (${expression}) === true } catch (e) { return false } })()`],
    session
  )
  try {
    return JSON.parse(out).data.result === true
  } catch {
    return false
  }
}

/** Whether the action's effect shows within the window the widget suite allows (polled with the raw binary). */
const shows = async (session, expression) => {
  for (const end = Date.now() + EFFECT_WINDOW_MS; ; await new Promise((r) => setTimeout(r, 25))) {
    if (await holds(session, expression)) return true
    if (Date.now() >= end) return false
  }
}

/** A strategy's run: its calls' bytes, its verdicts, its session for the independent reads. */
const tally = () => ({
  calls: 0,
  bytes: 0,
  falseSuccess: 0,
  wrongWarning: 0,
  session: undefined,
  error: undefined,
  notes: []
})
/** One call judged against its effect, as the widget suite's `act` does. */
const judge = async (t, reply, effect, label) => {
  const happened = await shows(t.session, effect)
  if (reply.failed && happened) {
    t.wrongWarning++
    t.notes.push(`${label}: failed, yet it acted`)
  } else if (!reply.failed && happened && reply.warned) {
    t.wrongWarning++
    t.notes.push(`${label}: warned, yet it acted`)
  } else if (!reply.failed && !happened && !reply.warned) {
    t.falseSuccess++
    t.notes.push(`${label}: success, no effect`)
  }
  return reply
}

const toolSide = (t, piSessionId) => async (input) => {
  const result = await runtime.runPromise(runToResult(input, { piSessionId, cwd: root }))
  const text = textOf(result)
  t.calls++
  t.bytes += Buffer.byteLength(text, "utf8")
  t.session = result.details?.sessionName ?? t.session
  return {
    text,
    failed: result.isError === true,
    warned: WARNINGS.test(text),
    // the first next action as a model would pass it: args, or another input mode (a job)
    next: result.details?.nextActions?.[0]?.params
  }
}
const cliSide = (t) => async (input) => {
  const { out, code } = await runBinary(input.args, t.session)
  t.calls++
  t.bytes += Buffer.byteLength(out, "utf8")
  return { text: out, failed: code !== 0, warned: false, next: undefined }
}
/** The `s` a naive task drives: `read` (must succeed), `act` (judged against its effect). */
const driver = (t, side) => ({
  read: async (args) => {
    const r = await side({ args })
    if (r.failed) throw new Error(`${args.join(" ")} failed: ${r.text.slice(0, 200)}`)
    return r.text
  },
  act: async (step, effect) => {
    const input = Array.isArray(step) ? { args: step } : step
    return judge(t, await side(input), effect, Array.isArray(step) ? step.join(" ") : JSON.stringify(step))
  }
})

const strategies = {
  naive: async (task, i) => {
    const t = tally()
    try {
      await task.naive(driver(t, toolSide(t, `w-naive-${i}`)))
    } catch (error) {
      t.error = String(error)
    }
    t.ok = await holds(t.session, task.check)
    await runtime.runPromise(closeOwnedBrowser())
    return t
  },
  best: async (task, i) => {
    const t = tally()
    try {
      const reply = await judge(t, await toolSide(t, `w-best-${i}`)({ job: { steps: task.best } }), task.check, "job")
      if (reply.failed) t.notes.push(`job failed: ${reply.text.replace(/\s+/g, " ").slice(0, 300)}`)
    } catch (error) {
      t.error = String(error)
    }
    t.ok = await holds(t.session, task.check)
    await runtime.runPromise(closeOwnedBrowser())
    return t
  },
  cli: async (task, i) => {
    const t = tally()
    t.session = `w-cli-${i}`
    try {
      await task.naive(driver(t, cliSide(t)))
    } catch (error) {
      t.error = String(error)
    }
    t.ok = await holds(t.session, task.check)
    await runBinary(["close"], t.session)
    return t
  }
}

const only = process.env.BENCH_TASKS ? new RegExp(process.env.BENCH_TASKS) : undefined
const rows = []
try {
  for (const [i, task] of widgetTasks(u).entries()) {
    if (only !== undefined && !only.test(task.name)) continue
    const row = { name: task.name }
    for (const [key, run] of Object.entries(strategies)) row[key] = await run(task, i)
    rows.push(row)
  }
} finally {
  await runtime.dispose()
  await apps.close()
  rmSync(root, { recursive: true, force: true })
}

const KEYS = ["naive", "best", "cli"]
const cell = (t) => `${t.ok ? "yes" : "NO"} | ${t.calls} | ${t.bytes} | ${t.falseSuccess} | ${t.wrongWarning}`
const ratio = (a, b) => (b === 0 ? "-" : (a / b).toFixed(2))
console.log(
  "\nwidget libraries: (n) tool args the naive way (snapshot, act by ref, follow the first next action), (b) the tool's best mode (a job), (c) raw agent-browser CLI, same commands as (n)"
)
console.log("(ok | calls | model-visible bytes | false successes | wrong warnings; ratios are bytes against (c))\n")
console.log(
  "| library | (n) ok | calls | bytes | false ok | wrong warn | (b) ok | calls | bytes | false ok | wrong warn | (c) ok | calls | bytes | false ok | wrong warn | (n)/(c) | (b)/(c) |"
)
console.log("| --- |" + " --- |".repeat(17))
for (const r of rows)
  console.log(
    `| ${r.name} | ${KEYS.map((k) => cell(r[k])).join(" | ")} | ${ratio(r.naive.bytes, r.cli.bytes)} | ${ratio(r.best.bytes, r.cli.bytes)} |`
  )
const sum = (k, f) => rows.reduce((a, r) => a + f(r[k]), 0)
const ok = (k) => rows.filter((r) => r[k].ok).length
console.log(
  `| total | ${KEYS.map((k) => `${ok(k)}/${rows.length} | ${sum(k, (t) => t.calls)} | ${sum(k, (t) => t.bytes)} | ${sum(k, (t) => t.falseSuccess)} | ${sum(k, (t) => t.wrongWarning)}`).join(" | ")} | ${ratio(
    sum("naive", (t) => t.bytes),
    sum("cli", (t) => t.bytes)
  )} | ${ratio(
    sum("best", (t) => t.bytes),
    sum("cli", (t) => t.bytes)
  )} |`
)
console.log("\nmedians per library")
for (const k of KEYS)
  console.log(
    `  ${k.padEnd(5)} calls ${median(rows.map((r) => r[k].calls))}, bytes ${median(rows.map((r) => r[k].bytes))}, bytes vs raw CLI ${median(rows.map((r) => r[k].bytes / Math.max(1, r.cli.bytes))).toFixed(2)}x`
  )
const tool = (f) => sum("naive", f) + sum("best", f)
console.log(
  `\ntargets: the tool's false successes ${tool((t) => t.falseSuccess)}, wrong warnings ${tool((t) => t.wrongWarning)} (target 0 each); raw CLI false successes ${sum("cli", (t) => t.falseSuccess)} (for comparison)`
)
const notes = rows.flatMap((r) =>
  KEYS.flatMap((k) =>
    [...r[k].notes, ...(r[k].error !== undefined ? [r[k].error] : [])].map((n) => `  ${r.name} (${k}): ${n}`)
  )
)
if (notes.length > 0) console.log(`\nverdicts and errors\n${notes.join("\n")}`)
