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
import { checkLaunchPolicy } from "../../electron/launchPolicy.js"
import { matchApps } from "../electronHost/discoverApps.js"
import type { LaunchRequest, LaunchSelector } from "../../schema/ElectronInput.js"
import {
  type CdpTarget,
  type ElectronApp,
  ElectronLaunchRecord,
  type ElectronLaunchStatus
} from "../../schema/ElectronRecord.js"
import {
  CleanupFailed,
  InvalidInput,
  type PolicyBlocked,
  type TimedOut,
  type UpstreamFailed
} from "../../schema/ToolError.js"
import { ElectronHost, type ElectronHostShape } from "../../services/ElectronHost.js"
import { matchesTargetType } from "../electronHost/cdp.js"

export interface ElectronHostScript {
  readonly apps?: ReadonlyArray<ElectronApp>
  /** Outcomes of successive launches; a launch beyond the list succeeds. */
  readonly launches?: ReadonlyArray<
    | { readonly fail: TimedOut | UpstreamFailed | InvalidInput | PolicyBlocked }
    | { readonly targets: ReadonlyArray<CdpTarget> }
  >
}

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

interface State {
  readonly records: ReadonlyMap<string, ElectronLaunchRecord>
  readonly dead: ReadonlySet<string>
  readonly failCleanup: ReadonlySet<string>
  readonly requests: ReadonlyArray<LaunchRequest>
}

const unknown = (launchId: string) =>
  new InvalidInput({ field: "electron.launchId", detail: `electron.launchId: no wrapper launch "${launchId}"` })

const resolve = (
  apps: ReadonlyArray<ElectronApp>,
  request: LaunchRequest
): Either.Either<ElectronApp, InvalidInput> => {
  const { target } = request
  const found =
    target._tag === "appName"
      ? matchApps(apps, target.value)
      : apps.filter(
          (a) =>
            (target._tag === "bundleId"
              ? (a.bundleId ?? a.desktopId)
              : target._tag === "appPath"
                ? a.appPath
                : a.executablePath) === target.value
        )
  const [app] = found
  return app === undefined || found.length > 1
    ? Either.left(
        new InvalidInput({
          field: `electron.${target._tag}`,
          detail: `electron.${target._tag}: no single Electron app matches "${target.value}"`
        })
      )
    : Either.right(app)
}

const makeFakeElectronHost = (script: ElectronHostScript = {}) =>
  Effect.gen(function* () {
    const apps = script.apps ?? [defaultTestApp]
    const state = yield* Ref.make<State>({ records: new Map(), dead: new Set(), failCleanup: new Set(), requests: [] })
    const put = (record: ElectronLaunchRecord) =>
      Ref.update(state, (s) => ({ ...s, records: new Map(s.records).set(record.launchId, record) }))

    const select = (
      selector: LaunchSelector,
      s: State
    ): Either.Either<ReadonlyArray<ElectronLaunchRecord>, InvalidInput> => {
      const open = [...s.records.values()].filter((r) => r.cleanupState !== "cleaned")
      if (selector._tag === "one") {
        const r = s.records.get(selector.launchId)
        return r === undefined ? Either.left(unknown(selector.launchId)) : Either.right([r])
      }
      if (selector._tag === "all") return Either.right(open)
      return open.length > 1
        ? Either.left(
            new InvalidInput({
              field: "electron.launchId",
              detail: "electron: several launches are open; pass launchId or all: true"
            })
          )
        : Either.right(open)
    }

    const statusOf = (r: ElectronLaunchRecord, s: State): ElectronLaunchStatus => {
      const alive = !s.dead.has(r.launchId) && r.cleanupState !== "cleaned"
      return {
        launchId: r.launchId,
        appName: r.appName,
        cleanupState: alive || r.cleanupState === "cleaned" ? r.cleanupState : "dead",
        ownership: "owned",
        pid: r.pid,
        pidAlive: alive,
        port: r.port,
        portAlive: alive,
        targets: alive ? [{ id: "T1", type: "page", title: r.appName, url: "app://index" }] : [],
        ...(r.sessionName !== undefined ? { sessionName: r.sessionName } : {})
      }
    }

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
      launch: (request) =>
        Effect.gen(function* () {
          const s = yield* Ref.updateAndGet(state, (s) => ({ ...s, requests: [...s.requests, request] }))
          const n = s.requests.length
          const app = yield* resolve(apps, request)
          yield* checkLaunchPolicy(app, request.allow, request.deny)
          const outcome = script.launches?.[n - 1]
          if (outcome !== undefined && "fail" in outcome) return yield* Effect.fail(outcome.fail)
          const port = 40_000 + n
          const launch: ElectronLaunchRecord = {
            version: 1,
            launchId: `electron-test-${n}`,
            launchedByWrapper: true,
            appName: app.name,
            executablePath: app.executablePath,
            appPath: app.appPath,
            userDataDir: `/tmp/pi-agent-browser-electron-test/electron-${n}/profile`,
            port,
            pid: 10_000 + n,
            pgid: 10_000 + n,
            webSocketDebuggerUrl: `ws://127.0.0.1:${port}/devtools/browser/test-${n}`,
            targetType: request.targetType,
            createdAtMs: 1_770_000_000_000 + n,
            cleanupState: "active",
            ...(app.desktopId !== undefined ? { desktopId: app.desktopId } : {}),
            ...(app.bundleId !== undefined ? { bundleId: app.bundleId } : {})
          }
          yield* put(launch)
          const targets =
            outcome !== undefined && "targets" in outcome
              ? outcome.targets
              : [
                  {
                    id: "T1",
                    type: "page",
                    title: app.name,
                    url: "app://index",
                    webSocketDebuggerUrl: `ws://127.0.0.1:${port}/devtools/page/T1`
                  }
                ]
          const chosen = targets.find(
            (t) => matchesTargetType(t, request.targetType) && t.webSocketDebuggerUrl !== undefined
          )
          return {
            launch,
            targets,
            elapsedMs: 1,
            connect:
              chosen?.webSocketDebuggerUrl !== undefined
                ? { argument: chosen.webSocketDebuggerUrl, via: "target" as const, targetId: chosen.id }
                : { argument: String(port), via: "port" as const }
          }
        }),
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
      cleanup: (selector, _timeoutMs) =>
        Effect.gen(function* () {
          const s = yield* Ref.get(state)
          const selected = yield* select(selector, s)
          const results = selected.map((r) =>
            s.failCleanup.has(r.launchId)
              ? {
                  launchId: r.launchId,
                  status: "partial" as const,
                  steps: [
                    { step: "process" as const, status: "failed" as const, reason: "scripted" },
                    { step: "debug-port" as const, status: "failed" as const },
                    { step: "user-data-dir" as const, status: "skipped" as const }
                  ]
                }
              : {
                  launchId: r.launchId,
                  status: "cleaned" as const,
                  steps: [
                    { step: "process" as const, status: "ok" as const },
                    { step: "debug-port" as const, status: "ok" as const },
                    { step: "user-data-dir" as const, status: "ok" as const }
                  ]
                }
          )
          const records = selected.map((r, i) => ({
            ...r,
            cleanupState: results[i]?.status === "cleaned" ? ("cleaned" as const) : ("partial" as const)
          }))
          yield* Ref.update(state, (st) => ({
            ...st,
            failCleanup: new Set<string>(),
            records: new Map([...st.records, ...records.map((r) => [r.launchId, r] as const)])
          }))
          const report = { partial: results.some((r) => r.status === "partial"), records, results }
          if (report.partial)
            return yield* new CleanupFailed({
              resource: "electron-launch",
              detail: "electron cleanup partial",
              electronCleanup: report
            })
          return report
        }),
      attachSession: (launchId, sessionName) =>
        Effect.flatMap(Ref.get(state), (s) => {
          const r = s.records.get(launchId)
          return r === undefined
            ? Effect.fail(unknown(launchId))
            : Effect.as(put({ ...r, sessionName }), { ...r, sessionName })
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
          for (const r of fresh) yield* put({ ...r, cleanupState: "dead" })
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
