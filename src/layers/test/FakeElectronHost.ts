/**
 * FakeElectronHost: an in-memory ElectronHost with scripted apps and launch outcomes, for fast tests of the tool
 * program. No process, port or folder is touched. `FakeElectronHost.layer(script)` provides the host and the
 * `FakeElectronHost` driver, with which a test kills a launch, scripts a partial cleanup and reads the launch requests.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import type { LaunchRequest } from "../../schema/ElectronInput.js"
import { type ElectronApp, ElectronLaunchRecord } from "../../schema/ElectronRecord.js"
import { ElectronHost, type ElectronHostShape } from "../../services/ElectronHost.js"
import { matchApps } from "../electronHost/discoverApps.js"
import {
  type ElectronHostScript,
  fakeCleanup,
  fakeLaunch,
  put,
  type State,
  select,
  statusOf,
  unknown
} from "./fakeElectronLaunches.js"

export type { ElectronHostScript } from "./fakeElectronLaunches.js"

export interface FakeElectronHostShape {
  /** The launch requests the host received, in order. */
  readonly requests: Effect.Effect<ReadonlyArray<LaunchRequest>>
  /** The app's process and port die (as if it crashed or was killed outside the wrapper). */
  readonly kill: (launchId: string) => Effect.Effect<void>
  /** The next cleanup of this launch leaves its process running (partial). */
  readonly failNextCleanup: (launchId: string) => Effect.Effect<void>
}

export class FakeElectronHost extends Context.Tag("pi-agent-browser-effect/FakeElectronHost")<
  FakeElectronHost,
  FakeElectronHostShape
>() {
  /** ElectronHost and its driver over one scripted in-memory state. */
  static layer(script: ElectronHostScript = {}): Layer.Layer<ElectronHost | FakeElectronHost> {
    return Layer.effectContext(
      Effect.map(makeFakeElectronHost(script), ({ driver, service }) =>
        Context.make(ElectronHost, service).pipe(Context.add(FakeElectronHost, driver))
      )
    )
  }
}

export const defaultTestApp: ElectronApp = {
  platform: "linux",
  name: "Test App",
  desktopId: "test-app.desktop",
  appPath: "/opt/Test App",
  executablePath: "/opt/Test App/test-app",
  evidence: "app.asar",
  packageSource: "desktop-file"
}

const makeFakeElectronHost = (script: ElectronHostScript = {}) =>
  Effect.gen(function* () {
    const apps = script.apps ?? [defaultTestApp]
    const state = yield* Ref.make<State>({ records: new Map(), dead: new Set(), failCleanup: new Set(), requests: [] })

    const service: ElectronHostShape = {
      list: (query, maxResults) =>
        Effect.sync(() => {
          const matched = matchApps(apps, query)
          return {
            platform: "linux" as const,
            apps: matched.slice(0, maxResults),
            maxResults,
            skippedCount: 0,
            ...(query !== undefined ? { query } : {}),
            ...(matched.length > maxResults ? { omittedCount: matched.length - maxResults } : {})
          }
        }),
      launch: (request) => fakeLaunch(state, script, apps, request),
      status: (selector) =>
        Effect.flatMap(Ref.get(state), (s) =>
          Effect.map(select(selector, s), (records) => ({
            launches: records,
            statuses: records.map((r) => statusOf(r, s))
          }))
        ),
      probe: (launchId) =>
        Effect.flatMap(Ref.get(state), (s) => {
          const r = s.records.get(launchId)
          return r === undefined ? Effect.fail(unknown(launchId)) : Effect.succeed(statusOf(r, s))
        }),
      cleanup: (selector, _timeoutMs) => fakeCleanup(state, selector),
      attachSession: (launchId, sessionName) =>
        Effect.flatMap(Ref.get(state), (s) => {
          const r = s.records.get(launchId)
          return r === undefined
            ? Effect.fail(unknown(launchId))
            : Effect.as(put(state, { ...r, sessionName }), { ...r, sessionName })
        }),
      records: Effect.map(Ref.get(state), (s) => [...s.records.values()].reverse()),
      restore: (raw) =>
        Effect.gen(function* () {
          const decoded = raw
            .map((item) => Schema.decodeUnknownEither(ElectronLaunchRecord)(item))
            .filter(Either.isRight)
            .map((e) => e.right)
          const s = yield* Ref.get(state)
          const fresh = decoded.filter((r) => r.cleanupState !== "cleaned" && !s.records.has(r.launchId))
          for (const r of fresh) yield* put(state, { ...r, cleanupState: "dead" })
          return {
            restored: [],
            stale: fresh.map((r) => ({ launchId: r.launchId, pidAlive: false })),
            ignored: raw.length - decoded.length
          }
        }),
      release: (launchIds) =>
        Ref.update(state, (s) => ({
          ...s,
          records: new Map([...s.records].filter(([id]) => !launchIds.includes(id)))
        })),
      cleanupAll: (timeoutMs) =>
        Effect.orElseSucceed(service.cleanup({ _tag: "all" }, timeoutMs), () => ({
          partial: true,
          records: [],
          results: []
        }))
    }

    const driver: FakeElectronHostShape = {
      requests: Effect.map(Ref.get(state), (s) => s.requests),
      kill: (launchId) => Ref.update(state, (s) => ({ ...s, dead: new Set(s.dead).add(launchId) })),
      failNextCleanup: (launchId) =>
        Ref.update(state, (s) => ({ ...s, failCleanup: new Set(s.failCleanup).add(launchId) }))
    }
    return { service, driver }
  })
