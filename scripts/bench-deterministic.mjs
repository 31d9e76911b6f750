// Deterministic agent-efficiency benchmark (not a test; contract clause A7): the built tool over its test layers
// (FakeAgentBrowser, FakeElectronHost, FakeOsProcesses): no browser, no network, no upstream process. Prints
// workflow success rate and tool calls, failure-category coverage, stale-ref recovery, artifact success, and
// model-visible bytes and tool overhead over the 70 recorded upstream replies. Every figure but the latency is the
// same on every run; test/unit/deterministicBench.test.ts asserts the same reports.
//   npm run bench:deterministic
import { readFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import { runArtifacts, runCoverage, runReplay, runStaleRecovery, runWorkflows } from "../dist/effect.js"
import { REPO } from "./lib/runPi.mjs"

const fixtures = JSON.parse(readFileSync(join(REPO, "test/fixtures/agent-browser-0.41.2.json"), "utf8"))
// the tool's own warnings (a held action declined in a replay) are not the benchmark's output
const run = (effect) => Effect.runPromise(Logger.withMinimumLogLevel(effect, LogLevel.None))
const workflows = await run(runWorkflows())
const coverage = await run(runCoverage())
const recovery = await run(runStaleRecovery())
const artifacts = await run(runArtifacts)
const replay = await run(runReplay(fixtures))

const rate = `${(workflows.successRate * 100).toFixed(0)}%`
console.log(
  `## Workflows: ${workflows.succeeded}/${workflows.outcomes.length} succeeded (${rate}), ` +
    `${workflows.toolCalls} tool calls, ${workflows.upstreamCalls} upstream processes\n`
)
console.log("| workflow | result | tool calls | upstream processes | model-visible bytes |")
console.log("| --- | --- | --- | --- | --- |")
for (const o of workflows.outcomes) {
  const result = o.succeeded ? "done" : "FAILED"
  console.log(`| ${o.name} | ${result} | ${o.toolCalls} | ${o.upstreamCalls} | ${o.modelBytes} |`)
}
console.log("")

const produced = coverage.categories.filter((c) => c.producedBy.length > 0)
const offered = produced.filter((c) => c.firstNextAction !== undefined)
console.log(
  `## Failure-category coverage: ${produced.length}/${coverage.categories.length} produced, ${offered.length}/${produced.length} with a first next action\n`
)
console.log("| category | produced by | first next action |")
console.log("| --- | --- | --- |")
for (const c of coverage.categories)
  console.log(`| ${c.category} | ${c.producedBy.join("; ") || "NOT PRODUCED"} | ${c.firstNextAction ?? "(none)"} |`)
for (const d of coverage.drifted) console.log(`\nDRIFT: "${d.name}" meant ${d.intended} but produced ${d.produced}`)
const missing = coverage.categories.filter((c) => c.producedBy.length === 0).map((c) => c.category)
console.log(
  missing.length === 0
    ? "\nEvery failure category is produced by a scripted scenario."
    : `\nNot produced: ${missing.join(", ")}`
)

console.log(
  `\n## Stale-ref recovery: ${recovery.recovered}/${recovery.outcomes.length} (${(recovery.rate * 100).toFixed(0)}%) recover by following the first next action\n`
)
console.log("| scenario | old ref's result | first next action | intended action retried |")
console.log("| --- | --- | --- | --- |")
for (const o of recovery.outcomes)
  console.log(`| ${o.name} | ${o.failed} | ${o.nextAction ?? "(none)"} | ${o.recovered ? "succeeded" : "FAILED"} |`)

console.log(
  `\n## Artifact success: ${artifacts.saved}/${artifacts.written} written files saved and verified; ${artifacts.falseSuccesses} false successes\n`
)
for (const o of artifacts.outcomes) console.log(`- ${o.name}: ${o.category}`)

console.log(`\n## Replayed upstream replies: ${replay.calls.length} calls\n`)
console.log(
  `model-visible bytes per call: median ${replay.medianBytes}, max ${replay.maxBytes}, total ${replay.totalBytes}`
)
console.log(
  `tool overhead per call (instant fake upstream; varies by run): median ${replay.medianMs.toFixed(1)} ms, p90 ${replay.p90Ms.toFixed(1)} ms`
)
const byCategory = Object.entries(Object.groupBy(replay.calls, (c) => c.category)).map(([k, v]) => `${k} ${v.length}`)
console.log(`results: ${byCategory.join(", ")}`)
