/**
 * The Electron launch table of one ElectronHostLive instance: launch id → its record and who owns it, in a `Ref`
 * replaced whole; selecting launches for status and cleanup.
 */
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import type { LaunchSelector } from "../../schema/ElectronInput.js"
import type { ElectronLaunchRecord, LaunchOwnership } from "../../schema/ElectronRecord.js"
import { InvalidInput } from "../../schema/ToolError.js"
import type { OsProcessesShape } from "../../services/OsProcesses.js"

export interface Entry {
  readonly record: ElectronLaunchRecord
  readonly ownership: LaunchOwnership
}

export type Table = ReadonlyMap<string, Entry>

/** What the host's operations share: the process table, the launch table, the cleanup semaphore, its folders. */
export interface HostState {
  readonly os: OsProcessesShape
  readonly table: Ref.Ref<Table>
  /** Cleanups run one at a time, so two calls never signal the same group or remove the same folder together. */
  readonly cleanupLock: Effect.Semaphore
  /** Where launch folders (profile + log) are created; private to this user. */
  readonly privateRoot: string
}

/** A launch that may still hold processes or folders. */
export const isOpen = (e: Entry) =>
  e.record.cleanupState === "active" || e.record.cleanupState === "partial" || e.record.cleanupState === "dead"

export const unknownLaunch = (launchId: string) =>
  new InvalidInput({
    field: "electron.launchId",
    detail: `electron.launchId: no wrapper launch "${launchId}"; run electron status with all: true`
  })

export const put = (table: Ref.Ref<Table>, record: ElectronLaunchRecord, ownership: LaunchOwnership) =>
  Ref.update(table, (t) => new Map(t).set(record.launchId, { record, ownership }))

/** The entries a selector names, newest first; the default selector refuses to choose among several open ones. */
export const select = (table: Ref.Ref<Table>, selector: LaunchSelector, eligible: (e: Entry) => boolean) =>
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
