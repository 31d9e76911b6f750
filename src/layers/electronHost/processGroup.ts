/**
 * Process-group facts for wrapper-owned launches, read from `OsProcesses` (zombies count as gone; where the platform
 * has no groups, the leader's process tree stands for the group), and the ownership test for restored records: a
 * launch is ours only when its recorded group still runs a process whose command line carries the recorded
 * `--user-data-dir`.
 */
import * as Effect from "effect/Effect"
import { hasArgument } from "../../os/processFacts.js"
import type { OsProcessesShape } from "../../services/OsProcesses.js"
import { targetGone } from "../processTables/terminate.js"

/** No live member is left in the group. */
export const groupGone = (os: OsProcessesShape, pgid: number) => targetGone(os, { _tag: "Group", pgid })

/**
 * Whether the recorded launch still runs as the wrapper started it: some live member of the recorded group (the
 * recorded pid first) has the recorded user-data-dir on its command line. A reused pid fails this test.
 */
export const isOurLaunch = (
  os: OsProcessesShape,
  record: { readonly pid: number; readonly pgid: number; readonly userDataDir: string }
) =>
  Effect.gen(function* () {
    const marker = `--user-data-dir=${record.userDataDir}`
    const leader = yield* os.stat(record.pid)
    const members = yield* os.groupMembers(record.pgid)
    const inGroup = (pgid: number | undefined) => !os.facts.groups || pgid === record.pgid
    return [leader, ...members.filter((p) => p.pid !== record.pid)].some(
      (p) => p !== undefined && !p.zombie && inGroup(p.pgid) && hasArgument(p, marker)
    )
  })
