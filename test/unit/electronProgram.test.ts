/** The electron program's branches over FakeElectronHost and FakeAgentBrowser: no process, port or folder. */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { describe } from "vitest"
import { FakeElectronHost } from "../../src/layers/test/FakeElectronHost.js"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { makeFakeLayer } from "../../src/layers/test/FakeLayer.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { electronRecordsFromBranch } from "../../src/program/electron/electronLifecycle.js"
import { TimedOut } from "../../src/schema/ToolError.js"
import type { ElectronHostScript } from "../../src/layers/test/FakeElectronHost.js"
import { batchRows, call, suiteTempRoot, testConfig } from "../support/fakeHarness.js"
import { nextIds } from "../support/nextActions.js"

const temp = suiteTempRoot()

const snapshotData = {
  snapshot: '- button "Press" [ref=e1]',
  refs: { e1: { role: "button", name: "Press" } },
  origin: "app://index"
}
const snapshotReply = FakeAgentBrowser.ok(snapshotData)
const attachScript: ReadonlyArray<ScriptedRun> = [
  { when: (r) => r.args.includes("connect"), reply: FakeAgentBrowser.ok({ launched: true }), repeat: true },
  {
    when: (r) => r.args.includes("tab"),
    reply: FakeAgentBrowser.ok({ tabs: [{ tabId: "t1", title: "Test App", url: "app://index", active: true }] }),
    repeat: true
  },
  { when: (r) => r.args.includes("snapshot"), reply: snapshotReply, repeat: true },
  // snapshot -i runs with its naming read in one batch
  batchRows((step) => (step[0] === "snapshot" ? snapshotData : {})),
  { reply: FakeAgentBrowser.ok({}), repeat: true }
]
const layer = (script: ReadonlyArray<ScriptedRun> = attachScript, host: ElectronHostScript = {}) =>
  makeFakeLayer(FakeAgentBrowser.layer(script), toolConfigLayer(testConfig(temp.root)), FakeElectronHost.layer(host))

const electron = (r: { details: { electron?: unknown } }) => r.details.electron as Record<string, any>

describe("electron program", () => {
  it.scoped("list asks only the host; launch connects fresh, hands off a snapshot and lists the live actions", () =>
    Effect.gen(function* () {
      const list = yield* runToResult({ electron: { action: "list", query: "test" } }, call)
      expect(electron(list)).toMatchObject({ action: "list", apps: [{ name: "Test App" }] })
      const fake = yield* FakeAgentBrowser
      expect(yield* fake.requests).toEqual([])
      const launched = yield* runToResult(
        { electron: { action: "launch", appName: "Test App", appArgs: ["--token=supersecretvalue123"] } },
        call
      )
      expect(launched.isError).toBe(false)
      const argv = (yield* fake.requests).map((r) => r.args)
      expect(
        argv.map((a) =>
          a.includes("connect")
            ? `connect ${a.at(-1)}`
            : a.includes("snapshot") || a.includes("batch")
              ? "snapshot"
              : a.includes("tab")
                ? "tab"
                : a.join(" ")
        )
      ).toEqual(["connect ws://127.0.0.1:40001/devtools/page/T1", "tab", "snapshot"])
      expect(electron(launched)).toMatchObject({
        status: "succeeded",
        launch: { launchId: "electron-test-1", sessionName: launched.details.managedSession?.name },
        handoff: { handoff: "snapshot", refCount: 1 }
      })
      expect(nextIds(launched)).toEqual([
        "status-electron-launch",
        "probe-electron-launch",
        "list-electron-tabs",
        "snapshot-electron-session",
        "cleanup-electron-launch"
      ])
      expect(JSON.stringify(launched)).not.toContain("supersecretvalue123")
      // the records persisted in details are what a branch restore reads back
      const entries = [launched].map((r) => ({
        type: "message",
        message: { role: "toolResult", toolName: "agent_browser", details: r.details }
      }))
      expect(electronRecordsFromBranch(entries).map((r) => r["launchId"])).toEqual(["electron-test-1"])
    }).pipe(Effect.provide(layer()))
  )

  it.scoped(
    "launch failures map to their categories: timeout, policy-blocked; a failed connect cleans the launch",
    () =>
      Effect.gen(function* () {
        const timedOut = yield* runToResult({ electron: { action: "launch", appName: "Test App" } }, call)
        expect(timedOut.details.failureCategory).toBe("timeout")
        const denied = yield* runToResult({ electron: { action: "launch", appName: "Test App", deny: ["test"] } }, call)
        expect(denied.details.failureCategory).toBe("policy-blocked")
        const unattached = yield* runToResult({ electron: { action: "launch", appName: "Test App" } }, call)
        expect(unattached.isError).toBe(true)
        expect(electron(unattached)).toMatchObject({
          status: "failed",
          failure: { stage: "attach" },
          cleanup: { partial: false }
        })
        expect(unattached.details.managedSessionOutcome?.status).toBe("abandoned")
      }).pipe(
        Effect.provide(
          layer(
            [
              {
                when: (r) => r.args.includes("connect"),
                reply: {
                  exitCode: 1,
                  stdout: JSON.stringify({ success: false, error: "All CDP discovery methods failed" })
                },
                repeat: true
              },
              { reply: FakeAgentBrowser.ok({}), repeat: true }
            ],
            {
              launches: [
                {
                  fail: new TimedOut({
                    reason: "debug-port",
                    app: "Test App",
                    timeoutMs: 15_000,
                    dispatched: "no",
                    stdout: "",
                    stderr: ""
                  })
                }
              ]
            }
          )
        )
      )
  )

  it.scoped(
    "a killed app: a mutation is tab-drift with electronPostCommandHealth; status offers cleanup; partial cleanup is cleanup-failed with retries",
    () =>
      Effect.gen(function* () {
        const driver = yield* FakeElectronHost
        yield* runToResult({ electron: { action: "launch", appName: "Test App", handoff: "connect" } }, call)
        const fine = yield* runToResult({ args: ["click", "@e1"] }, call)
        expect(fine.details.electronPostCommandHealth).toBeUndefined()
        yield* driver.kill("electron-test-1")
        const clicked = yield* runToResult({ args: ["get", "title"] }, call)
        expect(clicked.isError).toBe(false)
        const drift = yield* runToResult({ args: ["press", "Enter"] }, call)
        expect(drift.details.failureCategory).toBe("tab-drift")
        expect(drift.details.electronPostCommandHealth).toMatchObject({
          launchId: "electron-test-1",
          reason: "process-dead"
        })
        expect(nextIds(drift)).toContain("cleanup-electron-launch")
        const status = yield* runToResult({ electron: { action: "status" } }, call)
        expect(nextIds(status)).toEqual(["cleanup-electron-launch"])
        yield* driver.failNextCleanup("electron-test-1")
        const partial = yield* runToResult({ electron: { action: "cleanup", launchId: "electron-test-1" } }, call)
        expect(partial.details.failureCategory).toBe("cleanup-failed")
        expect(nextIds(partial)).toEqual(["status-electron-launch", "retry-electron-cleanup"])
        const retried = yield* runToResult({ electron: { action: "cleanup", launchId: "electron-test-1" } }, call)
        expect(electron(retried)).toMatchObject({ status: "succeeded", sessionSteps: [{ status: "skipped" }] })
      }).pipe(Effect.provide(layer()))
  )

  it.scoped("probe needs an attached session; mode rules: one mode, no stdin, no top-level timeoutMs", () =>
    Effect.gen(function* () {
      const probe = yield* runToResult({ electron: { action: "probe" } }, call)
      expect(probe.details.failureCategory).toBe("validation-error")
      for (const input of [
        { electron: { action: "list" }, qa: { attached: true } },
        { electron: { action: "list" }, stdin: "x" },
        { electron: { action: "list" }, timeoutMs: 5000 },
        { electron: { action: "fly" } }
      ]) {
        expect((yield* runToResult(input, call)).details.failureCategory).toBe("validation-error")
      }
    }).pipe(Effect.provide(layer()))
  )
})

describe("electron probe and status reads", () => {
  const FIELD_VALUE = "focused-field-value-never-shown"
  const reads = (url: string): ReadonlyArray<ScriptedRun> => [
    { when: (r) => r.args.includes("connect"), reply: FakeAgentBrowser.ok({ launched: true }), repeat: true },
    { when: (r) => r.args.includes("title"), reply: FakeAgentBrowser.ok({ title: "Test App" }), repeat: true },
    { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.ok({ url }), repeat: true },
    {
      when: (r) => r.args.includes("eval"),
      reply: FakeAgentBrowser.ok({
        result: { tag: "input", type: "password", name: "Password", id: "pw", editable: true, value: FIELD_VALUE }
      }),
      repeat: true
    },
    ...attachScript
  ]

  it.scoped(
    "probe reads the focused element (metadata, never its value), the active tab and the snapshot's ref ids",
    () =>
      Effect.gen(function* () {
        yield* runToResult({ electron: { action: "launch", appName: "Test App", handoff: "connect" } }, call)
        const probe = yield* runToResult({ electron: { action: "probe" } }, call)
        expect(probe.isError).toBe(false)
        expect(electron(probe)["probe"]).toMatchObject({
          title: "Test App",
          url: "app://index",
          focusedElement: { tag: "input", type: "password", name: "Password", id: "pw", editable: true },
          activeTab: { id: "t1", active: true },
          refIds: ["e1"],
          summary: expect.stringContaining("focus input")
        })
        expect(electron(probe)["sessionMismatch"]).toBeUndefined()
        expect(JSON.stringify(probe)).not.toContain(FIELD_VALUE)
        const fake = yield* FakeAgentBrowser
        const evals = (yield* fake.requests).filter((r) => r.args.includes("eval"))
        expect(evals.map((r) => r.stdin)).toEqual([expect.stringContaining("document.activeElement")])
        expect(evals[0]?.stdin).not.toContain(".value")
      }).pipe(Effect.provide(layer(reads("app://index"))))
  )

  it.scoped(
    "a session showing none of the launch's pages: status and probe report the url mismatch and offer reattach first",
    () =>
      Effect.gen(function* () {
        const launched = yield* runToResult(
          { electron: { action: "launch", appName: "Test App", handoff: "connect" } },
          call
        )
        const session = launched.details.managedSession?.name ?? ""
        const status = yield* runToResult({ electron: { action: "status" } }, call)
        expect(status.isError).toBe(false)
        expect(electron(status)["sessionMismatch"]).toMatchObject({
          reason: "url-not-in-launch-targets",
          launchId: "electron-test-1",
          sessionName: session,
          observedUrl: "https://elsewhere.test/",
          observedTitle: "Test App",
          launchTargets: [{ url: "app://index" }]
        })
        expect(nextIds(status)).toEqual(["reattach-electron-launch", "list-electron-tabs", "snapshot-electron-session"])
        expect(status.details.nextActions?.[0]?.params?.args).toEqual(["--session", session, "connect", "40001"])
        expect(status.content.map((c) => (c.type === "text" ? c.text : "")).join("")).toContain(
          "none of electron-test-1's own pages"
        )
        const probe = yield* runToResult({ electron: { action: "probe", launchId: "electron-test-1" } }, call)
        expect(electron(probe)["sessionMismatch"]).toMatchObject({
          reason: "url-not-in-launch-targets",
          observedUrl: "https://elsewhere.test/"
        })
        expect(nextIds(probe)[0]).toBe("reattach-electron-launch")
      }).pipe(Effect.provide(layer(reads("https://elsewhere.test/"))))
  )

  it.scoped("status without an attached managed session reads nothing upstream", () =>
    Effect.gen(function* () {
      const status = yield* runToResult({ electron: { action: "status" } }, call)
      expect(status.isError).toBe(false)
      expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
    }).pipe(Effect.provide(layer(reads("app://index"))))
  )
})
