/**
 * The middle of an Electron launch: spawn the app detached with its output to the log, wait (bounded) for its
 * `DevToolsActivePort` and `/json/version`, then look briefly for a target of the wanted type. What it learns on the
 * way is kept in `Launching.state`, for the diagnostics of a launch that fails.
 */
import { spawn } from "node:child_process"
import { closeSync, openSync, readFileSync } from "node:fs"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type { LaunchRequest } from "../../schema/ElectronInput.js"
import type { CdpTarget, ElectronApp, ElectronLaunchDiagnostics } from "../../schema/ElectronRecord.js"
import { TimedOut, UpstreamFailed } from "../../schema/ToolError.js"
import { readDevToolsActivePort } from "../cdp/cdpClient.js"
import { cdpTargets, cdpVersion, type CdpVersion, matchesTargetType } from "./cdp.js"

export const POLL_MS = 100
/** How long launch waits for a target of the wanted type before falling back to the browser port. */
const TARGET_WAIT_MS = 3_000
const LOG_TAIL_BYTES = 2_000

/** Flags the wrapper always adds (the contract's isolation defaults). */
export const WRAPPER_FLAGS = [
  "--remote-debugging-port=0",
  "--disable-extensions",
  "--no-first-run",
  "--no-default-browser-check"
] as const

export const launchArgv = (
  app: ElectronApp,
  userDataDir: string,
  appArgs: ReadonlyArray<string>
): ReadonlyArray<string> => [...(app.execArgs ?? []), `--user-data-dir=${userDataDir}`, ...WRAPPER_FLAGS, ...appArgs]

/** One launch under way: what it starts, where, since when, and what it has seen so far. */
export interface Launching {
  readonly app: ElectronApp
  readonly request: LaunchRequest
  readonly env: Readonly<Record<string, string | undefined>>
  readonly started: number
  readonly launchDir: string
  readonly userDataDir: string
  readonly logPath: string
  readonly exited: Deferred.Deferred<number | null>
  readonly state: {
    pid: number | undefined
    port: number | undefined
    versionReached: boolean
    portFile: ElectronLaunchDiagnostics["devToolsActivePort"]
  }
}

const tail = (path: string): string => {
  try {
    const text = readFileSync(path, "utf8")
    return text.slice(-LOG_TAIL_BYTES)
  } catch {
    return ""
  }
}

/** Spawns the app detached (its own process group), output to the log; its pid once it has started. */
const spawnDetached = (l: Launching) =>
  Effect.async<number, UpstreamFailed>((resume) => {
    const log = openSync(l.logPath, "a", 0o600)
    try {
      const child = spawn(l.app.executablePath, [...launchArgv(l.app, l.userDataDir, l.request.appArgs)], {
        detached: true,
        stdio: ["ignore", log, log],
        env: l.env as NodeJS.ProcessEnv,
        cwd: l.launchDir
      })
      child.once("error", (error) =>
        resume(
          Effect.fail(
            new UpstreamFailed({
              detail: `could not start ${l.app.executablePath}: ${error.message}`,
              stderr: "",
              exitCode: null
            })
          )
        )
      )
      child.once("exit", (code) => Deferred.unsafeDone(l.exited, Exit.succeed(code)))
      child.once("spawn", () => {
        child.unref()
        resume(Effect.succeed(child.pid ?? -1))
      })
    } finally {
      closeSync(log)
    }
  })

/** Polls the port file and `/json/version` until the browser answers, it exits, or the launch's time runs out. */
const waitForVersion = (l: Launching) =>
  Effect.gen(function* () {
    const deadline = l.started + l.request.timeoutMs
    let version: CdpVersion | undefined
    while (version === undefined) {
      const now = yield* Clock.currentTimeMillis
      const exitCode = yield* Deferred.poll(l.exited)
      if (Option.isSome(exitCode)) {
        const code = yield* exitCode.value
        return yield* new UpstreamFailed({
          detail: `${l.app.name} exited (code ${code}) before its debug port was ready`,
          stderr: tail(l.logPath),
          exitCode: code
        })
      }
      if (now >= deadline) {
        return yield* new TimedOut({
          reason: "debug-port",
          app: l.app.name,
          timeoutMs: l.request.timeoutMs,
          dispatched: "maybe",
          stdout: "",
          stderr: tail(l.logPath)
        })
      }
      const portFile = readDevToolsActivePort(l.userDataDir)
      if (typeof portFile === "string") {
        l.state.portFile = portFile
      } else {
        l.state.portFile = "present"
        l.state.port = portFile.port
        version = yield* Effect.option(cdpVersion(portFile.port, Math.min(1_000, deadline - now))).pipe(
          Effect.map(Option.getOrUndefined)
        )
        if (version !== undefined) break
      }
      yield* Effect.sleep(POLL_MS)
    }
    l.state.versionReached = true
    return version
  })

/** The targets, once one of the wanted type has a debugger URL or `TARGET_WAIT_MS` (within the launch's time) ends. */
const waitForTarget = (l: Launching, port: number) =>
  Effect.gen(function* () {
    const targetDeadline = Math.min(l.started + l.request.timeoutMs, (yield* Clock.currentTimeMillis) + TARGET_WAIT_MS)
    let targets: ReadonlyArray<CdpTarget> = []
    for (;;) {
      targets = yield* Effect.orElseSucceed(cdpTargets(port, 1_000), () => [])
      if (targets.some((t) => matchesTargetType(t, l.request.targetType) && t.webSocketDebuggerUrl !== undefined)) break
      if ((yield* Clock.currentTimeMillis) >= targetDeadline) break
      yield* Effect.sleep(POLL_MS)
    }
    return targets
  })

/** Spawned, answering on its debug port, with its targets. */
export const launchReady = (l: Launching) =>
  Effect.gen(function* () {
    const pid = yield* spawnDetached(l)
    l.state.pid = pid
    const version = yield* waitForVersion(l)
    const port = l.state.port ?? 0
    const targets = yield* waitForTarget(l, port)
    return { pid, port, version, targets }
  })
