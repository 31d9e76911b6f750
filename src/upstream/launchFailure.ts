/**
 * Launch failures: a browser that could not start or be reached, recognised from upstream's own messages (recorded
 * with agent-browser 0.41.2 and Debian Chromium; see test/unit/launchFailure.test.ts), and the browser a call or the
 * doctor would use. Pure. `classifyErrorText` is the only caller of `launchDiagnosticOf`.
 */
import type { CommandLine } from "../domain/CommandLine.js"
import type { LaunchDiagnostic } from "../schema/ToolError.js"
import { flagValue } from "./commandLine.js"

const EXECUTABLE = /Failed to launch Chrome at "([^"]*)": ([^\n]*)/
const EXITED_EARLY = /Chrome exited early \(exit code: (-?\d+)\)/
const SANDBOX = /Running as root without --no-sandbox is not supported|No usable sandbox/
const LOCKED = /Failed to create (.+?)\/SingletonLock|ProcessSingleton|profile appears to be in use/
/** Chromium's refusal of a lock written under another host name: the pid and host the lock names. */
const OTHER_HOST_LOCK = /in use by another Chromium process \((\d+)\) on another computer \(([^)]*)\)/
const CDP_DISCOVERY = /All CDP discovery methods failed for (\S+?):? /
const CDP_OTHER = /CDP WebSocket connect failed|Failed to connect to CDP|No running Chrome instance found/
const PROFILE_NAME = /No Chrome user data directory found\. Cannot resolve profile name/
/** A pool at its limit with its queue full refuses the WebSocket upgrade (Browserless: 429). */
const POOL_FULL = /\b429 Too Many Requests\b|HTTP error: 429\b/
/** A provider's session API answered an error status (`-p browserless` against a build without `POST /session`). */
const PROVIDER_API = /\b([A-Z][A-Za-z]*(?: [A-Z][a-z]+)?) API error \((\d{3})\)/
/** Upstream's daemon did not come up: another process started the session at the same moment, or it died starting. */
const DAEMON_START = new RegExp(
  [
    "started concurrently with different daemon configuration",
    "Daemon process exited during startup",
    "Daemon failed to start \\(socket:"
  ].join("|")
)

/** What kind of launch failure an upstream error message reports, if it is one. */
export const launchDiagnosticOf = (message: string): LaunchDiagnostic | undefined => {
  if (DAEMON_START.test(message)) return { reason: "daemon-start" }
  const provider = PROVIDER_API.exec(message)
  if (provider !== null)
    return {
      reason: "provider-api",
      provider: (provider[1] ?? "").toLowerCase().replace(/ /g, "-"),
      httpStatus: Number(provider[2])
    }
  if (POOL_FULL.test(message)) {
    const at = CDP_DISCOVERY.exec(message)
    return { reason: "pool-full", ...(at?.[1] !== undefined ? { endpoint: at[1] } : {}) }
  }
  const executable = EXECUTABLE.exec(message)
  if (executable !== null) {
    const missing = /No such file or directory|os error 2\)/.test(executable[2] ?? "")
    return { reason: missing ? "executable-missing" : "executable-not-runnable", executablePath: executable[1] ?? "" }
  }
  const exited = EXITED_EARLY.exec(message)
  if (exited !== null) {
    const browserExitCode = Number(exited[1])
    if (SANDBOX.test(message)) return { reason: "sandbox", browserExitCode }
    const locked = LOCKED.exec(message)
    const otherHost = OTHER_HOST_LOCK.exec(message)
    if (locked !== null) {
      return {
        reason: "profile-locked",
        browserExitCode,
        ...(locked[1] !== undefined ? { profile: locked[1] } : {}),
        ...(otherHost !== null
          ? { profileLock: { host: otherHost[2] ?? "", pid: Number(otherHost[1]), sameHost: false } }
          : {})
      }
    }
    return { reason: "exited-at-start", browserExitCode }
  }
  const discovery = CDP_DISCOVERY.exec(message)
  if (discovery !== null) return { reason: "cdp-unreachable", endpoint: discovery[1] ?? "" }
  if (CDP_OTHER.test(message)) return { reason: "cdp-unreachable" }
  if (PROFILE_NAME.test(message)) return { reason: "profile-not-found" }
  return undefined
}

/** The browser a launch uses: `--executable-path`, else `AGENT_BROWSER_EXECUTABLE_PATH`, else upstream's own search. */
export interface BrowserChoice {
  readonly executablePath: string | undefined
  readonly executableSource: NonNullable<LaunchDiagnostic["executableSource"]>
  /** The remote browser instead of a launch: `--cdp` / `AGENT_BROWSER_CDP`, or `connect <endpoint>`. */
  readonly endpoint: string | undefined
  readonly profile: string | undefined
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value === "" ? undefined : value

export const browserChoice = (
  line: CommandLine | undefined,
  env: Readonly<Record<string, string | undefined>>
): BrowserChoice => {
  const flagPath = line === undefined ? undefined : nonEmpty(flagValue(line, "--executable-path"))
  const envPath = nonEmpty(env["AGENT_BROWSER_EXECUTABLE_PATH"])
  const connect = line?.command === "connect" ? line.positionals[1] : undefined
  return {
    executablePath: flagPath ?? envPath,
    executableSource:
      flagPath !== undefined
        ? "--executable-path"
        : envPath !== undefined
          ? "AGENT_BROWSER_EXECUTABLE_PATH"
          : "upstream-default",
    endpoint:
      (line === undefined ? undefined : nonEmpty(flagValue(line, "--cdp"))) ??
      connect ??
      nonEmpty(env["AGENT_BROWSER_CDP"]),
    profile:
      (line === undefined ? undefined : nonEmpty(flagValue(line, "--profile"))) ??
      nonEmpty(env["AGENT_BROWSER_PROFILE"])
  }
}

/** A classified launch failure completed with what the call chose; what upstream's message named wins. */
export const withChoice = (launch: LaunchDiagnostic, choice: BrowserChoice): LaunchDiagnostic => {
  const local =
    launch.reason !== "cdp-unreachable" &&
    launch.reason !== "pool-full" &&
    launch.reason !== "provider-api" &&
    launch.reason !== "daemon-start"
  const executablePath = launch.executablePath ?? (local ? choice.executablePath : undefined)
  const profile =
    launch.profile ??
    (launch.reason === "profile-locked" || launch.reason === "profile-not-found" ? choice.profile : undefined)
  return {
    ...launch,
    ...(executablePath !== undefined ? { executablePath } : {}),
    ...(local
      ? {
          executableSource:
            launch.executablePath !== undefined && launch.executablePath !== choice.executablePath
              ? "upstream-default"
              : choice.executableSource
        }
      : {}),
    ...(!local && launch.endpoint === undefined && choice.endpoint !== undefined ? { endpoint: choice.endpoint } : {}),
    ...(profile !== undefined ? { profile } : {})
  }
}
