/**
 * An error keeps its words: `message` is derived from the fields, so a copy or a re-wrap (a job/qa step the watchdog
 * ended, given the run's progress; a timed-out call given its page; an Electron launch failure given the launcher's
 * diagnostics) says what the original said. Spreading an error would drop it (the getter is not an own field);
 * `noErrorSpread.test.ts` keeps spreads out of src.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll, beforeAll } from "vitest"
import { launchApp } from "../../src/layers/electronHost/launchApp.js"
import { FakeElectronHost } from "../../src/layers/test/FakeElectronHost.js"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { makeFakeLayer } from "../../src/layers/test/FakeLayer.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { ElectronApp } from "../../src/schema/ElectronRecord.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import * as Errors from "../../src/schema/ToolError.js"
import { call, fakeLayer, runsCommand, suiteTempRoot, testConfig } from "../support/fakeHarness.js"
import { liveOs } from "../support/osTable.js"

const temp = suiteTempRoot()

const URL = "http://a.test/"
const isCommand = (name: string) => (r: RunRequest) => r.args.includes(name) && !r.args.includes("batch")
const script = (
  when: (r: RunRequest) => boolean,
  reply: ScriptedRun["reply"],
  delayMs?: number
): ReadonlyArray<ScriptedRun> => [
  { when, reply, ...(delayMs !== undefined ? { delayMs } : {}) },
  { reply: FakeAgentBrowser.ok({ url: URL }), repeat: true }
]

/** One error of every tag with the words it must say, and the fields a copy changes. */
const samples: ReadonlyArray<{ readonly error: Errors.ToolError; readonly message: string }> = [
  {
    error: new Errors.InvalidInput({ detail: "args holds flags but no command", field: "args" }),
    message: "args holds flags but no command"
  },
  {
    error: new Errors.MissingBinary({ reason: "not-found", searched: ["/usr/bin"], supportedRange: ">=0.41 <0.42" }),
    message: "agent-browser was not found (searched /usr/bin)"
  },
  {
    error: new Errors.TimedOut({
      reason: "upstream-wait",
      upstreamMessage: "Wait timed out after 500ms",
      timeoutMs: 500,
      dispatched: "no",
      stdout: "",
      stderr: ""
    }),
    message: "Wait timed out after 500ms"
  },
  {
    error: new Errors.TimedOut({ reason: "no-answer", timeoutMs: 900, dispatched: "maybe", stdout: "", stderr: "" }),
    message: "no answer within 900 ms; the process group was ended"
  },
  {
    error: new Errors.Aborted({ dispatched: "maybe" }),
    message: "cancelled by the caller; the agent-browser process was stopped"
  },
  { error: new Errors.Aborted({ dispatched: "no" }), message: "cancelled by the caller before anything ran" },
  {
    error: new Errors.ParseFailure({ detail: "stdout is not JSON", stdout: "x", stderr: "", exitCode: 0 }),
    message: "stdout is not JSON"
  },
  {
    error: new Errors.UpstreamFailed({ upstreamMessage: "Something broke", stderr: "", exitCode: 1 }),
    message: "Something broke"
  },
  {
    error: new Errors.StaleRef({ ref: "e3", reason: "upstream", upstreamMessage: "Unknown ref: e3" }),
    message: "Unknown ref: e3"
  },
  {
    error: new Errors.SelectorNotFound({
      selector: "#x",
      reason: "no-match",
      upstreamMessage: "Element not found: #x."
    }),
    message: "Element not found: #x."
  },
  {
    error: new Errors.SelectorUnsupported({
      selector: "text=Go",
      reason: "dialect",
      upstreamMessage: "Element not found: text=Go."
    }),
    message: "Element not found: text=Go."
  },
  {
    error: new Errors.ConfirmationRequired({ confirmationId: "c1", action: "navigate" }),
    message: "agent-browser holds the navigate action for confirmation (id c1)"
  },
  {
    error: new Errors.PolicyBlocked({ upstreamMessage: "Domain a.test is not in the allowed domains list" }),
    message: "Domain a.test is not in the allowed domains list"
  },
  {
    error: new Errors.ArtifactMissing({ path: "/tmp/a.png", kind: "screenshot" }),
    message: "no screenshot file at /tmp/a.png"
  },
  {
    error: new Errors.DownloadNotVerified({ requestedPath: "/tmp/d", reason: "elsewhere", reportedPath: "/tmp/e" }),
    message: "no file at the requested path (agent-browser reported /tmp/e)"
  },
  {
    error: new Errors.TabDrift({ expectedUrl: "http://a.test/", observedUrl: "about:blank" }),
    message: "the active tab shows about:blank, not the session's page http://a.test/"
  },
  {
    error: new Errors.QaFailed({ failedChecks: ["console errors: 1"] }),
    message: "QA checks failed: console errors: 1"
  },
  {
    error: new Errors.CleanupFailed({ resource: "browser session pi-1", detail: "daemon did not exit" }),
    message: "daemon did not exit"
  }
]

describe("an error's message is derived from its fields", () => {
  it("every tag has a sample, and each says its words", () => {
    expect([...new Set(samples.map((s) => s.error._tag))].sort()).toEqual([...Errors.errorTags].sort())
    for (const { error, message } of samples) expect(error.message).toBe(message)
  })

  it("withFields copies an error of any tag with its class, tag and words; a spread would lose them", () => {
    for (const { error, message } of samples) {
      const copy = Errors.withFields(error, {})
      expect(copy).toBeInstanceOf(error.constructor)
      expect(copy._tag).toBe(error._tag)
      expect(copy.message).toBe(message)
      expect(copy).not.toBe(error)
      // why spreads are banned: neither the message getter nor the prototype survive one
      expect(({ ...error } as { message?: string }).message).toBeUndefined()
    }
    const timeout = samples[3]!.error as Errors.TimedOut
    const moved = Errors.withFields(timeout, { lastUrl: "http://a.test/form", timeoutMs: 1_000 })
    expect([moved.lastUrl, moved.timeoutMs, moved.dispatched, moved.message]).toEqual([
      "http://a.test/form",
      1_000,
      "maybe",
      "no answer within 1000 ms; the process group was ended"
    ])
  })
})

describe("a re-wrapped error keeps its message in every mode", () => {
  it.scoped(
    "job: a step the watchdog ended is the call's timeout, given the run's progress and the page, with its words",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult(
          {
            job: {
              steps: [
                { action: "open", url: URL },
                { action: "click", selector: "#go" }
              ]
            },
            timeoutMs: 5_000
          },
          call
        )
        expect(result.details.failureCategory).toBe("timeout")
        expect(result.details.error).toBe("no answer within 5000 ms; the process group was ended")
        expect(result.details.timeoutPartialProgress).toMatchObject({
          completedSteps: 1,
          totalSteps: 2,
          retryStep: { index: 2, retryable: false }
        })
      }).pipe(
        Effect.provide(
          fakeLayer(
            temp.root,
            script((r) => runsCommand(r, "click"), "timeout")
          )
        )
      )
  )

  it.live("job: a budget that runs out before a step says which step", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        {
          job: {
            steps: [
              { action: "open", url: URL },
              { action: "click", selector: "#go" }
            ]
          },
          timeoutMs: 1_100
        },
        call
      )
      expect(result.details.failureCategory).toBe("timeout")
      expect(result.details.error).toBe("the 1100 ms budget ran out before step 2")
      expect(result.details.timeoutPartialProgress).toMatchObject({ completedSteps: 1, totalSteps: 2 })
    }).pipe(Effect.provide(fakeLayer(temp.root, script(isCommand("open"), FakeAgentBrowser.ok({ url: URL }), 200))))
  )

  it.scoped("qa: its open step ended by the watchdog is the call's timeout with its words", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        { qa: { url: URL, checkNetwork: false, checkConsole: false, checkErrors: false }, timeoutMs: 4_000 },
        call
      )
      expect(result.details.failureCategory).toBe("timeout")
      expect(result.details.error).toBe("no answer within 4000 ms; the process group was ended")
      expect(result.details.timeoutPartialProgress).toMatchObject({ completedSteps: 0, retryStep: { index: 1 } })
    }).pipe(Effect.provide(fakeLayer(temp.root, script(isCommand("open"), "timeout"))))
  )

  it.scoped("electron launch: the host's launch failure reaches the call with its words", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ electron: { action: "launch", appName: "Test App" } }, call)
      expect(result.details.failureCategory).toBe("upstream-error")
      expect(result.details.error).toBe("Test App exited (code 3) before its debug port was ready")
      expect(result.content[0]?.type === "text" ? result.content[0].text : "").toContain(
        "Test App exited (code 3) before its debug port was ready"
      )
    }).pipe(
      Effect.provide(
        makeFakeLayer(
          FakeAgentBrowser.layer([{ reply: FakeAgentBrowser.ok({}), repeat: true }]),
          toolConfigLayer(testConfig(temp.root)),
          FakeElectronHost.layer({
            launches: [
              {
                fail: new Errors.UpstreamFailed({
                  detail: "Test App exited (code 3) before its debug port was ready",
                  stderr: "",
                  exitCode: 3
                })
              }
            ]
          })
        )
      )
    )
  )
})

describe("the live Electron launcher re-wraps its failures with diagnostics and keeps their words", () => {
  // made when a test of this block runs (a filtered run that skips them all leaves nothing behind)
  let dir = ""
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "piab-launch-words-"))
  })
  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true })
  })
  const appOf = (name: string, body: string): ElectronApp => {
    const executablePath = join(dir, name)
    writeFileSync(executablePath, `#!/bin/sh\n${body}\n`)
    chmodSync(executablePath, 0o755)
    return { platform: "linux", name, executablePath, appPath: dir, evidence: "app.asar", packageSource: "path" }
  }
  const launch = (app: ElectronApp, timeoutMs: number) =>
    Effect.flip(
      launchApp(
        app,
        {
          target: { _tag: "executablePath", value: app.executablePath },
          appArgs: [],
          handoff: "connect",
          targetType: "page",
          timeoutMs
        },
        {
          privateRoot: join(dir, "private"),
          env: { PATH: process.env["PATH"] },
          newLaunchId: () => "electron-words-1",
          os: liveOs
        }
      )
    )

  it.live(
    "an app that exits at start: UpstreamFailed with its exit and the launcher's diagnostics",
    () =>
      Effect.gen(function* () {
        const error = yield* launch(appOf("Exiter", "exit 3"), 5_000)
        expect(error._tag).toBe("UpstreamFailed")
        expect(error.message).toBe("Exiter exited (code 3) before its debug port was ready")
        expect(error._tag === "UpstreamFailed" ? error.electronLaunch : undefined).toMatchObject({
          devToolsActivePort: "missing",
          versionReached: false,
          cleanedUp: true
        })
      }),
    20_000
  )

  it.live(
    "an app that never opens its debug port: TimedOut (debug-port) with the diagnostics, and its process group ended",
    () =>
      Effect.gen(function* () {
        const error = yield* launch(appOf("Sleeper", "exec sleep 30"), 400)
        expect(error._tag).toBe("TimedOut")
        expect(error.message).toBe("Sleeper did not open its debug port within 400 ms")
        const diagnostics = error._tag === "TimedOut" ? error.electronLaunch : undefined
        expect(diagnostics).toMatchObject({ devToolsActivePort: "missing", timeoutMs: 400, cleanedUp: true })
      }),
    20_000
  )
})
