/**
 * Failure-category coverage of the deterministic benchmark: one scripted scenario per way a call fails, each in a
 * fresh world. A scenario names the category it means to produce; the benchmark reports the category the tool
 * actually gave and the first next action it offered, so a scenario that drifts shows, never passes silently.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { baseSessionName } from "../../../domain/SessionState.js"
import type { FailureCategory } from "../../../schema/Categories.js"
import type { ToolResult } from "../../../schema/ToolResult.js"
import { MissingBinary } from "../../../schema/ToolError.js"
import { BinaryLocator } from "../../../services/BinaryLocator.js"
import { SUPPORTED_RANGE } from "../../../services/ToolConfig.js"
import { runToResult } from "../../../program/call/ToolCall.js"
import { sessionFilePath } from "../../../upstream/sessionFiles.js"
import { FakeAgentBrowser, type ScriptedRun } from "../FakeAgentBrowser.js"
import { FakeElectronHost } from "../FakeElectronHost.js"
import { BENCH_CALL, type BenchServices, inWorld, type WorldOptions } from "./benchWorld.js"
import { batchStepsOf } from "../../../upstream/wire.js"

export interface CategoryScenario {
  readonly name: string
  readonly category: FailureCategory
  readonly script: ReadonlyArray<ScriptedRun>
  readonly run: (root: string) => Effect.Effect<ToolResult, unknown, BenchServices>
  readonly options?: WorldOptions
}

export interface CategoryOutcome {
  readonly name: string
  readonly intended: FailureCategory
  /** The category the tool gave ("success" when the call did not fail). */
  readonly produced: string
  readonly firstNextAction: string | undefined
}

const call = (input: unknown) => runToResult(input, BENCH_CALL)
const OK: ScriptedRun = { reply: FakeAgentBrowser.ok({}), repeat: true }
const upstream = (
  when: (args: ReadonlyArray<string>) => boolean,
  reply: ScriptedRun["reply"]
): ReadonlyArray<ScriptedRun> => [{ when: (r) => when(r.args), reply }, OK]
const has = (token: string) => (args: ReadonlyArray<string>) => args.includes(token)
const isOpen = (args: ReadonlyArray<string>) => args.includes("open") && !args.includes("batch")
/**
 * Upstream fails the command with `token` with `error`, alone or as its row of a batch (the tool may add a page read).
 */
const failing = (token: string, error: string): ScriptedRun => ({
  when: (r) =>
    r.args.includes(token) || (r.args.includes("batch") && r.stdin?.includes(JSON.stringify(token)) === true),
  repeat: true,
  reply: (r) => {
    if (!r.args.includes("batch")) return FakeAgentBrowser.fail(error)
    const steps = batchStepsOf(r.stdin) ?? []
    const at = steps.findIndex((step) => step.includes(token))
    const rows = steps
      .slice(0, at + 1)
      .map((step, i) => ({ command: step, success: i < at, result: i < at ? {} : null, error: i < at ? null : error }))
    return { exitCode: 1, stdout: `${JSON.stringify(rows)}\n` }
  }
})
const fails = (
  name: string,
  category: FailureCategory,
  input: unknown,
  token: string,
  error: string
): CategoryScenario => ({ name, category, script: [failing(token, error), OK], run: () => call(input) })

/** The session's target file, as upstream's daemon records its active page. */
const writeTarget = (root: string, url: string) => {
  mkdirSync(join(root, "s"), { recursive: true })
  const session = baseSessionName("pi", BENCH_CALL.piSessionId, BENCH_CALL.cwd)
  const target = JSON.stringify({ targetId: "X", url, pinned: false })
  writeFileSync(sessionFilePath(join(root, "s"), session, "target"), target)
}

const noBinary = Layer.merge(
  FakeAgentBrowser.layer([]),
  Layer.succeed(
    BinaryLocator,
    BinaryLocator.of({
      resolve: Effect.fail(
        new MissingBinary({ reason: "not-found", searched: ["/fake"], supportedRange: SUPPORTED_RANGE.label })
      )
    })
  )
)

const electronApp: ReadonlyArray<ScriptedRun> = [
  {
    when: (r) => r.args.includes("tab"),
    reply: FakeAgentBrowser.ok({ tabs: [{ tabId: "t1", title: "Test App", url: "app://index", active: true }] }),
    repeat: true
  },
  {
    when: (r) => r.args.includes("snapshot"),
    reply: FakeAgentBrowser.ok({
      snapshot: '- button "Press" [ref=e1]',
      refs: { e1: { role: "button", name: "Press" } },
      origin: "app://index"
    }),
    repeat: true
  },
  OK
]

export const CATEGORY_SCENARIOS: ReadonlyArray<CategoryScenario> = [
  { name: "a call with no command", category: "validation-error", script: [OK], run: () => call({ args: [] }) },
  {
    name: "no agent-browser binary",
    category: "missing-binary",
    script: [],
    run: () => call({ args: ["open", "http://a.test/"] }),
    options: { processes: noBinary }
  },
  {
    name: "upstream does not answer in time",
    category: "timeout",
    script: upstream(isOpen, "timeout"),
    run: () => call({ args: ["open", "http://a.test/"] })
  },
  {
    name: "pi aborts the call",
    category: "aborted",
    // upstream would answer after a minute; pi's signal fires after 20 ms
    script: [{ reply: FakeAgentBrowser.ok({}), delayMs: 60_000, repeat: true }],
    run: () => runToResult({ args: ["open", "http://a.test/"] }, { ...BENCH_CALL, signal: AbortSignal.timeout(20) })
  },
  {
    name: "upstream prints no JSON",
    category: "parse-failure",
    script: upstream(isOpen, { exitCode: 0, stdout: "Segmentation fault (core dumped)\n" }),
    run: () => call({ args: ["open", "http://a.test/"] })
  },
  fails(
    "upstream reports an error",
    "upstream-error",
    { args: ["open", "http://a.test/"] },
    "http://a.test/",
    "Something went wrong in the daemon"
  ),
  fails("upstream no longer knows a ref", "stale-ref", { args: ["click", "@e9"] }, "@e9", "Unknown ref: e9"),
  fails(
    "a CSS selector matches nothing",
    "selector-not-found",
    { args: ["click", "#missing"] },
    "#missing",
    "Element not found: #missing. Verify the selector"
  ),
  fails(
    "a Playwright selector dialect",
    "selector-unsupported",
    { args: ["click", "text=Go"] },
    "text=Go",
    "Element not found: text=Go. Verify the selector"
  ),
  fails(
    "the allowed-domains policy refuses",
    "policy-blocked",
    { args: ["open", "http://a.test/"] },
    "http://a.test/",
    "Domain 'a.test' is not in the allowed domains list"
  ),
  {
    name: "upstream asks for confirmation",
    category: "confirmation-required",
    script: upstream(
      isOpen,
      FakeAgentBrowser.ok({ confirmation_required: true, confirmation_id: "c-1", action: "navigate" })
    ),
    run: () => call({ args: ["open", "http://a.test/"] })
  },
  {
    name: "a screenshot upstream says it saved is absent",
    category: "artifact-missing",
    script: upstream(has("screenshot"), (r) => FakeAgentBrowser.ok({ path: r.args.at(-1) })),
    run: (root) => call({ args: ["screenshot", join(root, "page.png")] })
  },
  {
    name: "a download upstream says it saved is absent",
    category: "download-not-verified",
    script: upstream(has("download"), (r) => FakeAgentBrowser.ok({ path: r.args.at(-1) })),
    run: (root) => call({ args: ["download", "#dl", join(root, "report.txt")] })
  },
  {
    name: "no tab shows the page just opened",
    category: "tab-drift",
    script: [
      {
        when: (r) => r.args.at(-1) === "list",
        reply: FakeAgentBrowser.ok({ tabs: [{ tabId: "t1", url: "chrome://new-tab-page/", active: true }] }),
        repeat: true
      },
      ...upstream(isOpen, FakeAgentBrowser.ok({ url: "http://b.test/", title: "B" }))
    ],
    run: (root) =>
      Effect.andThen(
        Effect.sync(() => writeTarget(root, "chrome://new-tab-page/")),
        call({ args: ["open", "http://b.test/"] })
      )
  },
  {
    name: "a qa run whose page does not open",
    category: "qa-failure",
    script: upstream(isOpen, FakeAgentBrowser.fail("Something went wrong in the daemon")),
    run: () => call({ qa: { url: "http://a.test/", checkNetwork: false, checkConsole: false, checkErrors: false } })
  },
  {
    name: "an Electron app whose cleanup leaves a process",
    category: "cleanup-failed",
    script: electronApp,
    run: () =>
      Effect.gen(function* () {
        yield* call({ electron: { action: "launch", appName: "Test App", handoff: "connect" } })
        yield* (yield* FakeElectronHost).failNextCleanup("electron-test-1")
        return yield* call({ electron: { action: "cleanup", launchId: "electron-test-1" } })
      })
  }
]

export const runCategoryScenario = (scenario: CategoryScenario): Effect.Effect<CategoryOutcome> =>
  inWorld(scenario.script, (root) => Effect.orDie(scenario.run(root)), scenario.options).pipe(
    Effect.map((result) => ({
      name: scenario.name,
      intended: scenario.category,
      produced: result.isError ? (result.details.failureCategory ?? "failure") : "success",
      firstNextAction: result.details.nextActions?.[0]?.id
    }))
  )
