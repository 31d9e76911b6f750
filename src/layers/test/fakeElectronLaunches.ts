/**
 * The scripted launches behind FakeElectronHost: its in-memory state, and what launch, status and cleanup do to it.
 * No process, port or folder is touched.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Ref from "effect/Ref"
import { checkLaunchPolicy } from "../../electron/launchPolicy.js"
import type { LaunchRequest, LaunchSelector } from "../../schema/ElectronInput.js"
import type { CdpTarget, ElectronApp, ElectronLaunchRecord, ElectronLaunchStatus } from "../../schema/ElectronRecord.js"
import {
  CleanupFailed,
  InvalidInput,
  type PolicyBlocked,
  type TimedOut,
  type UpstreamFailed
} from "../../schema/ToolError.js"
import { matchesTargetType } from "../electronHost/cdp.js"
import { matchApps } from "../electronHost/discoverApps.js"

export interface ElectronHostScript {
  readonly apps?: ReadonlyArray<ElectronApp>
  /** Outcomes of successive launches; a launch beyond the list succeeds. */
  readonly launches?: ReadonlyArray<
    | { readonly fail: TimedOut | UpstreamFailed | InvalidInput | PolicyBlocked }
    | { readonly targets: ReadonlyArray<CdpTarget> }
  >
}

export interface State {
  readonly records: ReadonlyMap<string, ElectronLaunchRecord>
  readonly dead: ReadonlySet<string>
  readonly failCleanup: ReadonlySet<string>
  readonly requests: ReadonlyArray<LaunchRequest>
}

export const unknown = (launchId: string) =>
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

export const put = (state: Ref.Ref<State>, record: ElectronLaunchRecord) =>
  Ref.update(state, (s) => ({ ...s, records: new Map(s.records).set(record.launchId, record) }))

export const select = (
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

export const statusOf = (r: ElectronLaunchRecord, s: State): ElectronLaunchStatus => {
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

/** The next scripted launch: its failure, or a record with the scripted (or one page) target. */
export const fakeLaunch = (
  state: Ref.Ref<State>,
  script: ElectronHostScript,
  apps: ReadonlyArray<ElectronApp>,
  request: LaunchRequest
) =>
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
    yield* put(state, launch)
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
    const chosen = targets.find((t) => matchesTargetType(t, request.targetType) && t.webSocketDebuggerUrl !== undefined)
    return {
      launch,
      targets,
      elapsedMs: 1,
      connect:
        chosen?.webSocketDebuggerUrl !== undefined
          ? { argument: chosen.webSocketDebuggerUrl, via: "target" as const, targetId: chosen.id }
          : { argument: String(port), via: "port" as const }
    }
  })

/** Cleans the selected launches; one scripted to fail stays partial (and the cleanup fails, naming it). */
export const fakeCleanup = (state: Ref.Ref<State>, selector: LaunchSelector) =>
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
  })
