/**
 * ElectronHostLive against a real process: a Chromium-built STAND-IN for an Electron app (test/support/
 * electronStandIn.ts), since no Electron runtime can be installed here. Every launch is checked gone afterwards by
 * its recorded pid/pgid, its port and its folder.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { portListening } from "../../src/layers/electronHost/cdp.js"
import { groupMembers, liveOsLayer, pidAlive } from "../support/osTable.js"
import { ElectronHostLiveWith } from "../../src/layers/ElectronHostLive.js"
import { decodeElectronInput, type ElectronRequest, type LaunchRequest } from "../../src/schema/ElectronInput.js"
import type { ElectronLaunchRecord } from "../../src/schema/ElectronRecord.js"
import { ElectronHost } from "../../src/services/ElectronHost.js"
import { electronHostContract } from "../support/contracts/electronHostContract.js"
import { chromiumPath } from "../support/liveEnv.js"
import { type ElectronStandIn, makeElectronStandIn, STAND_IN_NAME, STAND_IN_TITLE } from "../support/electronStandIn.js"

const haveChromium = chromiumPath() !== undefined
let standIn: ElectronStandIn

const layer = () =>
  ElectronHostLiveWith({
    platform: "linux",
    env: standIn.env,
    home: standIn.home,
    optRoots: [standIn.optRoot],
    privateRoot: standIn.privateRoot
  }).pipe(Layer.provide(liveOsLayer))

const run = <A, E>(program: Effect.Effect<A, E, ElectronHost>) =>
  Effect.runPromise(Effect.scoped(Effect.provide(program, layer())))
const runExit = <A, E>(program: Effect.Effect<A, E, ElectronHost>) =>
  Effect.runPromiseExit(Effect.scoped(Effect.provide(program, layer())))

/** The launch request the tool would hand over for this raw `electron` input. */
const launchRequest = (raw: Record<string, unknown>): LaunchRequest => {
  const decoded = decodeElectronInput({ action: "launch", ...raw })
  const request: ElectronRequest = Either.getOrThrow(decoded)
  if (request.action !== "launch") throw new Error("not a launch")
  return request.launch
}

/** Nothing of a launch is left: no process in its group, no listener on its port, no launch folder. */
const expectGone = async (record: ElectronLaunchRecord) => {
  expect(await pidAlive(record.pid)).toBe(false)
  expect(await groupMembers(record.pgid)).toEqual([])
  expect(await Effect.runPromise(portListening(record.port, 500))).toBe(false)
  expect(existsSync(record.userDataDir)).toBe(false)
  expect(existsSync(dirname(record.userDataDir))).toBe(false)
}

describe.skipIf(!haveChromium)("ElectronHost with a Chromium stand-in for Electron", () => {
  beforeAll(() => {
    standIn = makeElectronStandIn()
  })
  afterAll(() => standIn.dispose())

  electronHostContract("ElectronHostLive over the stand-in", {
    layer,
    app: () => ({ name: STAND_IN_NAME, query: "stand-in chromium", executablePath: standIn.executablePath })
  })

  it("list finds the stand-in by query through its .desktop file", async () => {
    const result = await run(Effect.flatMap(ElectronHost, (host) => host.list("stand-in chromium", 20)))
    expect(result.platform).toBe("linux")
    expect(result.apps.map((a) => a.name)).toEqual([STAND_IN_NAME])
    expect(result.apps[0]).toMatchObject({
      desktopId: standIn.desktopId,
      executablePath: standIn.executablePath,
      appPath: standIn.appDir,
      evidence: "app.asar",
      packageSource: "desktop-file"
    })
    const none = await run(Effect.flatMap(ElectronHost, (host) => host.list("no-such-app", 20)))
    expect(none.apps).toEqual([])
  })

  it("launch by appName: port from DevToolsActivePort, page target, status and probe live, cleanup leaves nothing", async () => {
    const { launched, status, probe, cleanup } = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const launched = yield* host.launch(launchRequest({ appName: "Stand-in Electron Chromium" }))
        const status = yield* host.status({ _tag: "default" })
        // The page may still be loading right after launch: probe until its title shows (bounded).
        let probe = yield* host.probe(launched.launch.launchId)
        for (let i = 0; i < 50 && !probe.targets.some((t) => t.title === STAND_IN_TITLE); i++) {
          yield* Effect.sleep(100)
          probe = yield* host.probe(launched.launch.launchId)
        }
        const cleanup = yield* host.cleanup({ _tag: "one", launchId: launched.launch.launchId }, 5_000)
        return { launched, status, probe, cleanup }
      })
    )
    const record = launched.launch
    expect(record).toMatchObject({
      version: 1,
      launchedByWrapper: true,
      appName: STAND_IN_NAME,
      desktopId: standIn.desktopId,
      executablePath: standIn.executablePath,
      cleanupState: "active",
      targetType: "page"
    })
    expect(record.launchId).toMatch(/^electron-/)
    expect(record.pgid).toBe(record.pid)
    expect(record.port).toBeGreaterThan(0)
    expect(record.webSocketDebuggerUrl).toBe(
      `ws://127.0.0.1:${record.port}${record.webSocketDebuggerUrl.slice(`ws://127.0.0.1:${record.port}`.length)}`
    )
    expect(record.userDataDir.startsWith(standIn.privateRoot)).toBe(true)
    expect(launched.connect.via).toBe("target")
    expect(launched.connect.argument).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${record.port}/devtools/page/`))
    expect(launched.targets.some((t) => t.type === "page" && t.url.endsWith("/Stand%20In%20App/index.html"))).toBe(true)
    expect(probe.targets.some((t) => t.title === STAND_IN_TITLE)).toBe(true)
    expect(status.statuses).toHaveLength(1)
    expect(status.statuses[0]).toMatchObject({
      launchId: record.launchId,
      pidAlive: true,
      portAlive: true,
      cleanupState: "active",
      ownership: "owned"
    })
    expect(probe).toMatchObject({ pidAlive: true, portAlive: true })
    expect(probe.targets.every((t) => t.type === "page")).toBe(true)
    expect(cleanup.partial).toBe(false)
    expect(cleanup.results[0]?.steps.map((s) => [s.step, s.status])).toEqual([
      ["process", "ok"],
      ["debug-port", "ok"],
      ["user-data-dir", "ok"]
    ])
    expect(cleanup.records[0]?.cleanupState).toBe("cleaned")
    await expectGone(record)
  })

  it("launch by executablePath and by appPath (the app folder) give the same app; cleanup all", async () => {
    const { byExe, byPath, report } = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const byExe = yield* host.launch(
          launchRequest({ executablePath: standIn.executablePath, handoff: "tabs", appArgs: ["--lang=en-US"] })
        )
        const byPath = yield* host.launch(launchRequest({ appPath: standIn.appDir, targetType: "any" }))
        const ambiguous = yield* Effect.flip(host.status({ _tag: "default" }))
        expect(ambiguous._tag).toBe("InvalidInput")
        const report = yield* host.cleanup({ _tag: "all" }, 5_000)
        return { byExe, byPath, report }
      })
    )
    expect(byExe.launch.executablePath).toBe(standIn.executablePath)
    expect(byPath.launch.executablePath).toBe(standIn.executablePath)
    expect(byPath.launch.appPath).toBe(standIn.appDir)
    expect(byExe.launch.port).not.toBe(byPath.launch.port)
    expect(byExe.launch.userDataDir).not.toBe(byPath.launch.userDataDir)
    expect(report.results.map((r) => r.status)).toEqual(["cleaned", "cleaned"])
    await expectGone(byExe.launch)
    await expectGone(byPath.launch)
  })

  it("a killed launch: probe and status report it dead; cleanup then finishes the port and folder", async () => {
    const { record, probe, status, cleanup } = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const { launch } = yield* host.launch(launchRequest({ appName: STAND_IN_NAME }))
        process.kill(-launch.pgid, "SIGKILL")
        for (
          let i = 0;
          i < 150 &&
          ((yield* Effect.promise(() => groupMembers(launch.pgid))).length > 0 ||
            (yield* Effect.promise(() => pidAlive(launch.pid))));
          i++
        )
          yield* Effect.sleep(100)
        // the kernel closes a killed browser's listening socket a moment after its processes are gone
        let probe = yield* host.probe(launch.launchId)
        for (let i = 0; i < 100 && (probe.pidAlive || probe.portAlive); i++) {
          yield* Effect.sleep(100)
          probe = yield* host.probe(launch.launchId)
        }
        const status = yield* host.status({ _tag: "one", launchId: launch.launchId })
        const cleanup = yield* host.cleanup({ _tag: "one", launchId: launch.launchId }, 5_000)
        return { record: launch, probe, status, cleanup }
      })
    )
    expect(probe, JSON.stringify(probe)).toMatchObject({
      pidAlive: false,
      portAlive: false,
      cleanupState: "dead",
      targets: []
    })
    expect(status.statuses[0]).toMatchObject({ pidAlive: false, portAlive: false, cleanupState: "dead" })
    expect(cleanup.results[0]?.steps[0]).toEqual({ step: "process", status: "ok", reason: "already exited" })
    expect(cleanup.results[0]?.status).toBe("cleaned")
    await expectGone(record)
  })

  it("a non-Electron executable is rejected as validation-error; nothing is spawned", async () => {
    const errors = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const plain = yield* Effect.flip(host.launch(launchRequest({ executablePath: standIn.notElectronPath })))
        // Debian's /usr/bin/chromium is a launcher script for a real browser binary: followed, and still not Electron.
        const chromium = yield* Effect.flip(host.launch(launchRequest({ executablePath: "/usr/bin/chromium" })))
        const folder = yield* Effect.flip(host.launch(launchRequest({ appPath: standIn.optRoot })))
        return [plain, chromium, folder]
      })
    )
    for (const error of errors) {
      expect(error._tag).toBe("InvalidInput")
      if (error._tag === "InvalidInput") expect(error.message).toContain("is not an Electron app")
    }
    expect(await run(Effect.flatMap(ElectronHost, (host) => host.records))).toEqual([])
  })

  it("launch failures end the process group and remove the folder: early exit is upstream-error, no port in time is timeout", async () => {
    const exiting = join(standIn.optRoot, "Exiting")
    const silent = join(standIn.optRoot, "Silent")
    for (const [folder, script] of [
      [exiting, "echo starting >&2; exit 3"],
      [silent, "exec sleep 30"]
    ] as const) {
      mkdirSync(join(folder, "resources"), { recursive: true })
      writeFileSync(join(folder, "resources", "app.asar"), "stand-in")
      writeFileSync(join(folder, basename(folder).toLowerCase()), `#!/bin/sh\n${script}\n`, { mode: 0o755 })
    }
    try {
      const [exited, timedOut] = await run(
        Effect.gen(function* () {
          const host = yield* ElectronHost
          return [
            yield* Effect.flip(host.launch(launchRequest({ appPath: exiting }))),
            yield* Effect.flip(host.launch(launchRequest({ appPath: silent, timeoutMs: 1_500 })))
          ]
        })
      )
      expect(exited).toMatchObject({
        _tag: "UpstreamFailed",
        exitCode: 3,
        stderr: "starting\n",
        electronLaunch: { devToolsActivePort: "missing", versionReached: false, cleanedUp: true }
      })
      expect(timedOut).toMatchObject({
        _tag: "TimedOut",
        timeoutMs: 1_500,
        electronLaunch: { devToolsActivePort: "missing", cleanedUp: true }
      })
      for (const error of [exited, timedOut]) {
        const diagnostics =
          error._tag === "TimedOut" || error._tag === "UpstreamFailed" ? error.electronLaunch : undefined
        expect(diagnostics?.pid).toBeGreaterThan(0)
        expect(await groupMembers(diagnostics?.pid ?? 0)).toEqual([])
        expect(existsSync(dirname(diagnostics?.userDataDir ?? "/"))).toBe(false)
      }
    } finally {
      rmSync(exiting, { recursive: true, force: true })
      rmSync(silent, { recursive: true, force: true })
    }
  })

  it("bad appArgs never reach a launch: wrapper-owned flags are validation errors", () => {
    const decoded = decodeElectronInput({
      action: "launch",
      appName: STAND_IN_NAME,
      appArgs: ["--remote-debugging-port=9222", "--user-data-dir=/home/me/.config/App"]
    })
    expect(Either.isLeft(decoded) && decoded.left.message).toContain(
      "wrapper-owned flags are not allowed: --remote-debugging-port, --user-data-dir"
    )
    // The rejected values (a profile path may name the user) are not echoed back.
    expect(Either.isLeft(decoded) && decoded.left.message).not.toContain("/home/me")
  })

  it("deny and allow lists decide before anything is spawned (policy-blocked)", async () => {
    const denied = await runExit(
      Effect.flatMap(ElectronHost, (host) => host.launch(launchRequest({ appName: STAND_IN_NAME, deny: ["stand-in"] })))
    )
    const notAllowed = await runExit(
      Effect.flatMap(ElectronHost, (host) =>
        host.launch(launchRequest({ appName: STAND_IN_NAME, allow: ["visual studio code"] }))
      )
    )
    for (const [exit, list] of [
      [denied, "deny"],
      [notAllowed, "allow"]
    ] as const) {
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(JSON.stringify(exit.cause)).toContain(`"list":"${list}"`)
    }
    const allowed = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const result = yield* host.launch(
          launchRequest({ appName: STAND_IN_NAME, allow: ["piab-standin"], deny: ["slack"] })
        )
        yield* host.cleanup({ _tag: "all" }, 5_000)
        return result.launch
      })
    )
    await expectGone(allowed)
  })

  it("closing the layer's scope (pi quit) cleans every live launch", async () => {
    const records = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const a = yield* host.launch(launchRequest({ appName: STAND_IN_NAME, handoff: "connect" }))
        const b = yield* host.launch(launchRequest({ executablePath: standIn.executablePath }))
        return [a.launch, b.launch]
      })
    )
    for (const record of records) await expectGone(record)
  })

  it("reload: a released launch survives the old scope and is restored as owned; foreign and dead records are stale, never signalled", async () => {
    const released = await run(
      Effect.gen(function* () {
        const host = yield* ElectronHost
        const { launch } = yield* host.launch(launchRequest({ appName: STAND_IN_NAME }))
        yield* host.release([launch.launchId])
        return launch
      })
    )
    expect(await pidAlive(released.pid)).toBe(true)
    // A live process that is not ours (a plain sleep in its own group) and a pid that no longer exists.
    const foreign = spawn("sleep", ["30"], { detached: true, stdio: "ignore" })
    const foreignPid = foreign.pid ?? -1
    try {
      const foreignRecord = { ...released, launchId: "electron-foreign", pid: foreignPid, pgid: foreignPid }
      const deadRecord = { ...released, launchId: "electron-dead", pid: 2 ** 22 + 7, pgid: 2 ** 22 + 7 }
      const { report, again, cleanup } = await run(
        Effect.gen(function* () {
          const host = yield* ElectronHost
          const report = yield* host.restore([released, foreignRecord, deadRecord, { not: "a record" }])
          const again = yield* host.restore([released])
          const cleanup = yield* Effect.either(host.cleanup({ _tag: "all" }, 3_000))
          return { report, again, cleanup }
        })
      )
      expect(report.restored).toEqual([released.launchId])
      expect(report.stale).toEqual([
        { launchId: "electron-foreign", pidAlive: true },
        { launchId: "electron-dead", pidAlive: false }
      ])
      expect(report.ignored).toBe(1)
      expect(again).toEqual({ restored: [], stale: [], ignored: 0 })
      // The foreign record keeps cleanup partial: its process is reported, not signalled.
      expect(Either.isLeft(cleanup) && cleanup.left._tag).toBe("CleanupFailed")
      expect(await pidAlive(foreignPid)).toBe(true)
      await expectGone(released)
    } finally {
      foreign.kill("SIGKILL")
    }
  })
})
