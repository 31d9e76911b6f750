/**
 * Status and probe of wrapper launches: whether the pid is alive, whether the CDP port answers and with which
 * targets. An active launch with neither is marked dead in the table.
 */
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import type { ElectronTargetType, LaunchSelector } from "../../schema/ElectronInput.js"
import type { ElectronLaunchStatus } from "../../schema/ElectronRecord.js"
import { cdpTargets, MAX_TARGETS, matchesTargetType, portListening } from "./cdp.js"
import { type Entry, type HostState, isOpen, put, select, unknownLaunch } from "./launchTable.js"

/** Budget per CDP HTTP probe in status/probe (the contract's fixed 1000 ms). */
const STATUS_FETCH_TIMEOUT_MS = 1_000

const inspect = (host: HostState, entry: Entry, targetType: ElectronTargetType) =>
  Effect.gen(function* (): Effect.fn.Return<ElectronLaunchStatus> {
    const { record } = entry
    const checked = yield* Effect.either(host.os.isAlive({ pid: record.pid }))
    const alive = checked._tag === "Right" && checked.right
    const listening = yield* portListening(record.port, STATUS_FETCH_TIMEOUT_MS)
    const targets = listening
      ? yield* Effect.orElseSucceed(cdpTargets(record.port, STATUS_FETCH_TIMEOUT_MS), () => undefined)
      : undefined
    const matching = (targets ?? []).filter((t) => matchesTargetType(t, targetType))
    // judged on the facts the status reports: no process and no CDP answer (a killed browser's socket can still
    // accept connections a moment after its processes are gone)
    const dead = checked._tag === "Right" && !alive && targets === undefined && record.cleanupState === "active"
    if (dead) yield* put(host.table, { ...record, cleanupState: "dead" }, entry.ownership)
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

/** The selected launches (open ones, or every one with `all`) and their status. */
export const statusOf = (host: HostState, selector: LaunchSelector) =>
  Effect.gen(function* () {
    const entries = yield* select(host.table, selector, (e) => selector._tag === "all" || isOpen(e))
    const statuses = []
    for (const entry of entries) statuses.push(yield* inspect(host, entry, "any"))
    const current = yield* Ref.get(host.table)
    const launches = entries.map((e) => current.get(e.record.launchId)?.record ?? e.record)
    return { launches, statuses }
  })

/** One launch's status, its targets filtered by `targetType` (default: the launch's own). */
export const probeOf = (host: HostState, launchId: string, targetType: ElectronTargetType | undefined) =>
  Effect.flatMap(Ref.get(host.table), (t) => {
    const entry = t.get(launchId)
    return entry === undefined
      ? Effect.fail(unknownLaunch(launchId))
      : inspect(host, entry, targetType ?? entry.record.targetType)
  })
