// Benchmark (not a test): scripted, LLM-free tasks on pages built from real npm UI libraries (fixtures/ui-apps:
// TodoMVC in React, react-select, react-datepicker, sortablejs, a menu button, a modal form, ARIA tabs, a late
// widget). Each task is done three ways in ONE run: (a) the tool's best modes, (b) the tool with raw `args`, one
// command per call, (c) the raw agent-browser binary with the same commands as (b) (its human text, no --json).
// Success is read from the page independently (a raw `eval` on the strategy's own session) before it closes.
// Prints per task calls, model-visible bytes, median latency per call and success; totals; ratios vs the targets.
//   npm run bench:tasks        (runs scripts/bench-tasks.mjs, then this)
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startUiApps } from "./lib/uiApps.mjs"

const BINARY = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
const root = mkdtempSync(join(tmpdir(), "piab-uitasks-"))
const env = piEnv(root)
const config = configFromEnv(env)
const rawEnv = { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
const apps = await startUiApps()
const runtime = ManagedRuntime.make(makeServicesLayer(toolConfigLayer(configFromEnv(env))))
const u = (path) => `${apps.origin}${path}`
const TODOS = "/todo.html?items=Buy milk,Walk dog,Pay rent"
const W = "/widgets.html"
const textOf = (r) => r.content.filter((c) => c.type === "text").map((c) => c.text).join("\n")
const median = (xs) => { if (xs.length === 0) return NaN; const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2 }
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The ref of `role "name"` in a snapshot (tool or CLI text), or throws (the task then fails honestly). */
const ref = (snapshot, role, name) => {
  const m = new RegExp(`\\b${role} "${escape(name)}"[^\\n]*?ref=(e\\d+)`).exec(snapshot)
  if (m === null) throw new Error(`no ref for ${role} "${name}"`)
  return `@${m[1]}`
}

/** Runs the native binary on one session; resolves with its combined output, exit code and time. */
const runBinary = (args, session) => new Promise((resolve) => {
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
  try { return JSON.parse(JSON.parse(out).data.result) } catch { return undefined }
}

/** A strategy's run: every call's command, time and bytes, and its session for the independent check. */
const tally = () => ({ calls: [], session: undefined, error: undefined })
const record = (t, cmd, ms, text) => {
  t.calls.push({ cmd, ms, bytes: Buffer.byteLength(text, "utf8") })
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
  /** (a) the tool's best modes. */
  best: async (task, i) => {
    const t = tally()
    const call = toolCaller(t, `ui-best-${i}`)
    try { await task.best(call) } catch (error) { t.error = String(error) }
    t.state = await readState(t.session)
    await runtime.runPromise(closeOwnedBrowser())
    return t
  },
  /** (b) the tool with raw args, one command per call. */
  args: async (task, i) => {
    const t = tally()
    const call = toolCaller(t, `ui-args-${i}`)
    try { await task.raw(async (args) => (await call({ args })).text) } catch (error) { t.error = String(error) }
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
    } catch (error) { t.error = String(error) }
    t.state = await readState(t.session)
    await runBinary(["close"], t.session)
    return t
  }
}

/** Snapshots until `role "name"` has a ref (a late widget): a careful agent waits 500 ms between tries (3 at most). */
const snapshotUntil = async (run, role, name) => {
  let s = ""
  for (let n = 0; n < 3; n++) {
    if (n > 0) await run(["wait", "500"])
    s = await run(["snapshot", "-i"])
    if (new RegExp(`\\b${role} "${escape(name)}"[^\\n]*?ref=`).test(s)) return s
  }
  return s
}
/** The n-th (1-based) unnamed `role [...]` line's ref: TodoMVC's toggles and its edit box have no name. */
const nthUnnamed = (snapshot, role, n) => {
  const refs = [...snapshot.matchAll(new RegExp(`\\b${role} \\[[^\\n]*?ref=(e\\d+)`, "g"))].map((m) => m[1])
  if (refs[n - 1] === undefined) throw new Error(`no unnamed ${role} #${n}`)
  return `@${refs[n - 1]}`
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b)

const tasks = [
  {
    name: "todo: add three",
    check: (s) => same(s?.todos, ["Buy milk", "Walk dog", "Pay rent"]),
    best: (call) => call({ job: { steps: [
      { action: "open", url: u("/todo.html") },
      { action: "type", selector: ".new-todo", text: "Buy milk", press: "Enter" },
      { action: "type", selector: ".new-todo", text: "Walk dog", press: "Enter" },
      { action: "type", selector: ".new-todo", text: "Pay rent", press: "Enter" },
      { action: "assertText", text: "3 items left" }
    ] } }),
    raw: async (run) => {
      await run(["open", u("/todo.html")])
      const input = ref(await run(["snapshot", "-i"]), "textbox", "What needs to be done?")
      for (const title of ["Buy milk", "Walk dog", "Pay rent"]) {
        await run(["fill", input, title])
        await run(["press", "Enter"])
      }
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: complete + clear",
    check: (s) => same(s?.todos, ["Buy milk", "Pay rent"]),
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(TODOS) },
      { action: "check", selector: ".todo-list li:nth-child(2) .toggle" },
      { action: "click", locator: "role", value: "button", name: "Clear completed" },
      { action: "assertText", text: "2 items left" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(TODOS)])
      await run(["check", nthUnnamed(await run(["snapshot", "-i"]), "checkbox", 2)])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "Clear completed")])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: filter Active",
    check: (s) => s?.hash === "#/active" && same(s?.todos, ["Buy milk", "Pay rent"]),
    best: (call) => call({ job: { steps: [
      { action: "open", url: u("/todo.html?items=Buy milk,Walk dog*,Pay rent") },
      { action: "click", locator: "role", value: "link", name: "Active" },
      { action: "assertUrl", url: "**#/active" }
    ] } }),
    raw: async (run) => {
      await run(["open", u("/todo.html?items=Buy milk,Walk dog*,Pay rent")])
      await run(["click", ref(await run(["snapshot", "-i"]), "link", "Active")])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: edit (dblclick)",
    check: (s) => same(s?.todos, ["Buy milk", "Walk dog", "Pay rent today"]),
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(TODOS) },
      { action: "dblclick", selector: ".todo-list li:nth-child(3) label" },
      { action: "fill", selector: ".todo-list li.editing .edit", text: "Pay rent today" },
      { action: "press", text: "Enter" },
      { action: "assertText", text: "Pay rent today" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(TODOS)])
      await run(["snapshot", "-i"])
      await run(["dblclick", ".todo-list li:nth-child(3) label"])
      await run(["fill", nthUnnamed(await run(["snapshot", "-i"]), "textbox", 1), "Pay rent today"])
      await run(["press", "Enter"])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: delete (hover)",
    check: (s) => same(s?.todos, ["Buy milk", "Pay rent"]),
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(TODOS) },
      { action: "hover", selector: ".todo-list li:nth-child(2)" },
      { action: "click", selector: ".todo-list li:nth-child(2) .destroy" },
      { action: "assertText", text: "2 items left" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(TODOS)])
      await run(["snapshot", "-i"])
      await run(["hover", ".todo-list li:nth-child(2)"])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "×")])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "react-select: Fast",
    check: (s) => s?.results?.["speed-result"] === "Selected: Fast",
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "click", locator: "role", value: "combobox", name: "Speed" },
      { action: "click", locator: "role", value: "option", name: "Fast" },
      { action: "assertText", text: "Selected: Fast" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "combobox", "Speed")])
      await run(["click", ref(await run(["snapshot", "-i"]), "option", "Fast")])
      await run(["get", "text", "#speed-result"])
    }
  },
  {
    name: "datepicker: pick Mar 14",
    check: (s) => s?.results?.["date-result"] === "Date: 2025-03-14",
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "click", locator: "label", value: "Delivery date" },
      { action: "click", locator: "role", value: "gridcell", name: "Choose Friday, March 14th, 2025" },
      { action: "assertText", text: "Date: 2025-03-14" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "textbox", "Delivery date")])
      await run(["click", ref(await run(["snapshot", "-i"]), "gridcell", "Choose Friday, March 14th, 2025")])
      await run(["get", "text", "#date-result"])
    }
  },
  {
    name: "menu button: sort",
    check: (s) => s?.results?.["sort-result"] === "Sorted by: Price: low to high",
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "click", locator: "role", value: "button", name: "Sort by" },
      { action: "click", locator: "role", value: "menuitem", name: "Price: low to high" },
      { action: "assertText", text: "Sorted by: Price: low to high" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "Sort by")])
      await run(["click", ref(await run(["snapshot", "-i"]), "menuitem", "Price: low to high")])
      await run(["get", "text", "#sort-result"])
    }
  },
  {
    name: "modal form",
    check: (s) => s?.results?.["contact-result"] === "Saved: Ada Lovelace <ada@example.com>" && s?.dialog === false,
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "click", locator: "role", value: "button", name: "Add contact" },
      { action: "fill", locator: "label", value: "Name", text: "Ada Lovelace" },
      { action: "fill", locator: "label", value: "Email", text: "ada@example.com" },
      { action: "click", locator: "role", value: "button", name: "Save contact" },
      { action: "assertText", text: "Saved: Ada Lovelace <ada@example.com>" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "Add contact")])
      const s = await run(["snapshot", "-i"])
      await run(["fill", ref(s, "textbox", "Name"), "Ada Lovelace"])
      await run(["fill", ref(s, "textbox", "Email"), "ada@example.com"])
      await run(["click", ref(s, "button", "Save contact")])
      await run(["get", "text", "#contact-result"])
    }
  },
  {
    name: "tabs: Reviews",
    check: (s) => s?.results?.["panel-reviews"] === "4.6 stars from 128 reviews.",
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "click", locator: "role", value: "tab", name: "Reviews" },
      { action: "assertText", text: "4.6 stars from 128 reviews." }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "tab", "Reviews")])
      await run(["get", "text", "[role=tabpanel]"])
    }
  },
  {
    name: "sortablejs: drag to top",
    check: (s) => s?.results?.["order-result"] === "Order: Charlie, Alpha, Bravo",
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "drag", selector: "#sortable li:nth-child(3)", target: "#sortable li:nth-child(1)" },
      { action: "assertText", text: "Order: Charlie, Alpha, Bravo" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["snapshot", "-i"])
      await run(["drag", "#sortable li:nth-child(3)", "#sortable li:nth-child(1)"])
      await run(["get", "text", "#order-result"])
    }
  },
  {
    name: "late widget: tags",
    check: (s) => s?.results?.["tags-result"] === "Tags saved: urgent",
    best: (call) => call({ job: { steps: [
      { action: "open", url: u(W) },
      { action: "fill", locator: "label", value: "Tags", text: "urgent" },
      { action: "click", locator: "role", value: "button", name: "Save tags" },
      { action: "assertText", text: "Tags saved: urgent" }
    ] } }),
    raw: async (run) => {
      await run(["open", u(W)])
      const s = await snapshotUntil(run, "textbox", "Tags")
      await run(["fill", ref(s, "textbox", "Tags"), "urgent"])
      await run(["click", ref(s, "button", "Save tags")])
      await run(["get", "text", "#tags-result"])
    }
  }
]

const only = process.env.BENCH_TASKS ? new RegExp(process.env.BENCH_TASKS) : undefined
const rows = []
try {
  for (const [i, task] of tasks.entries()) {
    if (only !== undefined && !only.test(task.name)) continue
    const row = { name: task.name }
    for (const [key, run] of Object.entries(strategies)) {
      const t = await run(task, i)
      row[key] = { ...t, ok: task.check(t.state) }
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
const cell = (t) => `${calls(t)} | ${bytes(t)} | ${ms(t)} | ${t.ok ? "yes" : "NO"}`
console.log("\nui-apps tasks: (a) best modes, (b) tool raw args, (c) raw agent-browser CLI  (calls | bytes | median ms/call | ok; (a) calls are whole jobs)\n")
console.log("| task | (a) calls | bytes | ms | ok | (b) calls | bytes | ms | ok | (c) calls | bytes | ms | ok |")
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for (const r of rows) console.log(`| ${r.name} | ${cell(r.best)} | ${cell(r.args)} | ${cell(r.cli)} |`)
const total = (k, f) => rows.reduce((a, r) => a + f(r[k]), 0)
const okCount = (k) => rows.filter((r) => r[k].ok).length
const allMs = (k) => median(rows.flatMap((r) => r[k].calls.map((c) => c.ms))).toFixed(0)
console.log(`| total | ${total("best", calls)} | ${total("best", bytes)} | ${allMs("best")} | ${okCount("best")}/${rows.length} | ${total("args", calls)} | ${total("args", bytes)} | ${allMs("args")} | ${okCount("args")}/${rows.length} | ${total("cli", calls)} | ${total("cli", bytes)} | ${allMs("cli")} | ${okCount("cli")}/${rows.length} |`)

const clicks = (k) => rows.flatMap((r) => r[k].calls.filter((c) => c.cmd === "click").map((c) => c.ms))
const toolClick = median(clicks("args")), rawClick = median(clicks("cli"))
const ratio = (a, b) => (a / b).toFixed(2)
const verdict = (ok) => (ok ? "met" : "MISSED")
const callRatio = total("best", calls) / total("cli", calls), byteRatio = total("best", bytes) / total("cli", bytes), clickRatio = toolClick / rawClick
console.log("\ntargets")
console.log(`  best modes / raw CLI calls   ${ratio(total("best", calls), total("cli", calls))}x  (target <= 0.75x: ${verdict(callRatio <= 0.75)})`)
console.log(`  best modes / raw CLI bytes   ${ratio(total("best", bytes), total("cli", bytes))}x  (target <= 0.8x: ${verdict(byteRatio <= 0.8)})`)
console.log(`  tool args / raw CLI bytes    ${ratio(total("args", bytes), total("cli", bytes))}x  (same commands)`)
console.log(`  click median: tool ${toolClick.toFixed(0)} ms (n=${clicks("args").length}) vs raw CLI ${rawClick.toFixed(0)} ms (n=${clicks("cli").length}): ${ratio(toolClick, rawClick)}x  (target <= 1.3x: ${verdict(clickRatio <= 1.3)})`)
const success = okCount("best") + okCount("args") + okCount("cli"), runs = rows.length * 3
console.log(`  success ${success}/${runs}  (best ${okCount("best")}, args ${okCount("args")}, cli ${okCount("cli")}; target 100%: ${verdict(success === runs)})`)
const failures = rows.flatMap((r) => ["best", "args", "cli"].filter((k) => !r[k].ok).map((k) => `  ${r.name} (${k}): ${r[k].error ?? ""} page ${JSON.stringify(r[k].state)}; last output: ${JSON.stringify((r[k].last ?? "").slice(0, 300))}`))
if (failures.length > 0) console.log(`\nfailed runs (page state read independently)\n${failures.join("\n")}`)
