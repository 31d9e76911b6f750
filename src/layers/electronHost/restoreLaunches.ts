/**
 * Restoring the launch table from a pi branch: a record whose process group is provably this wrapper's launch is
 * `restored` (it may be cleaned); any other is `stale` and never signalled.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { ElectronLaunchRecord } from "../../schema/ElectronRecord.js"
import type { ElectronRestoreReport } from "../../services/ElectronHost.js"
import { type HostState, put } from "./launchTable.js"
import { isOurLaunch } from "./processGroup.js"

export const restoreLaunches = ({ os, table }: HostState, raw: ReadonlyArray<unknown>) =>
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
        yield* put(table, record, "restored")
        report.restored.push(record.launchId)
      } else {
        const alive = yield* os.isAlive({ pid: record.pid }).pipe(Effect.orElseSucceed(() => false))
        yield* put(
          table,
          { ...record, cleanupState: record.cleanupState === "active" ? "dead" : record.cleanupState },
          "stale"
        )
        report.stale.push({ launchId: record.launchId, pidAlive: alive })
      }
    }
    return report as ElectronRestoreReport
  })
