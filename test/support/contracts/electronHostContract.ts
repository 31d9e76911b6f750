/**
 * The ElectronHost contract, run against the in-memory FakeElectronHost (test/unit/fakeElectronHost.test.ts) and
 * ElectronHostLive over the Chromium stand-in (test/integration/electronHost.test.ts), so the fake the program's unit
 * tests use cannot drift from the live host. Only one case launches anything.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { LaunchRequest } from "../../../src/schema/ElectronInput.js"
import type { ElectronLaunchRecord } from "../../../src/schema/ElectronRecord.js"
import { ElectronHost } from "../../../src/services/ElectronHost.js"

export interface ElectronHostSubject {
  /** A fresh host (its scope closes with the test: every launch it still owns is cleaned). */
  readonly layer: () => Layer.Layer<ElectronHost>
  /** The app the host can discover and launch. */
  readonly app: () => { readonly name: string; readonly query: string; readonly executablePath: string }
}

const request = (name: string, over: Partial<LaunchRequest> = {}): LaunchRequest => ({
  target: { _tag: "appName", value: name },
  appArgs: [],
  handoff: "snapshot",
  targetType: "page",
  timeoutMs: 15_000,
  ...over
})

/** A record of a launch whose process is long gone (a pid above the kernel's maximum). */
const deadRecord = (executablePath: string): ElectronLaunchRecord => ({
  version: 1,
  launchId: "electron-contract-dead",
  launchedByWrapper: true,
  appName: "Gone",
  executablePath,
  appPath: "/opt/Gone",
  userDataDir: "/tmp/pi-agent-browser-electron-contract/electron-dead/profile",
  port: 9,
  pid: 2 ** 22 + 7,
  pgid: 2 ** 22 + 7,
  webSocketDebuggerUrl: "ws://127.0.0.1:9/devtools/browser/gone",
  targetType: "page",
  createdAtMs: 1_770_000_000_000,
  cleanupState: "active"
})

export const electronHostContract = (label: string, subject: ElectronHostSubject) =>
  describe(`ElectronHost contract: ${label}`, () => {
    const provide = <A, E>(program: Effect.Effect<A, E, ElectronHost>) => Effect.provide(program, subject.layer())

    it.live("list finds the app by query; a query that matches nothing lists nothing", () =>
      provide(
        Effect.gen(function* () {
          const host = yield* ElectronHost
          const found = yield* host.list(subject.app().query, 20)
          expect(found.apps.map((a) => a.name)).toEqual([subject.app().name])
          expect(found.apps[0]?.executablePath).toBe(subject.app().executablePath)
          expect((yield* host.list("no-such-app-anywhere", 20)).apps).toEqual([])
        })
      )
    )

    it.live(
      "a launch is tracked active with a connect target; status, probe and attach follow it; cleanup ends it",
      () =>
        provide(
          Effect.gen(function* () {
            const host = yield* ElectronHost
            const { connect, launch } = yield* host.launch(request(subject.app().name))
            expect(launch).toMatchObject({
              appName: subject.app().name,
              executablePath: subject.app().executablePath,
              cleanupState: "active",
              launchedByWrapper: true
            })
            expect(connect.argument).not.toBe("")
            expect((yield* host.status({ _tag: "default" })).statuses.map((s) => [s.launchId, s.pidAlive])).toEqual([
              [launch.launchId, true]
            ])
            expect(yield* host.probe(launch.launchId)).toMatchObject({
              launchId: launch.launchId,
              pidAlive: true,
              portAlive: true
            })
            expect((yield* host.attachSession(launch.launchId, "contract-session")).sessionName).toBe(
              "contract-session"
            )
            expect((yield* host.records)[0]).toMatchObject({
              launchId: launch.launchId,
              sessionName: "contract-session"
            })
            const report = yield* host.cleanup({ _tag: "one", launchId: launch.launchId }, 5_000)
            expect(report.partial).toBe(false)
            expect(report.results.map((r) => [r.launchId, r.status])).toEqual([[launch.launchId, "cleaned"]])
            expect(report.records[0]?.cleanupState).toBe("cleaned")
            expect((yield* host.probe(launch.launchId)).pidAlive).toBe(false)
          })
        )
    )

    it.live("refusals are typed and launch nothing: no such app, deny and allow lists", () =>
      provide(
        Effect.gen(function* () {
          const host = yield* ElectronHost
          expect((yield* Effect.flip(host.launch(request("No Such App Anywhere"))))._tag).toBe("InvalidInput")
          expect(
            (yield* Effect.flip(host.launch(request(subject.app().name, { deny: [subject.app().name.toLowerCase()] }))))
              ._tag
          ).toBe("PolicyBlocked")
          expect(
            (yield* Effect.flip(host.launch(request(subject.app().name, { allow: ["some other app"] }))))._tag
          ).toBe("PolicyBlocked")
          expect(yield* host.records).toEqual([])
          expect(yield* host.status({ _tag: "default" })).toEqual({ launches: [], statuses: [] })
        })
      )
    )

    it.live(
      "an unknown launch id is InvalidInput for probe, attach and cleanup; cleanup all of nothing is an empty report",
      () =>
        provide(
          Effect.gen(function* () {
            const host = yield* ElectronHost
            expect((yield* Effect.flip(host.probe("electron-unknown")))._tag).toBe("InvalidInput")
            expect((yield* Effect.flip(host.attachSession("electron-unknown", "s")))._tag).toBe("InvalidInput")
            expect((yield* Effect.flip(host.cleanup({ _tag: "one", launchId: "electron-unknown" }, 1_000)))._tag).toBe(
              "InvalidInput"
            )
            expect(yield* host.cleanup({ _tag: "all" }, 1_000)).toMatchObject({ partial: false, results: [] })
          })
        )
    )

    it.live("restore ignores entries that are not records and reports a dead launch stale, never restored", () =>
      provide(
        Effect.gen(function* () {
          const host = yield* ElectronHost
          const report = yield* host.restore([{ not: "a record" }, deadRecord(subject.app().executablePath)])
          expect(report).toEqual({
            restored: [],
            stale: [{ launchId: "electron-contract-dead", pidAlive: false }],
            ignored: 1
          })
        })
      )
    )
  })
