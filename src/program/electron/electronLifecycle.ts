/**
 * Electron launches across pi lifecycle events. Records persist in each electron result's `details.electron`; the
 * branch reader collects them (newest state per launch id). Restore adopts them (the host reports the ones it cannot
 * prove are its own as stale and never signals them). Before a reload, launches the active branch shows as active
 * are handed on (`release`: the next instance restores them); every other launch this runtime owns is cleaned now.
 * Quit needs nothing here: disposing the runtime closes the host's scope, which cleans every launch it still owns.
 */
import * as Effect from "effect/Effect"
import { DEFAULT_CLEANUP_TIMEOUT_MS } from "../../schema/ElectronInput.js"
import { ElectronHost } from "../../services/ElectronHost.js"

interface BranchEntry {
  readonly type?: string
  readonly message?: { readonly role?: string; readonly toolName?: string; readonly details?: unknown }
}

const recordsIn = (electron: unknown): ReadonlyArray<Record<string, unknown>> => {
  if (electron === null || typeof electron !== "object") return []
  const e = electron as { launch?: unknown; launches?: unknown; cleanup?: { records?: unknown } }
  const all = [
    e.launch,
    ...(Array.isArray(e.launches) ? e.launches : []),
    ...(Array.isArray(e.cleanup?.records) ? e.cleanup.records : [])
  ]
  return all.filter(
    (r): r is Record<string, unknown> =>
      r !== null && typeof r === "object" && typeof (r as { launchId?: unknown }).launchId === "string"
  )
}

/** Every launch record on the branch, newest state per launch id (raw: the host decodes and judges them). */
export const electronRecordsFromBranch = (entries: ReadonlyArray<unknown>): ReadonlyArray<Record<string, unknown>> => {
  const byId = new Map<string, Record<string, unknown>>()
  for (const entry of entries as ReadonlyArray<BranchEntry>) {
    const message = entry?.message
    if (entry?.type !== "message" || message?.role !== "toolResult" || message.toolName !== "agent_browser") continue
    for (const record of recordsIn((message.details as { electron?: unknown } | undefined)?.electron)) {
      byId.delete(String(record["launchId"]))
      byId.set(String(record["launchId"]), record)
    }
  }
  return [...byId.values()]
}

export const restoreElectronLaunches = Effect.fn("Electron.restore")(function* (records: ReadonlyArray<unknown>) {
  const host = yield* ElectronHost
  return yield* host.restore(records)
})

/** Reload: keep the branch's active launches for the next instance, clean the rest this runtime owns. */
export const handOverElectronLaunches = Effect.fn("Electron.handOver")(function* (
  branchRecords: ReadonlyArray<Record<string, unknown>>
) {
  const host = yield* ElectronHost
  const visible = new Set(branchRecords.filter((r) => r["cleanupState"] === "active").map((r) => String(r["launchId"])))
  const offBranch = (yield* host.records).filter((r) => !visible.has(r.launchId) && r.cleanupState !== "cleaned")
  const cleaned = []
  for (const record of offBranch) {
    cleaned.push(
      yield* host.cleanup({ _tag: "one", launchId: record.launchId }, DEFAULT_CLEANUP_TIMEOUT_MS).pipe(
        Effect.map((report) => ({ launchId: record.launchId, partial: report.partial })),
        Effect.tapErrorCause((cause) =>
          Effect.logWarning("Electron cleanup of an off-branch launch did not finish", cause)
        ),
        Effect.orElseSucceed(() => ({ launchId: record.launchId, partial: true }))
      )
    )
  }
  yield* host.release([...visible])
  return { kept: [...visible], cleaned }
})
