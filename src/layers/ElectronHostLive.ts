/**
 * ElectronHostLive: discovery on the real file system, launches as detached process groups, and the launch table in
 * a Ref (replaced whole). Cleanups run one at a time (a semaphore), so two calls never signal the same group or
 * remove the same folder concurrently. The scope's finalizer cleans every launch this instance owns.
 */
import { randomBytes } from "node:crypto"
import { homedir } from "node:os"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { thisMachineFolders } from "../config/machineFolders.js"
import { checkLaunchPolicy } from "../electron/launchPolicy.js"
import { DEFAULT_CLEANUP_TIMEOUT_MS, type LaunchRequest } from "../schema/ElectronInput.js"
import { ElectronHost, type ElectronHostShape } from "../services/ElectronHost.js"
import { OsProcesses } from "../services/OsProcesses.js"
import { ToolConfig } from "../services/ToolConfig.js"
import { cleanEntries, cleanupSelected } from "./electronHost/cleanupEntries.js"
import type { DiscoveryEnvironment } from "./electronHost/discoverApps.js"
import { listApps } from "./electronHost/discoverApps.js"
import { probeOf, statusOf } from "./electronHost/inspectLaunch.js"
import { launchApp } from "./electronHost/launchApp.js"
import { type HostState, isOpen, put, type Table, unknownLaunch } from "./electronHost/launchTable.js"
import { resolveLaunchTarget } from "./electronHost/resolveTarget.js"
import { restoreLaunches } from "./electronHost/restoreLaunches.js"

export interface ElectronHostOptions extends DiscoveryEnvironment {
  /** Where launch folders (profile + log) are created; private to this user. */
  readonly privateRoot: string
}

/** Resolves the target, checks the launch policy, launches and records the launch as owned. */
const launchWith = (host: HostState, options: ElectronHostOptions, request: LaunchRequest) =>
  Effect.gen(function* () {
    const app = yield* resolveLaunchTarget(request.target, options)
    yield* checkLaunchPolicy(app, request.allow, request.deny)
    const result = yield* launchApp(app, request, {
      privateRoot: options.privateRoot,
      env: options.env,
      os: host.os,
      newLaunchId: () => `electron-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`
    })
    yield* put(host.table, result.launch, "owned")
    return result
  })

const serviceOf = (host: HostState, options: ElectronHostOptions): ElectronHostShape => ({
  list: (query, maxResults) =>
    Effect.sync(() => listApps(options, query, maxResults)).pipe(Effect.withSpan("ElectronHost.list")),
  launch: (request) => launchWith(host, options, request).pipe(Effect.withSpan("ElectronHost.launch")),
  status: (selector) => statusOf(host, selector).pipe(Effect.withSpan("ElectronHost.status")),
  probe: (launchId, targetType) => probeOf(host, launchId, targetType).pipe(Effect.withSpan("ElectronHost.probe")),
  cleanup: (selector, timeoutMs) =>
    cleanupSelected(host, selector, timeoutMs).pipe(Effect.withSpan("ElectronHost.cleanup")),
  attachSession: (launchId, sessionName) =>
    Effect.flatMap(Ref.get(host.table), (t) => {
      const entry = t.get(launchId)
      if (entry === undefined) return Effect.fail(unknownLaunch(launchId))
      const record = { ...entry.record, sessionName }
      return Effect.as(put(host.table, record, entry.ownership), record)
    }),
  records: Effect.map(Ref.get(host.table), (t) => [...t.values()].reverse().map((e) => e.record)),
  restore: (raw) => restoreLaunches(host, raw).pipe(Effect.withSpan("ElectronHost.restore")),
  release: (launchIds) =>
    Ref.update(host.table, (t) => {
      const next = new Map(t)
      for (const id of launchIds) next.delete(id)
      return next
    }),
  cleanupAll: (timeoutMs) =>
    Effect.flatMap(Ref.get(host.table), (t) =>
      cleanEntries(
        host,
        [...t.values()].filter((e) => isOpen(e) && (e.ownership === "owned" || e.ownership === "restored")),
        timeoutMs
      )
    )
})

export const makeElectronHost = (options: ElectronHostOptions) =>
  Effect.gen(function* () {
    const host: HostState = {
      os: yield* OsProcesses,
      table: yield* Ref.make<Table>(new Map()),
      cleanupLock: yield* Effect.makeSemaphore(1),
      privateRoot: options.privateRoot
    }
    const service = serviceOf(host, options)
    // pi quit (runtime disposal): nothing this instance owns outlives it, unless handed on by `release`.
    yield* Effect.addFinalizer(() =>
      service.cleanupAll(DEFAULT_CLEANUP_TIMEOUT_MS).pipe(
        Effect.tap((report) =>
          report.partial ? Effect.logWarning("electron cleanup at shutdown was partial", report.results) : Effect.void
        ),
        Effect.catchAllCause((cause) => Effect.logWarning("electron cleanup at shutdown failed", cause))
      )
    )
    return ElectronHost.of(service)
  })

/** A live layer with explicit options (tests: a temporary XDG_DATA_HOME, `/opt` stand-in, private root). */
export const ElectronHostLiveWith = (options: ElectronHostOptions): Layer.Layer<ElectronHost, never, OsProcesses> =>
  Layer.scoped(ElectronHost, makeElectronHost(options))

/**
 * The production layer: this process's platform, ToolConfig's environment, `config/machineFolders.ts`'s Electron root.
 */
export const ElectronHostLive: Layer.Layer<ElectronHost, never, ToolConfig | OsProcesses> = Layer.scoped(
  ElectronHost,
  Effect.flatMap(ToolConfig, (config) =>
    makeElectronHost({
      platform: process.platform,
      env: config.env,
      home: config.env["HOME"] ?? homedir(),
      privateRoot: thisMachineFolders().electronRoot
    })
  )
)
