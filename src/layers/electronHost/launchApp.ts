/**
 * Starts one verified Electron app: a fresh private profile folder, `--remote-debugging-port=0`, detached in its own
 * process group, its output to a log file beside the profile. Waits (bounded) for `DevToolsActivePort`, verifies
 * `/json/version`, then looks briefly for a target of the wanted type. Any failure (including interruption) ends
 * the process group and removes the folder before the typed error is raised.
 */
import { lstatSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type { LaunchRequest } from "../../schema/ElectronInput.js"
import type {
  ElectronApp,
  ElectronLaunchDiagnostics,
  ElectronLaunchRecord,
  ElectronLaunchResult
} from "../../schema/ElectronRecord.js"
import { UpstreamFailed, withFields } from "../../schema/ToolError.js"
import type { OsProcessesShape } from "../../services/OsProcesses.js"
import { terminate } from "../processTables/terminate.js"
import { launchReady, type Launching, POLL_MS } from "./launchReady.js"
import { matchesTargetType } from "./cdp.js"
import { groupGone } from "./processGroup.js"

export interface LaunchEnvironment {
  readonly privateRoot: string
  readonly env: Readonly<Record<string, string | undefined>>
  readonly newLaunchId: () => string
  /** The process table the launch is watched and ended through. */
  readonly os: OsProcessesShape
}

/**
 * SIGTERM the group, SIGKILL after a short grace; used only for a launch that failed or was interrupted. The folder
 * is removed only once the group is seen gone (a table that cannot be read leaves it: false).
 */
const abandon = (os: OsProcessesShape, pgid: number | undefined, launchDir: string) =>
  Effect.gen(function* () {
    const waits = { graceMs: 20 * POLL_MS, killWaitMs: 20 * POLL_MS, pollMs: POLL_MS }
    if (pgid !== undefined) yield* terminate(os, { _tag: "Group", pgid }, waits)
    const gone = pgid === undefined || (yield* groupGone(os, pgid))
    if (gone) rmSync(launchDir, { recursive: true, force: true })
    return gone
  }).pipe(
    Effect.catchTag("ProcessTableUnavailable", (error) =>
      Effect.as(Effect.logWarning(`abandoned launch ${launchDir} kept`, error), false)
    )
  )

/** The private root must be a real folder of ours that nobody else can enter (a shared /tmp can be squatted). */
const privateRootProblem = (root: string): string | undefined => {
  mkdirSync(root, { recursive: true, mode: 0o700 })
  const stat = lstatSync(root)
  if (!stat.isDirectory()) return `${root} is not a directory`
  if (typeof process.getuid === "function" && stat.uid !== process.getuid()) return `${root} belongs to another user`
  if ((stat.mode & 0o077) !== 0) return `${root} is accessible to other users`
  return undefined
}

const diagnostics = (
  l: Launching,
  now: number,
  cleanedUp: boolean,
  pidAlive: boolean | undefined
): ElectronLaunchDiagnostics => ({
  executablePath: l.app.executablePath,
  userDataDir: l.userDataDir,
  elapsedMs: now - l.started,
  timeoutMs: l.request.timeoutMs,
  devToolsActivePort: l.state.portFile,
  versionReached: l.state.versionReached,
  cleanedUp,
  ...(l.state.pid !== undefined ? { pid: l.state.pid } : {}),
  ...(pidAlive !== undefined ? { pidAlive } : {}),
  ...(l.state.port !== undefined ? { port: l.state.port } : {})
})

/** The record and result of a launch that is ready. */
const launched = (
  l: Launching,
  launchId: string,
  ready: Effect.Effect.Success<ReturnType<typeof launchReady>>,
  createdAtMs: number
): ElectronLaunchResult => {
  const { app, request } = l
  const { pid, port, version, targets } = ready
  const chosen = targets.find((t) => matchesTargetType(t, request.targetType) && t.webSocketDebuggerUrl !== undefined)
  const launch: ElectronLaunchRecord = {
    version: 1,
    launchId,
    launchedByWrapper: true,
    appName: app.name,
    executablePath: app.executablePath,
    appPath: app.appPath,
    userDataDir: l.userDataDir,
    port,
    pid,
    // A detached child is made a session and group leader by setsid(): its pgid is its pid.
    pgid: pid,
    webSocketDebuggerUrl: version.webSocketDebuggerUrl,
    targetType: request.targetType,
    createdAtMs,
    cleanupState: "active",
    ...(app.bundleId !== undefined ? { bundleId: app.bundleId } : {}),
    ...(app.desktopId !== undefined ? { desktopId: app.desktopId } : {})
  }
  return {
    launch,
    targets,
    connect:
      chosen?.webSocketDebuggerUrl !== undefined
        ? { argument: chosen.webSocketDebuggerUrl, via: "target", targetId: chosen.id }
        : { argument: String(port), via: "port" },
    elapsedMs: createdAtMs - l.started,
    ...(version.browser !== undefined ? { browserVersion: version.browser } : {})
  }
}

export const launchApp = (app: ElectronApp, request: LaunchRequest, world: LaunchEnvironment) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    const problem = privateRootProblem(world.privateRoot)
    if (problem !== undefined)
      return yield* new UpstreamFailed({ detail: `electron launch refused: ${problem}`, stderr: "", exitCode: null })
    const launchDir = mkdtempSync(join(world.privateRoot, "electron-"))
    const userDataDir = join(launchDir, "profile")
    mkdirSync(userDataDir, { mode: 0o700 })
    const l: Launching = {
      app,
      request,
      env: world.env,
      started,
      launchDir,
      userDataDir,
      logPath: join(launchDir, "app.log"),
      exited: yield* Deferred.make<number | null>(),
      state: { pid: undefined, port: undefined, versionReached: false, portFile: "missing" }
    }
    const outcome = yield* Effect.exit(
      launchReady(l).pipe(Effect.onInterrupt(() => abandon(world.os, l.state.pid, launchDir)))
    )
    if (Exit.isFailure(outcome)) {
      const cleanedUp = yield* abandon(world.os, l.state.pid, launchDir).pipe(Effect.uninterruptible)
      const now = yield* Clock.currentTimeMillis
      // unknown (left out) when the process table cannot be read
      const pidAlive =
        l.state.pid === undefined
          ? undefined
          : yield* world.os.isAlive({ pid: l.state.pid }).pipe(Effect.orElseSucceed(() => undefined))
      return yield* Effect.failCause(Exit.causeOption(outcome).pipe(Option.getOrThrow)).pipe(
        Effect.mapError((error) => withFields(error, { electronLaunch: diagnostics(l, now, cleanedUp, pidAlive) }))
      )
    }
    return launched(l, world.newLaunchId(), outcome.value, yield* Clock.currentTimeMillis)
  })
