// Benchmark (not a test): a dozen tiny task pages (fixtures/small-pages: buttons, checkboxes, tabs, a native date
// input, a JS date picker, an autocomplete, a login form, a table to read, a select, a modal, a slider, a multi-step
// form; tasks in scripts/lib/smallTasks.mjs), each done three ways in ONE run: (a) the tool's `args` the way a model
// first drives a page (snapshot -i, act by @ref, one command per call, following the tool's next action and advice
// where it says an action did not take: the truthful path), (b) the tool's best mode (a job, labels known in
// advance; a read adds one `get text`), (c) the raw agent-browser CLI with the same commands as (a) (its human text;
// it warns of nothing, so it goes on where its "✓ Done" says so). Success is the page's own state
// (`window.benchState`, read with a raw `eval` on the strategy's session) and, for reads, the answer found.
// Prints per task calls, model-visible bytes (text as UTF-8, images as base64 length) and success; totals and ratios.
//   npm run bench:small     (BENCH_TASKS=<regex> picks tasks; BENCH_TRANSCRIPTS=<dir> writes every text)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { benchSides, tally } from "./lib/benchSides.mjs"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { smallTasks } from "./lib/smallTasks.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"
import { WARNINGS } from "./lib/widgetLibs.mjs"

const started = performance.now()
const root = mkdtempSync(join(tmpdir(), "piab-small-"))
const sides = benchSides({ env: piEnv(root), root })
const server = await startStaticServer(join(REPO, "fixtures/small-pages"))
const u = (path) => `${server.origin}${path}`
const TRANSCRIPTS = process.env.BENCH_TRANSCRIPTS
if (TRANSCRIPTS !== undefined) mkdirSync(TRANSCRIPTS, { recursive: true })

/**
 * The `s` a naive task drives: `read` must succeed; `act` answers whether it failed or warned, and the next action;
 * `follow` sends a next action's params as they are (a job), as a model following the tool's first next action would.
 */
const driver = (t, side) => ({
  follow: async (input) => {
    const r = await side(input)
    if (r.failed) t.flagged.push(Object.keys(input)[0])
    return r
  },
  read: async (args) => {
    const r = await side({ args })
    if (r.failed) throw new Error(`${args.join(" ")} failed: ${r.text.slice(0, 200)}`)
    return r.text
  },
  act: async (args) => {
    const r = await side({ args })
    const warned = !r.failed && WARNINGS.test(r.text)
    if (warned || r.failed) t.flagged.push(args[0])
    return { ...r, warned }
  }
})

/** Runs one strategy's script, then reads the page's state on its session before it closes. */
const finish = async (t, task, script) => {
  try {
    t.answer = await script()
  } catch (error) {
    t.error = String(error)
  }
  t.state = await sides.evalJson(t.session, "window.benchState ?? null")
  t.ok = task.check(t.state, t.answer)
  return t
}
const strategies = {
  args: async (task, i) => {
    const t = { ...tally(), flagged: [] }
    await finish(t, task, () => task.naive(driver(t, sides.tool(t, `small-args-${i}`))))
    await sides.closeTool()
    return t
  },
  best: async (task, i) => {
    const t = { ...tally(), flagged: [] }
    const call = sides.tool(t, `small-best-${i}`)
    await finish(t, task, () =>
      task.best(async (input) => {
        const r = await call(input)
        if (r.failed) t.flagged.push(Object.keys(input)[0])
        return r
      })
    )
    await sides.closeTool()
    return t
  },
  cli: async (task, i) => {
    const t = { ...tally(), flagged: [] }
    t.session = `small-cli-${i}`
    await finish(t, task, () => task.naive(driver(t, sides.cli(t))))
    await sides.closeCli(t.session)
    return t
  }
}

const only = process.env.BENCH_TASKS ? new RegExp(process.env.BENCH_TASKS) : undefined
const KEYS = ["args", "best", "cli"]
const rows = []
try {
  for (const [i, task] of smallTasks(u).entries()) {
    if (only !== undefined && !only.test(task.name)) continue
    const row = { name: task.name }
    for (const key of KEYS) {
      row[key] = await strategies[key](task, i)
      if (TRANSCRIPTS === undefined) continue
      const file = join(TRANSCRIPTS, `${task.name.replace(/[^\w]+/g, "-")}.${key}.txt`)
      writeFileSync(file, row[key].calls.map((c) => `=== ${c.cmd} (${c.bytes} B)\n${c.text}`).join("\n"))
    }
    rows.push(row)
  }
} finally {
  await sides.dispose()
  await server.close()
  rmSync(root, { recursive: true, force: true })
}
printReport(rows, (performance.now() - started) / 1000)

function printReport(rows, seconds) {
  const calls = (t) => t.calls.length
  const bytes = (t) => t.calls.reduce((a, c) => a + c.bytes, 0)
  const ratio = (a, b) => (b === 0 ? "-" : (a / b).toFixed(2))
  const cell = (t) => `${calls(t)} | ${bytes(t)} | ${t.ok ? "yes" : "NO"}`
  const note = (r) =>
    [
      r.args.flagged.length > 0
        ? `(a) truthful path after ${[...new Set(r.args.flagged)].join(", ")} flagged ` +
          `(${calls(r.args) - calls(r.cli)} calls, ${bytes(r.args) - bytes(r.cli)} B over (c))`
        : "",
      !r.cli.ok && r.cli.error === undefined ? "(c) false success: every call said done" : ""
    ]
      .filter(Boolean)
      .join("; ")
  console.log("\nsmall pages: (a) tool args, model-style (snapshot -i, @refs, follows the tool's advice),")
  console.log("(b) the tool's best mode (a job; labels known in advance), (c) raw CLI, same commands as (a)")
  console.log("(calls | model-visible bytes | ok; ratios against (c))\n")
  console.log(
    "| task | (a) calls | bytes | ok | (b) calls | bytes | ok | (c) calls | bytes | ok " +
      "| (a)/(c) calls | (a)/(c) bytes | (b)/(c) calls | (b)/(c) bytes | note |"
  )
  console.log("| --- |" + " --- |".repeat(14))
  for (const r of rows) {
    const ratios = ["args", "best"].map(
      (k) => `${ratio(calls(r[k]), calls(r.cli))} | ${ratio(bytes(r[k]), bytes(r.cli))}`
    )
    console.log(`| ${r.name} | ${KEYS.map((k) => cell(r[k])).join(" | ")} | ${ratios.join(" | ")} | ${note(r)} |`)
  }
  const sum = (set, k, f) => set.reduce((a, r) => a + f(r[k]), 0)
  const ok = (k) => rows.filter((r) => r[k].ok).length
  const totals = (set, label) => {
    const ratios = ["args", "best"].map(
      (k) =>
        `${ratio(sum(set, k, calls), sum(set, "cli", calls))} | ` +
        `${ratio(sum(set, k, bytes), sum(set, "cli", bytes))}`
    )
    const cells = KEYS.map(
      (k) => `${sum(set, k, calls)} | ${sum(set, k, bytes)} | ${set.filter((r) => r[k].ok).length}/${set.length}`
    )
    console.log(`| ${label} | ${cells.join(" | ")} | ${ratios.join(" | ")} | |`)
  }
  totals(rows, "total")
  const allOk = rows.filter((r) => KEYS.every((k) => r[k].ok))
  if (allOk.length < rows.length) totals(allOk, `total where all three succeed (${allOk.length})`)
  console.log(`\nsuccess: ${KEYS.map((k) => `${k} ${ok(k)}/${rows.length}`).join(", ")}; run ${seconds.toFixed(0)} s`)
  const callSeconds = (k) => (sum(rows, k, (t) => t.calls.reduce((a, c) => a + c.ms, 0)) / 1000).toFixed(1)
  console.log(`time in calls (launches included): ${KEYS.map((k) => `${k} ${callSeconds(k)} s`).join(", ")}`)
  const failures = rows.flatMap((r) =>
    KEYS.filter((k) => !r[k].ok).map(
      (k) =>
        `  ${r.name} (${k}): ` +
        `${r[k].error ?? ""} page ${JSON.stringify(r[k].state)}, answer ${JSON.stringify(r[k].answer)}; ` +
        `last: ${JSON.stringify(r[k].last.slice(0, 240))}`
    )
  )
  if (failures.length > 0) console.log(`\nfailed runs (page state read independently)\n${failures.join("\n")}`)
  if (process.env.BENCH_VERBOSE) {
    for (const r of rows) {
      for (const k of KEYS) console.log(`${r.name} (${k}): ${r[k].calls.map((c) => `${c.cmd} ${c.bytes}`).join(", ")}`)
    }
  }
}
