/**
 * Clauses of the contract's gap list (issue #28), one case each, over FakeAgentBrowser: what upstream claims against
 * what the tool then says. Real-binary counterparts: test/integration/contractClauses.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { CONTRACT_CONFIG_DIR } from "../../src/config/configPaths.js"
import { configuredBrowserFlags } from "../../src/pi/configuredBrowserFlags.js"
import { agentBrowserTool } from "../../src/pi/tool.js"
import {
  answered,
  batchRows,
  commandOf,
  contentText,
  failing,
  fakeLayer,
  NO_CHALLENGE,
  runsCommand,
  suiteTempRoot
} from "../support/fakeHarness.js"
import { PNG } from "../support/pngBytes.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

/** Each step of a raw batch is its own upstream process: its argv after the global flags (`--json --session <name>`). */
/** Every step answered done, its result chosen by `answer`. */
const steps = (answer: (step: ReadonlyArray<string>) => unknown): ScriptedRun => ({
  reply: answered(answer),
  repeat: true
})

/** A screenshot step reports its path and writes the file only when `write` says so. */
const screenshots = (write: (path: string) => boolean) =>
  steps((step) => {
    if (step[0] !== "screenshot") return {}
    const path = step[1] ?? ""
    if (write(path)) writeFileSync(path, PNG)
    return { path }
  })

describe("F3: a job/qa/batch step that claimed a file it did not leave fails closed, like a direct call", () => {
  it.scoped("raw batch: screenshot reported done, no file → artifact-missing naming the path", () =>
    Effect.gen(function* () {
      const path = join(temp.root, "f3", "gone.png")
      const result = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["screenshot", path]]) }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [screenshots(() => false)]))
      )
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("artifact-missing")
      expect(result.details.successCategory).toBeUndefined()
      expect(contentText(result.content)).toContain(
        `Failed (artifact-missing): agent-browser reported a saved screenshot at ${path}, but no file is there`
      )
      expect(result.details.nextActions?.map((a) => a.id)).toContain("verify-artifact-path")
    })
  )

  it.scoped("job: the same claim, no file → artifact-missing (not completed)", () =>
    Effect.gen(function* () {
      const path = join(temp.root, "f3", "job.png")
      const result = yield* runToResult({ job: { steps: [{ action: "screenshot", path }] } }, here).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { when: (r) => r.args.includes("screenshot"), reply: FakeAgentBrowser.ok({ path }) },
            { reply: FakeAgentBrowser.ok({}), repeat: true }
          ])
        )
      )
      expect(result.details.failureCategory).toBe("artifact-missing")
      expect(result.details.artifactVerification).toMatchObject({ missingCount: 1 })
    })
  )

  it.scoped("a file that is there stays artifact-saved; matching diff images (no file, said why) stay a success", () =>
    Effect.gen(function* () {
      const path = join(temp.root, "f3", "kept.png")
      const saved = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["screenshot", path]]) }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [screenshots(() => true)]))
      )
      expect(saved.isError).toBe(false)
      expect(saved.details.successCategory).toBe("artifact-saved")
      const diff = join(temp.root, "f3", "diff.png")
      const matched = yield* runToResult(
        { args: ["batch"], stdin: JSON.stringify([["diff", "screenshot", "--baseline", path, "-o", diff]]) },
        here
      ).pipe(Effect.provide(fakeLayer(temp.root, [steps(() => ({ diffPath: diff, match: true }))])))
      expect(matched.isError).toBe(false)
      expect(matched.details.artifactVerification?.artifacts[0]).toMatchObject({
        state: "missing",
        limitation: "the images match, so agent-browser wrote no diff image"
      })
    })
  )
})

describe("F2/V2: artifact paths inside a caller's batch stdin are made absolute, their folders created", () => {
  it.scoped("relative screenshot and pdf paths reach upstream absolute, under the pi cwd, in new folders", () =>
    Effect.gen(function* () {
      const sent: Array<ReadonlyArray<string>> = []
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["screenshot", "out/new/a.png"],
            ["pdf", "out/docs/b.pdf"],
            ["get", "title"]
          ])
        },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            steps((step) => {
              sent.push(step)
              if (step[0] === "get") return { title: "t" }
              const path = step[1] ?? ""
              expect(existsSync(join(path, ".."))).toBe(true)
              writeFileSync(path, step[0] === "pdf" ? "%PDF-1.4\n" : PNG)
              return { path }
            })
          ])
        )
      )
      expect(sent).toEqual([
        ["screenshot", join(temp.root, "out/new/a.png")],
        ["pdf", join(temp.root, "out/docs/b.pdf")],
        ["get", "title"]
      ])
      expect(result.isError).toBe(false)
      expect(statSync(join(temp.root, "out/new/a.png")).size).toBeGreaterThan(0)
      expect(result.details.args).toEqual(["batch"])
    })
  )
})

describe("L25/X3/T3: a timed-out raw batch says which steps ran, and offers a next action that does not fail the same way", () => {
  const planned = [
    ["open", "http://a.test/"],
    ["get", "title"],
    ["wait", "4000"],
    ["get", "url"]
  ]
  const script = (stuck: string): ReadonlyArray<ScriptedRun> => [
    { when: (r) => commandOf(r.args)[0] === "open", reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }) },
    { when: (r) => runsCommand(r, stuck), reply: "timeout" },
    steps(() => ({ title: "A" }))
  ]

  it.scoped(
    "a read-only step timed out: progress per step, the page, and a retry of that step with a budget that outlasts it",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult(
          { args: ["batch"], stdin: JSON.stringify(planned), timeoutMs: 3000 },
          here
        ).pipe(Effect.provide(fakeLayer(temp.root, script("wait"))))
        expect(result.details.failureCategory).toBe("timeout")
        const progress = result.details.timeoutPartialProgress as Record<string, unknown>
        expect(progress).toMatchObject({
          summary:
            "2/4 planned steps completed; step 3 did not finish (read-only, safe to retry); page as a completed step " +
            "reported it.",
          steps: [
            { index: 1, args: ["open", "http://a.test/"], status: "completed" },
            { index: 2, args: ["get", "title"], status: "completed" },
            { index: 3, args: ["wait", "4000"], status: "unknown" },
            { index: 4, args: ["get", "url"], status: "pending" }
          ],
          retryStep: { index: 3, args: ["wait", "4000"], retryable: true },
          retry: { args: ["wait", "4000"] },
          currentPage: { url: "http://a.test/", title: "A", stepIndex: 1, source: "step" },
          liveUrlRecovered: false,
          openedButPostOpenTimedOut: true
        })
        const text = contentText(result.content)
        expect(text).toContain(
          "Timeout partial progress: 2 of 4 steps completed; step 3 (wait 4000) did not finish and only reads, so it is safe to retry."
        )
        expect(text).toContain("  3. … wait 4000 (did not finish)")
        expect(text).toContain("Last page reported (step 1, before the timeout): A — http://a.test/")
        const [first] = result.details.nextActions ?? []
        expect(first?.id).toBe("retry-timeout-step")
        expect(first?.params?.args?.slice(-2)).toEqual(["wait", "4000"])
        // the stopped wait may still run in the browser for up to its own budget: the retry outlasts both
        expect((first?.params as { timeoutMs?: number } | undefined)?.timeoutMs).toBeGreaterThan(3000 + 4000)
      })
  )

  it.scoped("a step that may have acted (eval, click) timed out: no retry, snapshot -i to look first", () =>
    Effect.gen(function* () {
      for (const [stuck, row] of [
        ["eval", ["eval", "slow()"]],
        ["click", ["click", "#go"]]
      ] as const) {
        const result = yield* runToResult(
          { args: ["batch"], stdin: JSON.stringify([["get", "title"], row]), timeoutMs: 3000 },
          here
        ).pipe(Effect.provide(fakeLayer(temp.root, script(stuck))))
        const progress = result.details.timeoutPartialProgress as Record<string, unknown>
        expect(progress["retryStep"]).toMatchObject({ index: 2, retryable: false })
        expect(progress["retry"]).toBeUndefined()
        expect(result.details.nextActions?.map((a) => [a.id, a.params?.args?.slice(-2)])).toEqual([
          ["inspect-current-page-after-timeout", ["snapshot", "-i"]]
        ])
        expect(contentText(result.content)).toContain(
          "did not finish and may have acted: inspect the page before retrying"
        )
      }
    })
  )

  it.scoped(
    "an open that did not finish, no live read: the planned URL, said as planned (liveUrlRecovered false)",
    () =>
      Effect.gen(function* () {
        const rows = [
          ["get", "title"],
          ["open", "http://b.test/slow"],
          ["get", "url"]
        ]
        const input = { args: ["batch"], stdin: JSON.stringify(rows), timeoutMs: 3000 }
        const result = yield* runToResult(input, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              { when: (r) => commandOf(r.args)[0] === "open", reply: "timeout" },
              steps(() => ({ title: "A" }))
            ])
          )
        )
        const progress = result.details.timeoutPartialProgress as Record<string, unknown>
        expect(progress["currentPage"]).toEqual({ url: "http://b.test/slow", stepIndex: 2, source: "plan" })
        expect(progress["liveUrlRecovered"]).toBe(false)
        expect(progress["summary"]).toContain("; page from a planned URL only.")
        expect(contentText(result.content)).toContain(
          "Page planned (step 2 opens it; not confirmed loaded, the session did not answer): http://b.test/slow"
        )
      })
  )

  it.scoped("declared files are checked on disk when the run stops", () =>
    Effect.gen(function* () {
      const shot = join(temp.root, "l25", "early.png")
      const late = join(temp.root, "l25", "late.png")
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["screenshot", shot],
            ["wait", "4000"],
            ["screenshot", late]
          ]),
          timeoutMs: 3000
        },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { when: (r) => commandOf(r.args)[0] === "wait", reply: "timeout" },
            screenshots(() => true)
          ])
        )
      )
      expect((result.details.timeoutPartialProgress as Record<string, unknown>)["artifacts"]).toEqual([
        { stepIndex: 1, path: shot, exists: true, state: "verified", sizeBytes: PNG.length },
        { stepIndex: 3, path: late, exists: false, state: "missing" }
      ])
      expect(contentText(result.content)).toContain(`File of step 3: ${late} (not on disk)`)
    })
  )
})

describe("W3/W6: browser defaults in the contract's config folder reach the prompt guidance before any launch", () => {
  const perTurn = (tool: ReturnType<typeof agentBrowserTool>) =>
    tool.description.length +
    JSON.stringify(tool.parameters).length +
    tool.promptSnippet.length +
    tool.promptGuidelines.join("\n").length
  const graph = {} as Parameters<typeof agentBrowserTool>[0]
  const root = "/home/user/.npm-global/lib/node_modules/pi-agent-browser-effect"

  it("a profile and executable set in ~/.pi/config/pi-agent-browser-native are named in the launch-flags rule; nothing is added otherwise", () => {
    const home = join(temp.root, "w6-home")
    mkdirSync(join(home, CONTRACT_CONFIG_DIR), { recursive: true })
    expect(configuredBrowserFlags({ HOME: home }, temp.root)).toEqual([])
    const plain = agentBrowserTool(graph, root)
    writeFileSync(
      join(home, CONTRACT_CONFIG_DIR, "config.json"),
      JSON.stringify({ browser: { profile: "Work", executablePath: "$CHROME" } })
    )
    const flags = configuredBrowserFlags({ HOME: home, CHROME: "/usr/bin/chromium" }, temp.root)
    expect(flags).toEqual(["--profile", "Work", "--executable-path", "/usr/bin/chromium"])
    const configured = agentBrowserTool(graph, root, flags)
    expect(configured.promptGuidelines.join("\n")).toContain(
      "add config's --profile Work --executable-path /usr/bin/chromium;"
    )
    expect(plain.promptGuidelines.join("\n")).not.toContain("config's")
    // the per-turn budget: the addition is a few dozen characters, only when configured
    expect(perTurn(configured) - perTurn(plain)).toBeLessThan(60)
    expect(perTurn(agentBrowserTool(graph, root, ["--profile", "Work"]))).toBeLessThanOrEqual(5000)
  })
})

describe("O3/O2: with the caller's --json the visible text stays parseable JSON; notes go to details.notes", () => {
  it.scoped(
    "eval --json + outputPath: text is the data as JSON, the Output file line is in details.notes, the file is the data",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult(
          { args: ["--json", "eval", "--stdin"], stdin: "document.title", outputPath: "o3/title.json" },
          here
        ).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              { reply: FakeAgentBrowser.ok({ origin: "http://a.test/", result: "Hello" }), repeat: true }
            ])
          )
        )
        expect(result.isError).toBe(false)
        expect(JSON.parse(contentText(result.content))).toEqual({ origin: "http://a.test/", result: "Hello" })
        expect(result.details.notes).toEqual([`Output file: ${join(temp.root, "o3/title.json")}`])
        expect(result.details.outputFile).toMatchObject({ status: "saved" })
      })
  )

  it.scoped("without --json the same call keeps its notes in the text (and details.notes is absent)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        { args: ["eval", "--stdin"], stdin: "document.title", outputPath: "o3/plain.txt" },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { reply: FakeAgentBrowser.ok({ origin: "http://a.test/", result: "Hello" }), repeat: true }
          ])
        )
      )
      expect(contentText(result.content)).toContain(`Output file: ${join(temp.root, "o3/plain.txt")}`)
      expect(result.details.notes).toBeUndefined()
    })
  )
})

describe("Q2/Q10: qa says a missing expected text as such, and a pass names the page it observed", () => {
  const qaInput = {
    qa: { url: "http://a.test/", expectedText: "Welcome", checkNetwork: false, checkConsole: false, checkErrors: false }
  }

  it.scoped("expected text that never shows: 'expected text not found: …', not a bare timeout", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(qaInput, here).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { when: (r) => r.args.includes("--text"), reply: FakeAgentBrowser.fail("Wait timed out after 5000ms") },
            { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
          ])
        )
      )
      expect(result.details.failureCategory).toBe("qa-failure")
      expect(result.details.qaPreset?.failedChecks).toEqual([
        "expected text not found: Welcome (not visible within 5000 ms)"
      ])
      expect(contentText(result.content)).toContain("- expected text not found: Welcome")
    })
  )

  it.scoped("a pass names the observed title and URL (a redirect shows where it landed)", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(qaInput, here).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            {
              when: (r) => r.args.at(-1) === "title",
              reply: FakeAgentBrowser.ok({ title: "Welcome page" }),
              repeat: true
            },
            {
              when: (r) => r.args.at(-1) === "url" && r.args.at(-2) === "get",
              reply: FakeAgentBrowser.ok({ url: "http://a.test/home" }),
              repeat: true
            },
            { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
          ])
        )
      )
      expect(result.isError).toBe(false)
      expect(contentText(result.content)).toContain(
        "QA passed: Welcome page — http://a.test/home (load domcontentloaded)"
      )
      expect(result.details.qaPreset?.observedPage).toEqual({ title: "Welcome page", url: "http://a.test/home" })
    })
  )
})

describe("CF5/X14: an upstream download failure is download-not-verified, with wait --download to follow", () => {
  it.scoped(
    "download and wait --download that upstream could not complete; a selector miss stays selector-not-found",
    () =>
      Effect.gen(function* () {
        const timedOut = "Operation timed out. The page may still be loading or the element may not exist."
        for (const [args, path] of [
          [["download", "#dl", "dl/a.bin"], join(temp.root, "dl/a.bin")],
          [["wait", "--download", "dl/b.bin"], join(temp.root, "dl/b.bin")]
        ] as const) {
          const result = yield* runToResult({ args }, here).pipe(
            Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.fail(timedOut), repeat: true }]))
          )
          expect(result.details.failureCategory).toBe("download-not-verified")
          expect(contentText(result.content)).toContain(
            `Download not verified at ${path}: agent-browser saved no download: ${timedOut}`
          )
          const [first] = result.details.nextActions ?? []
          expect([first?.id, first?.params?.args?.slice(-3)]).toEqual([
            "wait-for-download",
            ["wait", "--download", path]
          ])
        }
        const moved = yield* runToResult({ args: ["download", "#dl", "dl/c.bin"] }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              { reply: FakeAgentBrowser.fail("Failed to move downloaded file: EXDEV"), repeat: true }
            ])
          )
        )
        expect(moved.details.failureCategory).toBe("download-not-verified")
        const miss = yield* runToResult({ args: ["download", "#nope", "dl/d.bin"] }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              {
                reply: FakeAgentBrowser.fail(
                  "Element not found: #nope. Verify the selector is correct and the element exists in the DOM."
                ),
                repeat: true
              }
            ])
          )
        )
        expect(miss.details.failureCategory).toBe("selector-not-found")
      })
  )

  it.scoped(
    "a job's waitForDownload step that upstream could not complete fails the job as download-not-verified",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult(
          { job: { steps: [{ action: "waitForDownload", path: "dl/job.bin" }] } },
          here
        ).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              {
                when: (r) => r.args.includes("--download"),
                reply: FakeAgentBrowser.fail(
                  "Operation timed out. The page may still be loading or the element may not exist."
                )
              },
              { reply: FakeAgentBrowser.ok({}), repeat: true }
            ])
          )
        )
        expect(result.details.failureCategory).toBe("download-not-verified")
        expect(result.details.batchFailure?.failedStep).toMatchObject({
          index: 0,
          failureCategory: "download-not-verified"
        })
      })
  )
})

describe("D9/X16, B3/F6: batch rows carry their own category and file; batched screenshots are named and the last inlined", () => {
  it.scoped(
    "a batch with two screenshots: per-step successCategory and artifactPaths, imagePaths, the last image inline",
    () =>
      Effect.gen(function* () {
        const [a, b] = [join(temp.root, "d9", "a.png"), join(temp.root, "d9", "b.png")]
        const result = yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["screenshot", a],
              ["get", "title"],
              ["screenshot", b]
            ])
          },
          here
        ).pipe(Effect.provide(fakeLayer(temp.root, [screenshots(() => true)])))
        expect(result.details.batchSteps).toMatchObject([
          { index: 0, resultCategory: "success", successCategory: "artifact-saved", artifactPaths: [a] },
          { index: 1, resultCategory: "success", successCategory: "completed" },
          { index: 2, resultCategory: "success", successCategory: "artifact-saved", artifactPaths: [b] }
        ])
        expect(result.details.batchSteps?.[1]).not.toHaveProperty("artifactPaths")
        expect(result.details.imagePaths).toEqual([a, b])
        // R1: the artifact change names the first file it saved
        expect(result.details.pageChangeSummary).toMatchObject({
          changeType: "artifact",
          artifactCount: 2,
          savedFilePath: a
        })
        expect(result.details.imagePath).toBe(b)
        expect(result.content.filter((c) => c.type === "image")).toHaveLength(1)
      })
  )

  it.scoped("a failed step's batchFailure.failedStep carries the call's next actions", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["get", "title"],
            ["click", "@e9"]
          ])
        },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            failing((step) => step.includes("@e9"), "Unknown ref: e9"),
            steps(() => ({ title: "T" }))
          ])
        )
      )
      expect(result.details.failureCategory).toBe("stale-ref")
      expect(result.details.nextActions?.length).toBeGreaterThan(0)
      expect(result.details.batchFailure?.failedStep.nextActions).toEqual(result.details.nextActions)
    })
  )
})

describe("docs/TOOL_CONTRACT.md's conformance table", () => {
  it("lists each of the 58 clauses once, as conforms, deviates (with its reason) or open (with what is missing)", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../docs/TOOL_CONTRACT.md"), "utf8")
    const table = doc.slice(doc.indexOf("## Conformance to the contract's gap list"))
    const rows = [...table.matchAll(/^\| ([A-Z][A-Z0-9]*) \| (\w+) \| (.+) \|$/gm)]
      .filter((m) => m[1] !== "ID")
      .map((m) => ({ id: m[1] ?? "", status: m[2] ?? "", notes: m[3] ?? "" }))
    expect(rows).toHaveLength(58)
    expect(new Set(rows.map((r) => r.id)).size).toBe(58)
    for (const row of rows) {
      expect(["conforms", "deviates", "open"]).toContain(row.status)
      expect(row.notes.trim().length).toBeGreaterThan(20)
    }
    const count = (status: string) => rows.filter((r) => r.status === status).length
    expect(table).toContain(
      `Counts: ${count("conforms")} conform, ${count("deviates")} deviate with a reason, ${count("open")} open`
    )
  })
})

describe("P8: a missed text click shows its button/link candidates in the text, not only in nextActions", () => {
  // real clock: the click waits (bounded) for its target before it is a miss
  it("semanticAction click by text that matches nothing", async () => {
    const result = await Effect.runPromise(
      Effect.scoped(
        runToResult({ semanticAction: { action: "click", locator: "text", value: "Continue" } }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              { reply: FakeAgentBrowser.fail("No element found by text 'Continue'"), repeat: true }
            ])
          )
        )
      )
    )
    {
      expect(result.details.failureCategory).toBe("selector-not-found")
      expect(contentText(result.content)).toContain(
        'Agent-browser candidate fallbacks: find role button click --name "Continue"; find role link click --name "Continue"'
      )
      expect(result.details.nextActions?.map((a) => a.id)).toEqual(
        expect.arrayContaining(["try-button-name-candidate", "try-link-name-candidate"])
      )
    }
  })
})

describe("C7: back, forward and reload name the page they led to (title and URL)", () => {
  const probe = (title: string, url: string): ScriptedRun =>
    batchRows((command) => (command[0] === "eval" ? { result: { title, url, challenge: NO_CHALLENGE } } : {}))

  it.scoped("back: navigationSummary and pageChangeSummary carry the title, and a Page line says where", () =>
    Effect.gen(function* () {
      for (const command of ["back", "forward", "reload"]) {
        const result = yield* runToResult({ args: [command] }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              probe("Previous page", "http://a.test/prev"),
              { reply: FakeAgentBrowser.ok({ url: "http://a.test/prev" }), repeat: true }
            ])
          )
        )
        expect(result.details.navigationSummary).toEqual({ title: "Previous page", url: "http://a.test/prev" })
        expect(result.details.pageChangeSummary).toMatchObject({
          changeType: "navigation",
          title: "Previous page",
          url: "http://a.test/prev"
        })
        expect(contentText(result.content)).toContain("Page: Previous page — http://a.test/prev")
      }
    })
  )
})

describe("X15: stream enable (also when already on) offers its status and the stop", () => {
  it.scoped("enabled, and already enabled: a success with stream status / stream disable follow-ups", () =>
    Effect.gen(function* () {
      for (const reply of [
        FakeAgentBrowser.ok({ enabled: true, port: 9223 }),
        FakeAgentBrowser.fail("Streaming is already enabled")
      ]) {
        const result = yield* runToResult({ args: ["stream", "enable"] }, here).pipe(
          Effect.provide(fakeLayer(temp.root, [{ reply, repeat: true }]))
        )
        expect(result.isError).toBe(false)
        expect(result.details.nextActions?.map((a) => [a.id, a.params?.args?.slice(-2)])).toEqual([
          ["check-stream-status", ["stream", "status"]],
          ["disable-stream", ["stream", "disable"]]
        ])
      }
    })
  )
})

describe("F12: an oversized failing batch keeps the failed step's line ahead of the preview", () => {
  it.scoped(
    "300 reads, then a failed step: the text starts with the failed step's line; the full text is spilled",
    () =>
      Effect.gen(function* () {
        const big = "lorem ipsum ".repeat(10)
        const reads = Array.from({ length: 300 }, (_, i) => ["get", "text", `#row-${i}`])
        const result = yield* runToResult(
          { args: ["batch"], stdin: JSON.stringify([...reads, ["click", "@e9"]]) },
          here
        ).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              failing((step) => step.includes("@e9"), "Unknown ref: e9"),
              { when: (r) => r.args.includes("eval"), reply: FakeAgentBrowser.ok({ result: [] }), repeat: true },
              steps(() => ({ text: big }))
            ])
          )
        )
        const text = contentText(result.content)
        expect(result.details.failureCategory).toBe("stale-ref")
        expect(result.details.fullOutputPath).toBeDefined()
        expect(text.startsWith("Result: step 301 failed (stale-ref): ")).toBe(true)
        expect(text.split("\n")[0]).toContain("e9")
      })
  )
})

describe("R6: a fill aimed at a combobox that leaves its list closed says so, like such a click", () => {
  const focus = (expanded: string, options: number) => ({
    role: "combobox",
    tag: "input",
    expanded,
    listboxes: options > 0 ? 1 : 0,
    options
  })
  const probed = (facts: unknown): ScriptedRun =>
    batchRows((command) =>
      command[0] === "eval" && command[1]?.includes("activeElement") === true
        ? { result: facts }
        : command[0] === "eval"
          ? { result: { value: "App" } }
          : { filled: true }
    )

  it.scoped(
    "find role combobox fill: closed list → comboboxFocus and the ArrowDown/Enter follow-ups; an open list → nothing",
    () =>
      Effect.gen(function* () {
        const args = ["find", "role", "combobox", "fill", "App"]
        const closed = yield* runToResult({ args }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [probed(focus("false", 0)), { reply: FakeAgentBrowser.ok({}), repeat: true }])
          )
        )
        expect(closed.isError).toBe(false)
        expect(closed.details.comboboxFocus).toMatchObject({
          reason: "focused-combobox-without-visible-options",
          message: "The combobox has the focus but shows no options: the fill did not open its list."
        })
        expect(closed.details.nextActions?.map((a) => a.id)).toEqual(
          expect.arrayContaining(["try-open-combobox-with-arrow", "try-open-combobox-with-enter"])
        )
        const open = yield* runToResult({ args }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [probed(focus("true", 2)), { reply: FakeAgentBrowser.ok({}), repeat: true }])
          )
        )
        expect(open.details.comboboxFocus).toBeUndefined()
        // an ordinary fill is not judged: no focus read runs (the same closed facts would be reported if it did)
        const plain = yield* runToResult({ args: ["fill", "#name", "Ann"] }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [probed(focus("false", 0)), { reply: FakeAgentBrowser.ok({}), repeat: true }])
          )
        )
        expect(plain.details.comboboxFocus).toBeUndefined()
      })
  )
})

describe("X3: a fresh-mode run that timed out was closed, so its retry launches afresh", () => {
  it.scoped(
    "the retry carries sessionMode fresh and no --session of the closed browser; a look goes to the current session",
    () =>
      Effect.gen(function* () {
        const timedOut = (stuck: string) => [
          {
            when: (r: { args: ReadonlyArray<string>; stdin?: string | undefined }) => runsCommand(r, stuck),
            reply: "timeout" as const
          },
          { reply: answered(() => ({ url: "http://a.test/", title: "A" })), repeat: true }
        ]
        const read = yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["open", "http://a.test/"],
              ["wait", "4000"]
            ]),
            sessionMode: "fresh",
            timeoutMs: 3000
          },
          here
        ).pipe(Effect.provide(fakeLayer(temp.root, timedOut("wait"))))
        expect(read.details.failureCategory).toBe("timeout")
        const [retry] = read.details.nextActions ?? []
        expect(retry?.id).toBe("retry-timeout-step")
        expect(retry?.params).toMatchObject({ args: ["wait", "4000"], sessionMode: "fresh" })
        const acted = yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["open", "http://a.test/"],
              ["click", "#go"]
            ]),
            sessionMode: "fresh",
            timeoutMs: 3000
          },
          here
        ).pipe(Effect.provide(fakeLayer(temp.root, timedOut("click"))))
        const [look] = acted.details.nextActions ?? []
        expect([look?.id, look?.params?.args]).toEqual(["inspect-current-page-after-timeout", ["snapshot", "-i"]])
      })
  )
})
