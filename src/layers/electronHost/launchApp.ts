/**
 * Starts one verified Electron app: a fresh private profile folder, `--remote-debugging-port=0`, detached in its own
 * process group, its output to a log file beside the profile. Waits (bounded) for `DevToolsActivePort`, verifies
 * `/json/version`, then looks briefly for a target of the wanted type. Any failure (including interruption) ends
 * the process group and removes the folder before the typed error is raised.
 */
import { spawn } from "node:child_process"
import { closeSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type { LaunchRequest } from "../../schema/ElectronInput.js"
import type {
  CdpTarget,
  ElectronApp,
  ElectronLaunchDiagnostics,
  ElectronLaunchRecord,
  ElectronLaunchResult
} from "../../schema/ElectronRecord.js"
import { TimedOut, UpstreamFailed, withFields } from "../../schema/ToolError.js"
import { readDevToolsActivePort } from "../cdp/cdpClient.js"
import { cdpTargets, cdpVersion, type CdpVersion, matchesTargetType } from "./cdp.js"
import type { OsProcessesShape } from "../../services/OsProcesses.js"
import { terminate } from "../osProcesses/terminate.js"
import { groupGone } from "./processGroup.js"

/** Flags the wrapper always adds (the contract's isolation defaults). */
export const WRAPPER_FLAGS = [
  "--remote-debugging-port=0",
  "--disable-extensions",
  "--no-first-run",
  "--no-default-browser-check"
] as const
const POLL_MS = 100
/** How long launch waits for a target of the wanted type before falling back to the browser port. */
const TARGET_WAIT_MS = 3_000
const LOG_TAIL_BYTES = 2_000

export const launchArgv = (
  app: ElectronApp,
  userDataDir: string,
  appArgs: ReadonlyArray<string>
): ReadonlyArray<string> => [...(app.execArgs ?? []), `--user-data-dir=${userDataDir}`, ...WRAPPER_FLAGS, ...appArgs]

export interface LaunchEnvironment {
  readonly privateRoot: string
  readonly env: Readonly<Record<string, string | undefined>>
  readonly newLaunchId: () => string
  /** The process table the launch is watched and ended through. */
  readonly os: OsProcessesShape
}

const tail = (path: string): string => {
  try {
    const text = readFileSync(path, "utf8")
    return text.slice(-LOG_TAIL_BYTES)
  } catch {
    return ""
  }
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

export const launchApp = (app: ElectronApp, request: LaunchRequest, world: LaunchEnvironment) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    const problem = privateRootProblem(world.privateRoot)
    if (problem !== undefined)
      return yield* new UpstreamFailed({ detail: `electron launch refused: ${problem}`, stderr: "", exitCode: null })
    const launchDir = mkdtempSync(join(world.privateRoot, "electron-"))
    const userDataDir = join(launchDir, "profile")
    mkdirSync(userDataDir, { mode: 0o700 })
    const logPath = join(launchDir, "app.log")
    const state = {
      pid: undefined as number | undefined,
      port: undefined as number | undefined,
      versionReached: false,
      portFile: "missing" as ElectronLaunchDiagnostics["devToolsActivePort"]
    }
    const exited = yield* Deferred.make<number | null>()

    const diagnostics = (
      now: number,
      cleanedUp: boolean,
      pidAlive: boolean | undefined
    ): ElectronLaunchDiagnostics => ({
      executablePath: app.executablePath,
      userDataDir,
      elapsedMs: now - started,
      timeoutMs: request.timeoutMs,
      devToolsActivePort: state.portFile,
      versionReached: state.versionReached,
      cleanedUp,
      ...(state.pid !== undefined ? { pid: state.pid } : {}),
      ...(pidAlive !== undefined ? { pidAlive } : {}),
      ...(state.port !== undefined ? { port: state.port } : {})
    })

    const spawned = Effect.async<number, UpstreamFailed>((resume) => {
      const log = openSync(logPath, "a", 0o600)
      try {
        const child = spawn(app.executablePath, [...launchArgv(app, userDataDir, request.appArgs)], {
          detached: true,
          stdio: ["ignore", log, log],
          env: world.env as NodeJS.ProcessEnv,
          cwd: launchDir
        })
        child.once("error", (error) =>
          resume(
            Effect.fail(
              new UpstreamFailed({
                detail: `could not start ${app.executablePath}: ${error.message}`,
                stderr: "",
                exitCode: null
              })
            )
          )
        )
        child.once("exit", (code) => Deferred.unsafeDone(exited, Exit.succeed(code)))
        child.once("spawn", () => {
          child.unref()
          resume(Effect.succeed(child.pid ?? -1))
        })
      } finally {
        closeSync(log)
      }
    })

    const ready = Effect.gen(function* () {
      const pid = yield* spawned
      state.pid = pid
      const deadline = started + request.timeoutMs
      let version: CdpVersion | undefined
      while (version === undefined) {
        const now = yield* Clock.currentTimeMillis
        const exitCode = yield* Deferred.poll(exited)
        if (Option.isSome(exitCode)) {
          const code = yield* exitCode.value
          return yield* new UpstreamFailed({
            detail: `${app.name} exited (code ${code}) before its debug port was ready`,
            stderr: tail(logPath),
            exitCode: code
          })
        }
        if (now >= deadline) {
          return yield* new TimedOut({
            reason: "debug-port",
            app: app.name,
            timeoutMs: request.timeoutMs,
            dispatched: "maybe",
            stdout: "",
            stderr: tail(logPath)
          })
        }
        const portFile = readDevToolsActivePort(userDataDir)
        if (typeof portFile === "string") {
          state.portFile = portFile
        } else {
          state.portFile = "present"
          state.port = portFile.port
          version = yield* Effect.option(cdpVersion(portFile.port, Math.min(1_000, deadline - now))).pipe(
            Effect.map(Option.getOrUndefined)
          )
          if (version !== undefined) break
        }
        yield* Effect.sleep(POLL_MS)
      }
      state.versionReached = true
      const port = state.port ?? 0
      const targetDeadline = Math.min(started + request.timeoutMs, (yield* Clock.currentTimeMillis) + TARGET_WAIT_MS)
      let targets: ReadonlyArray<CdpTarget> = []
      for (;;) {
        targets = yield* Effect.orElseSucceed(cdpTargets(port, 1_000), () => [])
        if (targets.some((t) => matchesTargetType(t, request.targetType) && t.webSocketDebuggerUrl !== undefined)) break
        if ((yield* Clock.currentTimeMillis) >= targetDeadline) break
        yield* Effect.sleep(POLL_MS)
      }
      return { pid, port, version, targets }
    })

    const outcome = yield* Effect.exit(ready.pipe(Effect.onInterrupt(() => abandon(world.os, state.pid, launchDir))))
    if (Exit.isFailure(outcome)) {
      const cleanedUp = yield* abandon(world.os, state.pid, launchDir).pipe(Effect.uninterruptible)
      const now = yield* Clock.currentTimeMillis
      // unknown (left out) when the process table cannot be read
      const pidAlive =
        state.pid === undefined
          ? undefined
          : yield* world.os.isAlive({ pid: state.pid }).pipe(Effect.orElseSucceed(() => undefined))
      return yield* Effect.failCause(Exit.causeOption(outcome).pipe(Option.getOrThrow)).pipe(
        Effect.mapError((error) => withFields(error, { electronLaunch: diagnostics(now, cleanedUp, pidAlive) }))
      )
    }
    const { pid, port, version, targets } = outcome.value
    const chosen = targets.find((t) => matchesTargetType(t, request.targetType) && t.webSocketDebuggerUrl !== undefined)
    const createdAtMs = yield* Clock.currentTimeMillis
    const launch: ElectronLaunchRecord = {
      version: 1,
      launchId: world.newLaunchId(),
      launchedByWrapper: true,
      appName: app.name,
      executablePath: app.executablePath,
      appPath: app.appPath,
      userDataDir,
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
    const result: ElectronLaunchResult = {
      launch,
      targets,
      connect:
        chosen?.webSocketDebuggerUrl !== undefined
          ? { argument: chosen.webSocketDebuggerUrl, via: "target", targetId: chosen.id }
          : { argument: String(port), via: "port" },
      elapsedMs: createdAtMs - started,
      ...(version.browser !== undefined ? { browserVersion: version.browser } : {})
    }
    return result
  })
