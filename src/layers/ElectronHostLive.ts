/**
 * ElectronHostLive: discovery on the real file system, launches as detached process groups, and the launch table in
 * a Ref (replaced whole). Cleanups run one at a time (a semaphore), so two calls never signal the same group or
 * remove the same folder concurrently. The scope's finalizer cleans every launch this instance owns.
 */
import { randomBytes } from "node:crypto"
import { homedir } from "node:os"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import type { DiscoveryEnvironment } from "./electronHost/discoverApps.js"
import { listApps } from "./electronHost/discoverApps.js"
import { cdpTargets, MAX_TARGETS, matchesTargetType, portListening } from "./electronHost/cdp.js"
import { cleanupLaunch } from "./electronHost/cleanupLaunch.js"
import { thisMachineFolders } from "../config/machineFolders.js"
import { checkLaunchPolicy } from "../electron/launchPolicy.js"
import { launchApp } from "./electronHost/launchApp.js"
import { isOurLaunch } from "./electronHost/processGroup.js"
import { resolveLaunchTarget } from "./electronHost/resolveTarget.js"
import { DEFAULT_CLEANUP_TIMEOUT_MS, type ElectronTargetType, type LaunchSelector } from "../schema/ElectronInput.js"
import {
  type ElectronCleanupReport,
  ElectronLaunchRecord,
  type ElectronLaunchStatus,
  type LaunchOwnership
} from "../schema/ElectronRecord.js"
import { CleanupFailed, InvalidInput } from "../schema/ToolError.js"
import { ElectronHost, type ElectronHostShape, type ElectronRestoreReport } from "../services/ElectronHost.js"
import { OsProcesses } from "../services/OsProcesses.js"
import { ToolConfig } from "../services/ToolConfig.js"

/** Budget per CDP HTTP probe in status/probe (the contract's fixed 1000 ms). */
const STATUS_FETCH_TIMEOUT_MS = 1_000

export interface ElectronHostOptions extends DiscoveryEnvironment {
  /** Where launch folders (profile + log) are created; private to this user. */
  readonly privateRoot: string
}

interface Entry {
  readonly record: ElectronLaunchRecord
  readonly ownership: LaunchOwnership
}

type Table = ReadonlyMap<string, Entry>

const open = (e: Entry) =>
  e.record.cleanupState === "active" || e.record.cleanupState === "partial" || e.record.cleanupState === "dead"

const unknownLaunch = (launchId: string) =>
  new InvalidInput({
    field: "electron.launchId",
    detail: `electron.launchId: no wrapper launch "${launchId}"; run electron status with all: true`
  })

export const makeElectronHost = (options: ElectronHostOptions) =>
  Effect.gen(function* () {
    const os = yield* OsProcesses
    const table = yield* Ref.make<Table>(new Map())
    const cleanupLock = yield* Effect.makeSemaphore(1)

    const put = (record: ElectronLaunchRecord, ownership: LaunchOwnership) =>
      Ref.update(table, (t) => new Map(t).set(record.launchId, { record, ownership }))

    const select = (selector: LaunchSelector, eligible: (e: Entry) => boolean) =>
      Effect.flatMap(Ref.get(table), (t): Effect.Effect<ReadonlyArray<Entry>, InvalidInput> => {
        const all = [...t.values()].reverse()
        switch (selector._tag) {
          case "one": {
            const entry = t.get(selector.launchId)
            return entry === undefined ? Effect.fail(unknownLaunch(selector.launchId)) : Effect.succeed([entry])
          }
          case "all":
            return Effect.succeed(all.filter(eligible))
          case "default": {
            const candidates = all.filter(eligible)
            return candidates.length <= 1
              ? Effect.succeed(candidates)
              : Effect.fail(
                  new InvalidInput({
                    field: "electron.launchId",
                    detail:
                      `electron: ${candidates.length} launches are open ` +
                      `(${candidates.map((e) => e.record.launchId).join(", ")}); pass launchId or all: true`
                  })
                )
          }
        }
      })

    const inspect = (entry: Entry, targetType: ElectronTargetType) =>
      Effect.gen(function* (): Effect.fn.Return<ElectronLaunchStatus> {
        const { record } = entry
        const checked = yield* Effect.either(os.isAlive({ pid: record.pid }))
        const alive = checked._tag === "Right" && checked.right
        const listening = yield* portListening(record.port, STATUS_FETCH_TIMEOUT_MS)
        const targets = listening
          ? yield* Effect.orElseSucceed(cdpTargets(record.port, STATUS_FETCH_TIMEOUT_MS), () => undefined)
          : undefined
        const matching = (targets ?? []).filter((t) => matchesTargetType(t, targetType))
        // judged on the facts the status reports: no process and no CDP answer (a killed browser's socket can still
        // accept connections a moment after its processes are gone)
        const dead = checked._tag === "Right" && !alive && targets === undefined && record.cleanupState === "active"
        if (dead) yield* put({ ...record, cleanupState: "dead" }, entry.ownership)
        return {
          launchId: record.launchId,
          appName: record.appName,
          cleanupState: dead ? "dead" : record.cleanupState,
          ownership: entry.ownership,
          pid: record.pid,
          pidAlive: alive,
          ...(checked._tag === "Left" ? { pidUnchecked: checked.left.message } : {}),
          port: record.port,
          portAlive: targets !== undefined,
          targets: matching.slice(0, MAX_TARGETS),
          ...(matching.length > MAX_TARGETS ? { omittedTargets: matching.length - MAX_TARGETS } : {}),
          ...(record.sessionName !== undefined ? { sessionName: record.sessionName } : {})
        }
      })

    const cleanEntries = (entries: ReadonlyArray<Entry>, timeoutMs: number) =>
      cleanupLock.withPermits(1)(
        Effect.gen(function* () {
          const results = []
          const records = []
          for (const entry of entries) {
            const result = yield* cleanupLaunch(os, entry.record, entry.ownership, options.privateRoot, timeoutMs)
            const record: ElectronLaunchRecord = {
              ...entry.record,
              cleanupState: result.status === "cleaned" ? "cleaned" : "partial"
            }
            yield* put(record, entry.ownership)
            results.push(result)
            records.push(record)
          }
          const report: ElectronCleanupReport = {
            partial: results.some((r) => r.status === "partial"),
            records,
            results
          }
          return report
        })
      )

    const service: ElectronHostShape = {
      list: (query, maxResults) =>
        Effect.sync(() => listApps(options, query, maxResults)).pipe(Effect.withSpan("ElectronHost.list")),

      launch: (request) =>
        Effect.gen(function* () {
          const app = yield* resolveLaunchTarget(request.target, options)
          yield* checkLaunchPolicy(app, request.allow, request.deny)
          const result = yield* launchApp(app, request, {
            privateRoot: options.privateRoot,
            env: options.env,
            os,
            newLaunchId: () => `electron-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`
          })
          yield* put(result.launch, "owned")
          return result
        }).pipe(Effect.withSpan("ElectronHost.launch")),

      status: (selector) =>
        Effect.gen(function* () {
          const entries = yield* select(selector, (e) => selector._tag === "all" || open(e))
          const statuses = []
          for (const entry of entries) statuses.push(yield* inspect(entry, "any"))
          const current = yield* Ref.get(table)
          const launches = entries.map((e) => current.get(e.record.launchId)?.record ?? e.record)
          return { launches, statuses }
        }).pipe(Effect.withSpan("ElectronHost.status")),

      probe: (launchId, targetType) =>
        Effect.flatMap(Ref.get(table), (t) => {
          const entry = t.get(launchId)
          return entry === undefined
            ? Effect.fail(unknownLaunch(launchId))
            : inspect(entry, targetType ?? entry.record.targetType)
        }).pipe(Effect.withSpan("ElectronHost.probe")),

      cleanup: (selector, timeoutMs) =>
        Effect.gen(function* () {
          const entries = yield* select(selector, (e) => open(e) && e.ownership !== "released")
          const report = yield* cleanEntries(entries, timeoutMs)
          if (report.partial) {
            const left = report.results.filter((r) => r.status === "partial").map((r) => r.launchId)
            return yield* new CleanupFailed({
              resource: "electron-launch",
              detail: `electron cleanup partial for ${left.join(", ")}`,
              electronCleanup: report
            })
          }
          return report
        }).pipe(Effect.withSpan("ElectronHost.cleanup")),

      attachSession: (launchId, sessionName) =>
        Effect.flatMap(Ref.get(table), (t) => {
          const entry = t.get(launchId)
          if (entry === undefined) return Effect.fail(unknownLaunch(launchId))
          const record = { ...entry.record, sessionName }
          return Effect.as(put(record, entry.ownership), record)
        }),

      records: Effect.map(Ref.get(table), (t) => [...t.values()].reverse().map((e) => e.record)),

      restore: (raw) =>
        Effect.gen(function* () {
          const report = {
            restored: [] as Array<string>,
            stale: [] as Array<{ launchId: string; pidAlive: boolean }>,
            ignored: 0
          }
          for (const item of raw) {
            const decoded = Schema.decodeUnknownEither(ElectronLaunchRecord)(item)
            if (Either.isLeft(decoded) || decoded.right.cleanupState === "cleaned") {
              report.ignored++
              continue
            }
            const record = decoded.right
            const known = (yield* Ref.get(table)).get(record.launchId)
            // idempotent: session_start may fire twice
            if (known !== undefined && known.ownership !== "released") continue
            // a table that cannot be read proves nothing: the record is stale (never signalled), said in the log
            const ours = yield* isOurLaunch(os, record).pipe(
              Effect.catchTag("ProcessTableUnavailable", (error) =>
                Effect.as(
                  Effect.logWarning(`electron launch ${record.launchId} restored as stale: not checked`, error),
                  false
                )
              )
            )
            if (ours) {
              yield* put(record, "restored")
              report.restored.push(record.launchId)
            } else {
              const alive = yield* os.isAlive({ pid: record.pid }).pipe(Effect.orElseSucceed(() => false))
              yield* put(
                { ...record, cleanupState: record.cleanupState === "active" ? "dead" : record.cleanupState },
                "stale"
              )
              report.stale.push({ launchId: record.launchId, pidAlive: alive })
            }
          }
          return report as ElectronRestoreReport
        }).pipe(Effect.withSpan("ElectronHost.restore")),

      release: (launchIds) =>
        Ref.update(table, (t) => {
          const next = new Map(t)
          for (const id of launchIds) next.delete(id)
          return next
        }),

      cleanupAll: (timeoutMs) =>
        Effect.flatMap(Ref.get(table), (t) =>
          cleanEntries(
            [...t.values()].filter((e) => open(e) && (e.ownership === "owned" || e.ownership === "restored")),
            timeoutMs
          )
        )
    }

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
