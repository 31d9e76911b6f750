/**
 * What an ordinary call in a wrapper-launched Electron app's session gains, over FakeElectronHost and FakeAgentBrowser:
 * fill verification (get value; get text on a contenteditable) with lengths only, and the Electron context of a
 * sourceLookup without candidates. Sessions the wrapper did not launch get neither, and no extra upstream read.
 */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { describe } from "vitest"
import { focusedElementOf, urlMismatchOf } from "../../src/electron/probeFacts.js"
import { fillTargetOf } from "../../src/program/electron/fillVerification.js"
import type { Plan } from "../../src/domain/Plan.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { FakeElectronHost } from "../../src/layers/test/FakeElectronHost.js"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { makeFakeLayer } from "../../src/layers/test/FakeLayer.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { call, suiteTempRoot, testConfig } from "../support/fakeHarness.js"
import { nextIds } from "../support/nextActions.js"

const temp = suiteTempRoot()

const TYPED = "hunter2-typed-secret"
const REWRITTEN = "zz-rewritten-by-app-zz"

const has = (r: { args: ReadonlyArray<string> }, ...words: ReadonlyArray<string>) =>
  words.every((w) => r.args.includes(w))
const script = (reads: ReadonlyArray<ScriptedRun>): ReadonlyArray<ScriptedRun> => [
  { when: (r) => has(r, "connect"), reply: FakeAgentBrowser.ok({ launched: true }), repeat: true },
  ...reads,
  { reply: FakeAgentBrowser.ok({}), repeat: true }
]
const layer = (reads: ReadonlyArray<ScriptedRun>) =>
  makeFakeLayer(FakeAgentBrowser.layer(script(reads)), toolConfigLayer(testConfig(temp.root)), FakeElectronHost.layer())
const textOf = (r: ToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")
const launch = runToResult({ electron: { action: "launch", appName: "Test App", handoff: "connect" } }, call)
const readsOf = (words: ReadonlyArray<string>) =>
  Effect.map(
    Effect.flatMap(FakeAgentBrowser, (f) => f.requests),
    (rs) => rs.filter((r) => has(r, ...words)).length
  )

describe("fill verification in a wrapper-launched Electron app", () => {
  it.scoped(
    "a value the app rewrote: success with fillVerification (lengths only), guidance and the two next actions",
    () =>
      Effect.gen(function* () {
        const launched = yield* launch
        const session = launched.details.managedSession?.name ?? ""
        const filled = yield* runToResult({ args: ["fill", "#quick", TYPED] }, call)
        expect(filled.isError).toBe(false)
        expect(filled.details.successCategory).toBe("completed")
        expect(filled.details.fillVerification).toEqual({
          status: "mismatch",
          target: "#quick",
          verifiedWith: "get value",
          expectedLength: TYPED.length,
          observedLength: REWRITTEN.length,
          summary: expect.stringContaining(`${REWRITTEN.length} character(s), not the ${TYPED.length} typed`)
        })
        expect(textOf(filled)).toContain("Fill check:")
        expect(textOf(filled)).toContain("keyboard type")
        expect(nextIds(filled)).toEqual(["inspect-after-fill-verification", "verify-filled-value"])
        expect(filled.details.nextActions?.map((a) => a.params?.args)).toEqual([
          ["--session", session, "snapshot", "-i"],
          ["--session", session, "get", "value", "#quick"]
        ])
        // neither the typed nor the observed value is echoed anywhere the model or the session file sees
        expect(JSON.stringify(filled)).not.toContain(REWRITTEN)
        expect(JSON.stringify(filled.details.fillVerification)).not.toContain(TYPED)
        expect(textOf(filled)).not.toContain(TYPED)
      }).pipe(
        Effect.provide(
          layer([
            { when: (r) => has(r, "get", "value"), reply: FakeAgentBrowser.ok({ value: REWRITTEN }), repeat: true }
          ])
        )
      )
  )

  it.scoped("a value that stuck: no verification, the usual follow-ups; one read-back only", () =>
    Effect.gen(function* () {
      yield* launch
      const filled = yield* runToResult({ args: ["fill", "#quick", "same"] }, call)
      expect(filled.details.fillVerification).toBeUndefined()
      expect(nextIds(filled)).not.toContain("verify-filled-value")
      expect(yield* readsOf(["get", "value"])).toBe(1)
      expect(yield* readsOf(["contenteditable"])).toBe(0)
    }).pipe(
      Effect.provide(
        layer([{ when: (r) => has(r, "get", "value"), reply: FakeAgentBrowser.ok({ value: "same" }), repeat: true }])
      )
    )
  )

  it.scoped(
    "a contenteditable (no value; the attribute says so) is verified by get text; a trailing newline is not a difference",
    () =>
      Effect.gen(function* () {
        yield* launch
        const appended = yield* runToResult({ args: ["fill", "@e2", "rich text"] }, call)
        expect(appended.details.fillVerification).toMatchObject({
          target: "@e2",
          verifiedWith: "get text",
          expectedLength: 9,
          observedLength: 10
        })
        expect(appended.details.nextActions?.[1]?.params?.args?.slice(-3)).toEqual(["get", "text", "@e2"])
        const exact = yield* runToResult({ args: ["fill", "@e3", "rich textx"] }, call)
        expect(exact.details.fillVerification).toBeUndefined()
      }).pipe(
        Effect.provide(
          layer([
            { when: (r) => has(r, "get", "value"), reply: FakeAgentBrowser.ok({ value: "" }), repeat: true },
            { when: (r) => has(r, "get", "attr"), reply: FakeAgentBrowser.ok({ value: "true" }), repeat: true },
            { when: (r) => has(r, "get", "text"), reply: FakeAgentBrowser.ok({ text: "rich textx\n" }), repeat: true }
          ])
        )
      )
  )

  it.scoped("a plain browser session (no wrapper launch) and a failed read-back: no verification", () =>
    Effect.gen(function* () {
      const plain = yield* runToResult({ args: ["fill", "#quick", TYPED] }, call)
      expect(plain.details.fillVerification).toBeUndefined()
      expect(yield* readsOf(["get", "value"])).toBe(0)
      yield* launch
      const unread = yield* runToResult({ args: ["fill", "#quick", TYPED] }, call)
      expect(unread.isError).toBe(false)
      expect(unread.details.fillVerification).toBeUndefined()
    }).pipe(
      Effect.provide(
        layer([
          {
            when: (r) => has(r, "get", "value"),
            reply: FakeAgentBrowser.fail("Element not found: #quick"),
            repeat: true
          }
        ])
      )
    )
  )
})

const lookupRows = JSON.stringify([
  { command: ["is", "visible", "#save"], success: true, result: { visible: true }, error: null },
  { command: ["get", "html", "#save"], success: true, result: { html: "<span>Save</span>" }, error: null }
])

describe("sourceLookup in a wrapper-launched Electron app", () => {
  it.scoped(
    "no candidates: workspaceRoot, electronContext and the asar limitation; snapshot, probe and tab-list next actions",
    () =>
      Effect.gen(function* () {
        const plain = yield* runToResult({ sourceLookup: { selector: "#save" } }, call)
        expect(plain.isError).toBe(false)
        expect((plain.details.sourceLookup as Record<string, unknown>)["electronContext"]).toBeUndefined()
        const launched = yield* launch
        const session = launched.details.managedSession?.name ?? ""
        const looked = yield* runToResult({ sourceLookup: { selector: "#save" } }, call)
        expect(looked.isError).toBe(false)
        expect(looked.details.sourceLookup).toMatchObject({
          status: "no-candidates",
          workspaceRoot: call.cwd,
          electronContext: {
            launchId: "electron-test-1",
            appName: "Test App",
            appPath: "/opt/Test App",
            executablePath: "/opt/Test App/test-app",
            sessionName: session
          }
        })
        expect((looked.details.sourceLookup as { limitations: ReadonlyArray<string> }).limitations.join(" ")).toContain(
          "app.asar"
        )
        expect(textOf(looked)).toContain("app.asar")
        expect(nextIds(looked)).toEqual(["probe-electron-launch", "list-electron-tabs", "snapshot-electron-session"])
      }).pipe(
        Effect.provide(
          layer([{ when: (r) => has(r, "batch"), reply: { exitCode: 0, stdout: lookupRows }, repeat: true }])
        )
      )
  )
})

describe("E7: a batch in a wrapper-launched Electron app gets the same scope warnings as direct calls", () => {
  it.scoped(
    "two whole-window get text steps and an @ref click: electronGetTextScopeWarnings lists both, refs freshness names the ref",
    () =>
      Effect.gen(function* () {
        yield* launch
        const batch = yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["get", "text", "body"],
              ["click", "@e2"],
              ["get", "text", "html"]
            ])
          },
          call
        )
        expect(batch.isError).toBe(false)
        expect(batch.details.electronGetTextScopeWarnings?.map((w) => w.selector)).toEqual(["body", "html"])
        expect(batch.details.electronGetTextScopeWarning?.selector).toBe("body")
        expect(textOf(batch)).toContain("(2 steps read the whole window)")
        expect(nextIds(batch)).toContain("snapshot-for-electron-text-scope")
        const direct = yield* runToResult({ args: ["get", "text", "body"] }, call)
        expect(direct.details.electronGetTextScopeWarning?.selector).toBe("body")
        expect(direct.details.electronGetTextScopeWarnings).toBeUndefined()
        const clicked = yield* runToResult({ args: ["batch"], stdin: JSON.stringify([["click", "@e2"]]) }, call)
        expect(clicked.details.electronRefFreshness).toMatchObject({ refs: ["@e2"], command: "click" })
      }).pipe(Effect.provide(layer([])))
  )
})

describe("pure readers", () => {
  it("fillTargetOf: a fill's target and text, never a fill that types a configured secret", () => {
    const planOf = (argv: Array<string>) => ({ line: parseCommandLine(argv) }) as unknown as Plan
    expect(fillTargetOf(planOf(["fill", "#a", "hello", "world"]))).toEqual({ target: "#a", text: "hello world" })
    expect(fillTargetOf(planOf(["fill", "#a", "{{secret:PW}}"]))).toBeUndefined()
    expect(fillTargetOf(planOf(["click", "#a"]))).toBeUndefined()
  })

  it("focusedElementOf keeps known fields, bounded, and drops anything else (a value)", () => {
    expect(focusedElementOf({ tag: "textarea", name: "n".repeat(200), value: "secret", editable: true })).toEqual({
      tag: "textarea",
      name: "n".repeat(80),
      editable: true
    })
    expect(focusedElementOf(null)).toBeUndefined()
    expect(focusedElementOf({ role: "textbox" })).toBeUndefined()
  })

  it("urlMismatchOf: only a live launch with targets, none of which has the session's url", () => {
    const status = {
      launchId: "electron-a",
      appName: "A",
      cleanupState: "active",
      ownership: "owned",
      pid: 1,
      pidAlive: true,
      port: 9,
      portAlive: true,
      targets: [{ id: "T", type: "page", title: "A", url: "app://index" }]
    } as const
    expect(urlMismatchOf(status, "s", { url: "app://index" })).toBeUndefined()
    expect(urlMismatchOf({ ...status, portAlive: false }, "s", { url: "x://y" })).toBeUndefined()
    expect(urlMismatchOf({ ...status, targets: [] }, "s", { url: "x://y" })).toBeUndefined()
    expect(urlMismatchOf(status, "s", { url: "x://y", title: "Y" })).toEqual({
      reason: "url-not-in-launch-targets",
      launchId: "electron-a",
      sessionName: "s",
      port: 9,
      observedUrl: "x://y",
      observedTitle: "Y",
      launchTargets: [{ type: "page", title: "A", url: "app://index" }]
    })
  })
})
