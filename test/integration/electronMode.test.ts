/**
 * The `electron` input mode through the tool (the real service graph, the real agent-browser, and a STAND-IN for an
 * Electron app built from Debian's Chromium: test/support/electronStandIn.ts; no Electron runtime can be installed
 * here). Every launch is checked gone by its pid group, port and folder; no process mentioning the stand-in's root
 * may survive any test.
 */
import { existsSync } from "node:fs"
import { dirname } from "node:path"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { portListening } from "../../src/layers/electronHost/cdp.js"
import { groupMembers, pidAlive } from "../support/osTable.js"
import { ElectronHostLiveWith } from "../../src/layers/ElectronHostLive.js"
import { makeServicesLayer } from "../../src/layers/MainLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { handOverElectronLaunches, restoreElectronLaunches } from "../../src/program/electron/electronLifecycle.js"
import { closeOwnedBrowser } from "../../src/program/lifecycle/lifecycle.js"
import type { ElectronLaunchRecord } from "../../src/schema/ElectronRecord.js"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { type ElectronStandIn, makeElectronStandIn, STAND_IN_NAME, STAND_IN_TITLE } from "../support/electronStandIn.js"
import { textOf } from "../support/harness.js"
import { chromiumPath, type LiveEnv, makeLiveEnv } from "../support/liveEnv.js"
import { killAll, processesMentioning } from "../support/processes.js"

const haveChromium = chromiumPath() !== undefined
let standIn: ElectronStandIn
let world: LiveEnv

const makeTool = (piSessionId = "pi-electron-1") => {
  const electron = ElectronHostLiveWith({
    platform: "linux",
    env: standIn.env,
    home: standIn.home,
    optRoots: [standIn.optRoot],
    privateRoot: standIn.privateRoot
  })
  const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(world.config), electron }))
  return {
    runtime,
    call: (input: unknown): Promise<ToolResult> =>
      runtime.runPromise(runToResult(input, { piSessionId, cwd: world.root })),
    /** pi quit: close owned browsers, then dispose the runtime (the host's scope cleans every launch). */
    quit: async () => {
      await runtime.runPromise(closeOwnedBrowser()).catch(() => undefined)
      await runtime.dispose()
    }
  }
}

const electronOf = (result: ToolResult) => result.details.electron as Record<string, any>
const launchOf = (result: ToolResult) => {
  expect(result.isError, textOf(result)).toBe(false)
  return electronOf(result)["launch"] as ElectronLaunchRecord
}

const expectGone = async (record: ElectronLaunchRecord) => {
  for (let i = 0; i < 30 && (await groupMembers(record.pgid)).length > 0; i++)
    await new Promise((r) => setTimeout(r, 100))
  expect(await pidAlive(record.pid)).toBe(false)
  expect(await groupMembers(record.pgid)).toEqual([])
  expect(await Effect.runPromise(portListening(record.port, 500))).toBe(false)
  expect(existsSync(dirname(record.userDataDir))).toBe(false)
}

describe.skipIf(!haveChromium)("electron mode through the tool (Chromium stand-in for Electron)", () => {
  let tool: ReturnType<typeof makeTool>
  beforeAll(() => {
    standIn = makeElectronStandIn()
    world = makeLiveEnv()
    tool = makeTool()
  })
  afterEach(() => {
    // no test may leave a stand-in app behind (the managed tool's own live launches are cleaned by each test)
    const chromiums = processesMentioning(standIn.privateRoot)
    killAll(chromiums)
    expect(chromiums.map((p) => p.command)).toEqual([])
  })
  afterAll(async () => {
    await tool?.quit()
    await world?.dispose()
    const leaked = processesMentioning(standIn.root)
    killAll(leaked)
    standIn?.dispose()
    expect(leaked).toEqual([])
  })

  it("list finds the stand-in by query, with the isolation note and no upstream process", async () => {
    const result = await tool.call({ electron: { action: "list", query: "stand-in chromium" } })
    expect(result.isError).toBe(false)
    expect(electronOf(result)).toMatchObject({
      action: "list",
      status: "succeeded",
      platform: "linux",
      profileIsolation: { reusesExistingSignedInProfile: false }
    })
    expect(electronOf(result)["apps"].map((a: { name: string }) => a.name)).toEqual([STAND_IN_NAME])
    expect(textOf(result)).toContain(STAND_IN_NAME)
    expect(textOf(result)).toContain("temporary profile")
    expect(result.details.compiledElectron).toEqual({ action: "list", query: "stand-in chromium", maxResults: 20 })
  })

  it("launch by appName: connect in a fresh managed session, snapshot handoff gives refs; qa.attached, probe, status; cleanup leaves nothing", async () => {
    const launched = await tool.call({ electron: { action: "launch", appName: STAND_IN_NAME } })
    expect(launched.isError, textOf(launched)).toBe(false)
    const record = launchOf(launched)
    expect(record).toMatchObject({ launchedByWrapper: true, appName: STAND_IN_NAME, cleanupState: "active" })
    expect(record.sessionName).toBe(launched.details.managedSession?.name)
    expect(launched.details.managedSession?.active).toBe(true)
    expect(electronOf(launched)).toMatchObject({
      action: "launch",
      status: "succeeded",
      handoff: { handoff: "snapshot" },
      identifiers: { launchId: record.launchId, sessionName: record.sessionName }
    })
    expect(textOf(launched)).toMatch(/ref=e\d+/)
    expect(textOf(launched)).toContain("Press")
    expect(textOf(launched)).toContain(record.launchId)
    expect((launched.details.nextActions ?? []).map((a) => a.id)).toEqual([
      "status-electron-launch",
      "probe-electron-launch",
      "list-electron-tabs",
      "snapshot-electron-session",
      "cleanup-electron-launch"
    ])
    expect(launched.details.refSnapshot?.refCount).toBeGreaterThan(0)

    // the attached app is the managed session: ordinary calls and qa.attached work on it
    const clicked = await tool.call({ args: ["click", "@e1"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    const qa = await tool.call({ qa: { attached: true, expectedText: "Stand-in" } })
    expect(qa.isError, textOf(qa)).toBe(false)
    expect(qa.details.qaPreset?.passed).toBe(true)

    const probe = await tool.call({ electron: { action: "probe" } })
    expect(probe.isError, textOf(probe)).toBe(false)
    expect(electronOf(probe)).toMatchObject({
      action: "probe",
      status: "succeeded",
      probeContext: { kind: "current-session", launchId: record.launchId },
      launchStatus: { pidAlive: true, portAlive: true }
    })
    expect(electronOf(probe)["probe"]["title"]).toBe("Stand-in Electron Page")
    expect(electronOf(probe)["probe"]["refCount"]).toBeGreaterThan(0)

    const status = await tool.call({ electron: { action: "status" } })
    expect(electronOf(status)["statuses"]).toMatchObject([
      { launchId: record.launchId, pidAlive: true, portAlive: true, sessionName: record.sessionName }
    ])

    const cleanup = await tool.call({ electron: { action: "cleanup", launchId: record.launchId } })
    expect(cleanup.isError, textOf(cleanup)).toBe(false)
    expect(electronOf(cleanup)).toMatchObject({
      action: "cleanup",
      status: "succeeded",
      sessionSteps: [{ sessionName: record.sessionName, status: "ok" }]
    })
    expect(electronOf(cleanup)["cleanup"]["results"][0]["status"]).toBe("cleaned")
    expect(cleanup.details.managedSession?.active).toBe(false)
    await expectGone(record)
  })

  it("launch by executablePath (tabs handoff) and by appPath (connect handoff); a killed launch: status and probe say dead, cleanup finishes", async () => {
    const byExe = await tool.call({
      electron: { action: "launch", executablePath: standIn.executablePath, handoff: "tabs" }
    })
    expect(byExe.isError, textOf(byExe)).toBe(false)
    expect(byExe.details.command).toBe("tab")
    const byPath = await tool.call({ electron: { action: "launch", appPath: standIn.appDir, handoff: "connect" } })
    expect(byPath.isError, textOf(byPath)).toBe(false)
    expect(byPath.details.command).toBe("connect")
    const a = launchOf(byExe)
    const b = launchOf(byPath)
    // the second fresh connect replaced the first managed session
    expect(byPath.details.managedSession?.name).toBe(b.sessionName)
    expect(b.sessionName).not.toBe(a.sessionName)

    const ambiguous = await tool.call({ electron: { action: "status" } })
    expect(ambiguous.details.failureCategory).toBe("validation-error")

    process.kill(-b.pgid, "SIGKILL")
    for (let i = 0; i < 50 && (await groupMembers(b.pgid)).length > 0; i++) await new Promise((r) => setTimeout(r, 100))
    const status = await tool.call({ electron: { action: "status", launchId: b.launchId } })
    expect(electronOf(status)["statuses"][0]).toMatchObject({ pidAlive: false, portAlive: false })
    expect((status.details.nextActions ?? []).map((x) => x.id)).toEqual(["cleanup-electron-launch"])
    const probe = await tool.call({ electron: { action: "probe", launchId: b.launchId } })
    expect(electronOf(probe)).toMatchObject({ status: "partial", launchStatus: { pidAlive: false } })
    const liveProbe = await tool.call({ electron: { action: "probe", launchId: a.launchId } })
    expect(electronOf(liveProbe)).toMatchObject({
      probeContext: { kind: "launch", sessionName: a.sessionName },
      launchStatus: { pidAlive: true }
    })

    const cleanup = await tool.call({ electron: { action: "cleanup", all: true } })
    expect(cleanup.isError, textOf(cleanup)).toBe(false)
    const results = electronOf(cleanup)["cleanup"]["results"] as ReadonlyArray<{ launchId: string; status: string }>
    expect(results.filter((r) => r.launchId === a.launchId || r.launchId === b.launchId).map((r) => r.status)).toEqual([
      "cleaned",
      "cleaned"
    ])
    await expectGone(a)
    await expectGone(b)
  })

  it("a mutation that leaves the app on about:blank is tab-drift with electronPostCommandHealth", async () => {
    const launched = await tool.call({ electron: { action: "launch", appName: STAND_IN_NAME, handoff: "connect" } })
    const record = launchOf(launched)
    const blank = await tool.call({ args: ["open", "about:blank"] })
    expect(blank.details.failureCategory, textOf(blank)).toBe("tab-drift")
    expect(blank.details.electronPostCommandHealth).toMatchObject({ launchId: record.launchId, reason: "about-blank" })
    expect((blank.details.nextActions ?? []).map((a) => a.id)).toContain("cleanup-electron-launch")
    await tool.call({ electron: { action: "cleanup", launchId: record.launchId } })
    await expectGone(record)
  })

  it("a fill the app rewrites is a success with fillVerification (lengths only); a contenteditable is read back by text; probe shows the focused field", async () => {
    const record = launchOf(
      await tool.call({ electron: { action: "launch", appName: STAND_IN_NAME, handoff: "connect" } })
    )
    try {
      const typed = "hunter2-typed-secret"
      // the app's page must have replaced its first document before fields are added to it (a loaded machine is slow)
      const loaded = await tool.call({
        args: [
          "wait",
          "--fn",
          `document.title === ${JSON.stringify(STAND_IN_TITLE)} && document.readyState === "complete"`
        ]
      })
      expect(loaded.isError, textOf(loaded)).toBe(false)
      const injected = await tool.call({
        args: ["eval", "--stdin"],
        stdin: `document.body.insertAdjacentHTML("beforeend", '<input id="quick" aria-label="Quick" oninput="this.value=this.value.slice(0,3)"><input id="plain" aria-label="Plain"><div id="ed" contenteditable="true" aria-label="Editor">x</div>'); true`
      })
      expect(injected.isError, textOf(injected)).toBe(false)

      const rewritten = await tool.call({ args: ["fill", "#quick", typed] })
      expect(rewritten.isError, textOf(rewritten)).toBe(false)
      expect(rewritten.details.fillVerification).toMatchObject({
        status: "mismatch",
        target: "#quick",
        verifiedWith: "get value",
        expectedLength: typed.length,
        observedLength: 3
      })
      expect(textOf(rewritten)).toContain("keyboard type")
      expect((rewritten.details.nextActions ?? []).map((a) => a.id)).toEqual([
        "inspect-after-fill-verification",
        "verify-filled-value"
      ])
      expect(rewritten.details.nextActions?.[1]?.params?.args).toEqual([
        "--session",
        record.sessionName,
        "get",
        "value",
        "#quick"
      ])
      expect(JSON.stringify(rewritten.details.fillVerification)).not.toContain("hun")
      expect(textOf(rewritten)).not.toContain(typed)

      const plain = await tool.call({ args: ["fill", "#plain", "stays as typed"] })
      expect(plain.isError, textOf(plain)).toBe(false)
      expect(plain.details.fillVerification).toBeUndefined()

      // upstream's fill on this contenteditable inserts before the existing text: the read-back shows the difference
      const editor = await tool.call({ args: ["fill", "#ed", "rich text"] })
      expect(editor.isError, textOf(editor)).toBe(false)
      expect(editor.details.fillVerification).toMatchObject({
        target: "#ed",
        verifiedWith: "get text",
        expectedLength: 9,
        observedLength: 10
      })

      await tool.call({ args: ["focus", "#plain"] })
      const probe = await tool.call({ electron: { action: "probe" } })
      expect(electronOf(probe)["probe"]["focusedElement"]).toEqual({
        tag: "input",
        name: "Plain",
        id: "plain",
        editable: true
      })
      // the focused element is metadata only (the snapshot body shows field contents, as every snapshot does)
      expect(JSON.stringify(electronOf(probe)["probe"]["focusedElement"])).not.toContain("stays")
    } finally {
      await tool.call({ electron: { action: "cleanup", launchId: record.launchId } })
    }
    await expectGone(record)
  })

  it("sourceLookup without candidates in the stand-in session carries electronContext, the asar limitation and live-inspection actions", async () => {
    const record = launchOf(
      await tool.call({ electron: { action: "launch", appName: STAND_IN_NAME, handoff: "connect" } })
    )
    try {
      // the app's page must have replaced its first document before its h1 can be looked up (a loaded CI run raced it)
      const loaded = await tool.call({
        args: [
          "wait",
          "--fn",
          `document.title === ${JSON.stringify(STAND_IN_TITLE)} && document.readyState === "complete"`
        ]
      })
      expect(loaded.isError, textOf(loaded)).toBe(false)
      const looked = await tool.call({ sourceLookup: { selector: "h1" } })
      expect(looked.isError, textOf(looked)).toBe(false)
      expect(looked.details.sourceLookup).toMatchObject({
        status: "no-candidates",
        workspaceRoot: world.root,
        electronContext: {
          launchId: record.launchId,
          appName: STAND_IN_NAME,
          executablePath: record.executablePath,
          sessionName: record.sessionName
        }
      })
      expect(textOf(looked)).toContain("app.asar")
      expect((looked.details.nextActions ?? []).map((a) => a.id)).toEqual([
        "probe-electron-launch",
        "list-electron-tabs",
        "snapshot-electron-session"
      ])
    } finally {
      await tool.call({ electron: { action: "cleanup", launchId: record.launchId } })
    }
    await expectGone(record)
  })

  it("in the app's session: an @ref click carries electronRefFreshness; get text body the broad-scope warning; both say snapshot -i", async () => {
    const record = launchOf(
      await tool.call({ electron: { action: "launch", appName: STAND_IN_NAME, handoff: "connect" } })
    )
    try {
      const loaded = await tool.call({
        args: [
          "wait",
          "--fn",
          `document.title === ${JSON.stringify(STAND_IN_TITLE)} && document.readyState === "complete"`
        ]
      })
      expect(loaded.isError, textOf(loaded)).toBe(false)
      const snap = await tool.call({ args: ["snapshot", "-i"] })
      const ref = /button "Press" \[ref=(e\d+)\]/.exec(textOf(snap))?.[1]
      expect(ref, textOf(snap)).toBeDefined()
      const clicked = await tool.call({ args: ["click", `@${ref}`] })
      expect(clicked.isError, textOf(clicked)).toBe(false)
      expect(clicked.details.electronRefFreshness).toMatchObject({
        refs: [`@${ref}`],
        command: "click",
        electronContext: { launchId: record.launchId, sessionName: record.sessionName }
      })
      expect(clicked.details.nextActions?.map((a) => [a.id, a.params?.args])).toEqual([
        ["refresh-electron-refs-after-rerender", ["--session", record.sessionName, "snapshot", "-i"]]
      ])

      const whole = await tool.call({ args: ["get", "text", "body"] })
      expect(whole.isError, textOf(whole)).toBe(false)
      expect(whole.details.electronGetTextScopeWarning).toMatchObject({
        selector: "body",
        electronContext: { launchId: record.launchId, sessionName: record.sessionName }
      })
      expect(textOf(whole)).toContain("Broad Electron get text selector warning")
      expect(whole.details.nextActions?.map((a) => a.id)).toEqual(["snapshot-for-electron-text-scope"])
      const scoped = await tool.call({ args: ["get", "text", "h1"] })
      expect(scoped.details.electronGetTextScopeWarning).toBeUndefined()
    } finally {
      await tool.call({ electron: { action: "cleanup", launchId: record.launchId } })
    }
    await expectGone(record)
  })

  it("refusals spawn nothing: deny/allow are policy-blocked, wrapper-owned appArgs and a non-Electron executable are validation errors", async () => {
    const denied = await tool.call({ electron: { action: "launch", appName: STAND_IN_NAME, deny: ["stand-in"] } })
    expect(denied.details.failureCategory).toBe("policy-blocked")
    expect(electronOf(denied)).toMatchObject({
      status: "failed",
      failure: { stage: "launch", policy: { list: "deny", entry: "stand-in" } }
    })
    const notAllowed = await tool.call({
      electron: { action: "launch", appName: STAND_IN_NAME, allow: ["visual studio code"] }
    })
    expect(notAllowed.details.failureCategory).toBe("policy-blocked")
    const allowed = await tool.call({
      electron: { action: "launch", appName: STAND_IN_NAME, allow: ["stand-in"], handoff: "connect" }
    })
    expect(allowed.isError, textOf(allowed)).toBe(false)
    await tool.call({ electron: { action: "cleanup", launchId: launchOf(allowed).launchId } })
    await expectGone(launchOf(allowed))

    const badArgs = await tool.call({
      electron: { action: "launch", appName: STAND_IN_NAME, appArgs: ["--remote-debugging-port=9222"] }
    })
    expect(badArgs.details.failureCategory).toBe("validation-error")
    expect(textOf(badArgs)).toContain("--remote-debugging-port")
    const plain = await tool.call({ electron: { action: "launch", executablePath: standIn.notElectronPath } })
    expect(plain.details.failureCategory).toBe("validation-error")
    const mixed = await tool.call({ electron: { action: "list" }, args: ["snapshot"] })
    expect(mixed.details.failureCategory).toBe("validation-error")
    const withStdin = await tool.call({ electron: { action: "list" }, stdin: "x" })
    expect(withStdin.details.failureCategory).toBe("validation-error")
  })

  it("quit (runtime disposal) cleans every live launch", async () => {
    const other = makeTool("pi-electron-quit")
    const a = launchOf(await other.call({ electron: { action: "launch", appName: STAND_IN_NAME, handoff: "connect" } }))
    const b = launchOf(
      await other.call({ electron: { action: "launch", executablePath: standIn.executablePath, handoff: "connect" } })
    )
    await other.quit()
    await expectGone(a)
    await expectGone(b)
  })

  it("reload keeps the branch-visible launch (restored by the next instance) and cleans the off-branch one", async () => {
    const first = makeTool("pi-electron-reload")
    const onBranch = await first.call({ electron: { action: "launch", appName: STAND_IN_NAME, handoff: "connect" } })
    const offBranch = launchOf(
      await first.call({ electron: { action: "launch", executablePath: standIn.executablePath, handoff: "connect" } })
    )
    const kept = launchOf(onBranch)
    const handed = await first.runtime.runPromise(handOverElectronLaunches([electronOf(onBranch)["launch"]]))
    expect(handed.kept).toEqual([kept.launchId])
    expect(handed.cleaned).toEqual([{ launchId: offBranch.launchId, partial: false }])
    await first.quit()
    await expectGone(offBranch)
    expect(await pidAlive(kept.pid)).toBe(true)

    const second = makeTool("pi-electron-reload")
    const restored = await second.runtime.runPromise(
      restoreElectronLaunches([
        electronOf(onBranch)["launch"],
        { ...kept, launchId: "electron-foreign", pid: 2 ** 22 + 9, pgid: 2 ** 22 + 9 }
      ])
    )
    expect(restored.restored).toEqual([kept.launchId])
    expect(restored.stale).toEqual([{ launchId: "electron-foreign", pidAlive: false }])
    const cleanup = await second.call({ electron: { action: "cleanup", launchId: kept.launchId } })
    expect(cleanup.isError, textOf(cleanup)).toBe(false)
    await second.quit()
    await expectGone(kept)
  })
})
