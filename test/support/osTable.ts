/**
 * The live process table the tests read: this platform's, or the one `PI_AGENT_BROWSER_PROCESS_TABLE` names (the
 * `ps` run of the fault and cleanup suites sets it), with promise helpers for assertions.
 */
import * as Effect from "effect/Effect"
import { makeOsProcesses, osProcessesLayer, tableKindFor } from "../../src/layers/OsProcessesLive.js"

export const testTableKind = tableKindFor(process.platform, process.env)
export const liveOs = makeOsProcesses(testTableKind)
export const liveOsLayer = osProcessesLayer(testTableKind)

/** Pids of the live members of a process group. */
export const groupMembers = (pgid: number): Promise<ReadonlyArray<number>> =>
  Effect.runPromise(Effect.map(liveOs.groupMembers(pgid), (members) => members.map((p) => p.pid)))

export const pidAlive = (pid: number): Promise<boolean> => Effect.runPromise(liveOs.isAlive({ pid }))
