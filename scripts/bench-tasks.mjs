// Benchmark (not a test): a scripted, LLM-free task suite on pages this package serves. Each task is done twice in
// the same run: with the tool's best modes (job, qa, semanticAction, batch) and with raw `args` only, one command per
// call as a careful agent would. Prints tool calls, model-visible bytes and success for each, side by side.
//   npm run bench:tasks          (then scripts/bench-ui-tasks.mjs: real UI library pages, three strategies)
import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../dist/effect.js"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"
import { expandRuns } from "./lib/snapshotRuns.mjs"

const root = mkdtempSync(join(tmpdir(), "piab-tasks-"))
const env = piEnv(root)
const site = await startStaticServer(join(REPO, "fixtures/site"))
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(configFromEnv(env)) }))
const u = (path) => `${site.origin}${path}`
const text = (r) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n")
const refIn = (snapshot, role, name) =>
  `@${new RegExp(`${role} "${name}"[^\\n]*?ref=(e\\d+)`).exec(expandRuns(snapshot))?.[1]}`

/** Runs calls for one strategy in its own pi session (its own browser); returns calls, bytes, last result. */
const strategy = async (label, piSessionId, steps) => {
  let calls = 0,
    bytes = 0,
    last
  const call = async (input) => {
    calls++
    last = await runtime.runPromise(runToResult(input, { piSessionId, cwd: root }))
    bytes += Buffer.byteLength(text(last), "utf8")
    return last
  }
  try {
    await steps(call)
  } catch (error) {
    last = { content: [{ type: "text", text: String(error) }], details: {}, isError: true }
  }
  await runtime.runPromise(closeOwnedBrowser())
  return { label, calls, bytes, last }
}

const tasks = [
  {
    name: "login form",
    // the raw path reads the text; the job's assertText step (wait --text) succeeded only if the page showed it
    check: (r) =>
      text(r).includes("Signed in as ada@example.com") ||
      (r.details?.batchSteps?.every((s) => s.resultCategory === "success") === true &&
        r.details.batchSteps.some((s) => s.command.includes("Signed in as ada@example.com"))),
    best: async (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u("/index.html") },
            { action: "fill", locator: "label", value: "Email", text: "ada@example.com" },
            { action: "fill", locator: "label", value: "Password", text: "pw-123456" },
            { action: "click", locator: "role", value: "button", name: "Sign in" },
            { action: "assertText", text: "Signed in as ada@example.com" }
          ]
        }
      }),
    raw: async (call) => {
      await call({ args: ["open", u("/index.html")] })
      const s = text(await call({ args: ["snapshot", "-i"] }))
      await call({ args: ["fill", refIn(s, "textbox", "Email"), "ada@example.com"] })
      await call({ args: ["fill", refIn(s, "textbox", "Password"), "pw-123456"] })
      await call({ args: ["click", refIn(s, "button", "Sign in")] })
      await call({ args: ["get", "text", "#who"] })
    }
  },
  {
    name: "checkout: select + assertion",
    check: (r) =>
      text(r).includes("Order confirmed: express for Ada") ||
      r.details?.batchSteps?.every((s) => s.resultCategory === "success") === true,
    best: async (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u("/checkout.html") },
            { action: "fill", locator: "label", value: "Full name", text: "Ada" },
            { action: "select", selector: "#shipping", value: "express" },
            { action: "click", locator: "role", value: "button", name: "Place order" },
            { action: "assertText", text: "Order confirmed: express for Ada" }
          ]
        }
      }),
    raw: async (call) => {
      await call({ args: ["open", u("/checkout.html")] })
      const s = text(await call({ args: ["snapshot", "-i"] }))
      await call({ args: ["fill", refIn(s, "textbox", "Full name"), "Ada"] })
      await call({ args: ["select", refIn(s, "combobox", "Shipping"), "express"] })
      await call({ args: ["click", refIn(s, "button", "Place order")] })
      await call({ args: ["get", "text", "#done"] })
    }
  },
  {
    name: "list page: the 5th story",
    check: (r) => text(r).includes("Story 5: the market report number 5"),
    best: async (call) =>
      call({
        args: ["batch"],
        stdin: JSON.stringify([
          ["open", u("/list.html")],
          ["get", "text", "#stories li:nth-child(5)"]
        ])
      }),
    raw: async (call) => {
      await call({ args: ["open", u("/list.html")] })
      await call({ args: ["snapshot", "-i"] })
      await call({ args: ["get", "text", "#stories li:nth-child(5)"] })
    }
  },
  {
    name: "download a report",
    check: (r) => {
      try {
        return statSync(join(root, "dl", "report.txt")).size > 0 && !r.isError
      } catch {
        return false
      }
    },
    best: async (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u("/download.html") },
            { action: "click", locator: "role", value: "link", name: "Download report" },
            { action: "waitForDownload", path: "dl/report.txt" }
          ]
        }
      }),
    raw: async (call) => {
      await call({ args: ["open", u("/download.html")] })
      const s = text(await call({ args: ["snapshot", "-i"] }))
      await call({ args: ["download", refIn(s, "link", "Download report"), "dl/report.txt"] })
    }
  },
  {
    name: "confirm dialog",
    check: (r) => text(r).includes("deleted"),
    best: async (call) =>
      call({
        args: ["batch"],
        stdin: JSON.stringify([
          ["open", u("/dialog.html")],
          ["click", "#del"],
          ["dialog", "accept"],
          ["get", "text", "#r"]
        ])
      }),
    raw: async (call) => {
      await call({ args: ["open", u("/dialog.html")] })
      const s = text(await call({ args: ["snapshot", "-i"] }))
      await call({ args: ["click", refIn(s, "button", "Delete draft")] })
      await call({ args: ["dialog", "accept"] })
      await call({ args: ["get", "text", "#r"] })
    }
  },
  {
    name: "iframe button",
    check: (r) => text(r).includes("inner clicked"),
    best: async (call) =>
      call({
        args: ["batch"],
        stdin: JSON.stringify([
          ["open", u("/iframe.html")],
          ["frame", "#widget"],
          ["click", "#inner"],
          ["frame", "main"],
          ["get", "text", "#r"]
        ])
      }),
    raw: async (call) => {
      await call({ args: ["open", u("/iframe.html")] })
      const s = text(await call({ args: ["snapshot", "-i"] }))
      await call({ args: ["click", refIn(s, "button", "Press inside")] })
      await call({ args: ["get", "text", "#r"] })
    }
  }
]

const rows = []
try {
  for (const [i, task] of tasks.entries()) {
    rmSync(join(root, "dl"), { recursive: true, force: true })
    const best = await strategy("best modes", `tasks-best-${i}`, task.best)
    const bestOk = task.check(best.last)
    rmSync(join(root, "dl"), { recursive: true, force: true })
    const raw = await strategy("raw args", `tasks-raw-${i}`, task.raw)
    rows.push({ name: task.name, best, bestOk, raw, rawOk: task.check(raw.last) })
  }
} finally {
  await runtime.dispose()
  await site.close()
  rmSync(root, { recursive: true, force: true })
}

console.log("| task | best modes: calls | bytes | ok | raw args: calls | bytes | ok |")
console.log("| --- | --- | --- | --- | --- | --- | --- |")
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.best.calls} | ${r.best.bytes} | ${r.bestOk ? "yes" : "NO"} | ${r.raw.calls} | ${r.raw.bytes} | ${r.rawOk ? "yes" : "NO"} |`
  )
const sum = (k, f) => rows.reduce((a, r) => a + r[k][f], 0)
console.log(
  `| total | ${sum("best", "calls")} | ${sum("best", "bytes")} | ${rows.filter((r) => r.bestOk).length}/${rows.length} | ${sum("raw", "calls")} | ${sum("raw", "bytes")} | ${rows.filter((r) => r.rawOk).length}/${rows.length} |`
)

// The same comparison on pages built from real UI libraries, with the raw CLI as a third column.
await import("./bench-ui-tasks.mjs")
