/** Cleaning launches from the table one batch at a time (the host's semaphore), each record updated as it goes. */
import * as Effect from "effect/Effect"
import type { LaunchSelector } from "../../schema/ElectronInput.js"
import type { ElectronCleanupReport, ElectronLaunchRecord } from "../../schema/ElectronRecord.js"
import { CleanupFailed } from "../../schema/ToolError.js"
import { cleanupLaunch } from "./cleanupLaunch.js"
import { type Entry, type HostState, isOpen, put, select } from "./launchTable.js"

export const cleanEntries = (host: HostState, entries: ReadonlyArray<Entry>, timeoutMs: number) =>
  host.cleanupLock.withPermits(1)(
    Effect.gen(function* () {
      const results = []
      const records = []
      for (const entry of entries) {
        const result = yield* cleanupLaunch(host.os, entry.record, entry.ownership, host.privateRoot, timeoutMs)
        const record: ElectronLaunchRecord = {
          ...entry.record,
          cleanupState: result.status === "cleaned" ? "cleaned" : "partial"
        }
        yield* put(host.table, record, entry.ownership)
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

/** Cleans the selected open launches this process has not released; a partial cleanup fails naming what is left. */
export const cleanupSelected = (host: HostState, selector: LaunchSelector, timeoutMs: number) =>
  Effect.gen(function* () {
    const entries = yield* select(host.table, selector, (e) => isOpen(e) && e.ownership !== "released")
    const report = yield* cleanEntries(host, entries, timeoutMs)
    if (report.partial) {
      const left = report.results.filter((r) => r.status === "partial").map((r) => r.launchId)
      return yield* new CleanupFailed({
        resource: "electron-launch",
        detail: `electron cleanup partial for ${left.join(", ")}`,
        electronCleanup: report
      })
    }
    return report
  })
