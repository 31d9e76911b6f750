/**
 * The path of one call, as files: runs a call on the fake graph (FakeAgentBrowser over a scripted page, no browser)
 * under V8 precise coverage and prints the `src/` files (test layers left out) in which a named function ran during that
 * call alone (counters reset just before it and read just after), by folder. Run by `npm run walk -- <scenario>` (scripts/walk.mjs).
 *   click   `click @eN` on the page's button, after `open` and `snapshot -i` (the click stays on its page)
 *   stale   `click @e99`, a ref the last snapshot does not have (refused before anything runs)
 *   open    `open <url>` on a session with a page
 *   get     `get title`
 *   fill    `fill @eN <text>` on the page's text box (a command run between its page reads: program/probed/)
 * `--functions` also prints, under each file, the named functions that ran in it.
 */
import { Session } from "node:inspector/promises"
import { relative } from "node:path"
import * as Effect from "effect/Effect"
import { BENCH_CALL, inWorld } from "../../src/layers/test/bench/benchWorld.js"
import { fakePage } from "../../src/layers/test/bench/fakePage.js"
import { runToResult } from "../../src/program/call/ToolCall.js"

const URL = "https://app.example/form"
/** Each scenario's argv, from the page's current refs (they move on at each navigation). */
const SCENARIOS: Readonly<Record<string, (ref: (name: string) => string) => ReadonlyArray<string>>> = {
  click: (ref) => ["click", `@${ref("Save")}`],
  stale: () => ["click", "@e99"],
  open: () => ["open", "https://app.example/other"],
  get: () => ["get", "title"],
  fill: (ref) => ["fill", `@${ref("Email")}`, "ada@example.com"]
}
const REPO = new globalThis.URL("../..", import.meta.url).pathname
const name = process.argv[2] ?? "click"
/** `--functions`: print the named functions that ran in each file, too. */
const withFunctions = process.argv.includes("--functions")
const scenario = SCENARIOS[name]
if (scenario === undefined) {
  console.error(`unknown scenario "${name}"; one of: ${Object.keys(SCENARIOS).join(", ")}`)
  process.exit(2)
}

const page = fakePage(URL, [
  { role: "textbox", name: "Email" },
  { role: "button", name: "Save" },
  { role: "link", name: "Help" }
])
const session = new Session()
session.connect()
await session.post("Profiler.enable")
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false })

/** The named functions that ran in each file since the last take. */
const functionsRun = new Map<string, ReadonlyArray<string>>()

/** Files under src/ in which a named function ran since the last take. */
const filesRun = async (): Promise<ReadonlyArray<string>> => {
  const { result } = await session.post("Profiler.takePreciseCoverage")
  functionsRun.clear()
  return result
    .map((script) => ({
      path: script.url.replace(/^file:\/\//, ""),
      // named functions only: the module's top level and the getters vite-node gives each export (which run when
      // another file reads the binding, e.g. a service's tag) are unnamed, and say nothing ran in the file
      ran: script.functions.filter((f) => f.functionName !== "" && (f.ranges[0]?.count ?? 0) > 0)
    }))
    .filter(
      (s) => s.ran.length > 0 && s.path.startsWith(`${REPO}src/`) && !s.path.startsWith(`${REPO}src/layers/test/`)
    )
    .map((s) => {
      const file = relative(`${REPO}src`, s.path)
      functionsRun.set(file, [...new Set(s.ran.map((f) => f.functionName))])
      return file
    })
    .sort()
}

const text = await Effect.runPromise(
  inWorld(page.script, () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", URL] }, BENCH_CALL)
      yield* runToResult({ args: ["snapshot", "-i"] }, BENCH_CALL)
      const args = scenario(
        (name) => page.refOf(name === "Save" ? "button" : name === "Email" ? "textbox" : "link", name) ?? "e0"
      )
      yield* Effect.promise(filesRun)
      const result = yield* runToResult({ args }, BENCH_CALL)
      const files = yield* Effect.promise(filesRun)
      return { args, result, files }
    })
  )
)
await session.post("Profiler.stopPreciseCoverage")
session.disconnect()

const byFolder = new Map<string, Array<string>>()
for (const file of text.files) {
  const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "."
  byFolder.set(folder, [...(byFolder.get(folder) ?? []), file.slice(folder === "." ? 0 : folder.length + 1)])
}
const first = text.result.content.find((c) => c.type === "text")
console.log(`${text.args.join(" ")}  →  ${first?.type === "text" ? first.text.split("\n")[0] : ""}`)
for (const [folder, files] of [...byFolder].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`  ${folder.padEnd(22)} ${String(files.length).padStart(3)}  ${files.join(", ")}`)
  if (withFunctions)
    for (const file of files)
      console.log(`      ${file}: ${(functionsRun.get(folder === "." ? file : `${folder}/${file}`) ?? []).join(", ")}`)
}
console.log(`${text.files.length} files in src/ ran a named function in this call (${byFolder.size} folders)`)
