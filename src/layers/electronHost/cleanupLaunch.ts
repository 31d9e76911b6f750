/**
 * Cleans one tracked launch within a budget: stop the process group (SIGTERM, then SIGKILL after a grace period;
 * never for a record that is not provably ours), verify the debug port no longer listens, remove the wrapper's
 * launch folder (profile and log). The profile is kept when the process or port is still live, so nothing is
 * deleted from under a running app. Each step reports ok, skipped or failed with a reason.
 */
import { existsSync, rmSync } from "node:fs"
import { dirname, resolve, sep } from "node:path"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type {
  CleanupStep,
  ElectronCleanupResult,
  ElectronLaunchRecord,
  LaunchOwnership
} from "../../schema/ElectronRecord.js"
import { portListening } from "./cdp.js"
import type { OsProcessesShape, ProcessTableUnavailable } from "../../services/OsProcesses.js"
import { terminate } from "../processTables/terminate.js"
import { groupGone, isOurLaunch } from "./processGroup.js"

const POLL_MS = 100
/** Longest wait between SIGTERM and SIGKILL. */
export const TERM_GRACE_MS = 2_000

const stopProcess = (
  os: OsProcessesShape,
  record: ElectronLaunchRecord,
  ownership: LaunchOwnership,
  deadline: number
) =>
  Effect.gen(function* (): Effect.fn.Return<CleanupStep, ProcessTableUnavailable> {
    if (yield* groupGone(os, record.pgid)) return { step: "process", status: "ok", reason: "already exited" }
    // Checked at signalling time, so a pid reused since the record was made is never signalled.
    if (ownership === "stale" || ownership === "released" || !(yield* isOurLaunch(os, record))) {
      return { step: "process", status: "skipped", reason: "process group is not the wrapper's launch; not signalled" }
    }
    const now = yield* Clock.currentTimeMillis
    const graceMs = Math.max(0, Math.min(deadline - now, TERM_GRACE_MS))
    const killWaitMs = Math.max(deadline - now - graceMs, 500)
    const ended = yield* terminate(os, { _tag: "Group", pgid: record.pgid }, { graceMs, killWaitMs, pollMs: POLL_MS })
    if (ended === "gone" || ended === "ended") return { step: "process", status: "ok" }
    if (ended === "killed") return { step: "process", status: "ok", reason: "killed after SIGTERM grace" }
    return { step: "process", status: "failed", reason: `process group ${record.pgid} still alive after SIGKILL` }
  }).pipe(
    Effect.catchTag(
      "ProcessTableUnavailable",
      (error): Effect.Effect<CleanupStep> =>
        Effect.succeed({ step: "process", status: "failed", reason: `${error.message}; not checked or signalled` })
    )
  )

const checkPort = (port: number, deadline: number) =>
  Effect.gen(function* (): Effect.fn.Return<CleanupStep> {
    for (;;) {
      if (!(yield* portListening(port, 500))) return { step: "debug-port", status: "ok" }
      if ((yield* Clock.currentTimeMillis) >= deadline)
        return { step: "debug-port", status: "failed", reason: `127.0.0.1:${port} still listening` }
      yield* Effect.sleep(POLL_MS)
    }
  })

/** The folder launch created (`<privateRoot>/electron-*`), when the record's profile lies in one. */
export const launchFolder = (userDataDir: string, privateRoot: string): string | undefined => {
  const folder = dirname(resolve(userDataDir))
  return dirname(folder) === resolve(privateRoot) && folder.split(sep).pop()?.startsWith("electron-") === true
    ? folder
    : undefined
}

const removeProfile = (record: ElectronLaunchRecord, privateRoot: string, live: boolean): CleanupStep => {
  const folder = launchFolder(record.userDataDir, privateRoot)
  if (folder === undefined)
    return { step: "user-data-dir", status: "skipped", reason: "not under the wrapper's private directory; left alone" }
  if (live)
    return { step: "user-data-dir", status: "skipped", reason: "process or debug port still live; profile kept" }
  if (!existsSync(folder)) return { step: "user-data-dir", status: "ok", reason: "already removed" }
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
    return existsSync(folder)
      ? { step: "user-data-dir", status: "failed", reason: "folder still present" }
      : { step: "user-data-dir", status: "ok" }
  } catch (error) {
    return { step: "user-data-dir", status: "failed", reason: (error as NodeJS.ErrnoException).code ?? "remove failed" }
  }
}

export const cleanupLaunch = (
  os: OsProcessesShape,
  record: ElectronLaunchRecord,
  ownership: LaunchOwnership,
  privateRoot: string,
  budgetMs: number
) =>
  Effect.gen(function* (): Effect.fn.Return<ElectronCleanupResult> {
    const deadline = (yield* Clock.currentTimeMillis) + budgetMs
    const process = yield* stopProcess(os, record, ownership, deadline)
    const port = yield* checkPort(record.port, deadline)
    const profile = removeProfile(record, privateRoot, process.status !== "ok" || port.status !== "ok")
    const steps = [process, port, profile]
    return { launchId: record.launchId, status: steps.every((s) => s.status === "ok") ? "cleaned" : "partial", steps }
  })
