/**
 * A call whose browser could not start or be reached. Its daemon stays up and remembers the launch options that
 * failed (a later plain command answers "Auto-launch failed: …" with them), and it refuses `close` while any launch
 * flag or variable is set; so it is ended by its pid, and the next call starts a new daemon with the options it gives.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { type LaunchDiagnostic, UpstreamFailed, withFields } from "../../schema/ToolError.js"
import { readProfileLock } from "../../os/profileLock.js"
import { DaemonProbe } from "../../services/DaemonProbe.js"
import { OsProcesses } from "../../services/OsProcesses.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { browserChoice, withChoice } from "../../upstream/launchFailure.js"
import { publicEndpoint } from "../../config/poolConfig.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/** The error is a launch failure (classified as such by classifyReply). */
export const launchFailureOf = (error: {
  readonly _tag: string
}): (UpstreamFailed & { readonly launch: LaunchDiagnostic }) | undefined =>
  error instanceof UpstreamFailed && error.launch !== undefined
    ? (error as UpstreamFailed & { readonly launch: LaunchDiagnostic })
    : undefined

/** The launch failure completed with the browser, endpoint and profile this call chose (flags, then environment). */
export const withLaunchChoice = (plan: Plan, error: UpstreamFailed & { readonly launch: LaunchDiagnostic }) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const env = { ...config.env, ...plan.env }
    const chosen = withChoice(error.launch, browserChoice(parseCommandLine(plan.effectiveArgs), env))
    const launch = withPoolEndpoint(plan, chosen, env)
    return withFields(error, { launch: yield* withProfileLock(launch) })
  })

/**
 * A locked profile folder: the host and pid its `SingletonLock` names, and whether that pid runs here (so a lock no
 * browser of this machine holds is not said to be held by one). The table unread leaves `pidRunning` out.
 */
const withProfileLock = (launch: LaunchDiagnostic) =>
  Effect.gen(function* () {
    if (launch.reason !== "profile-locked" || launch.profile === undefined) return launch
    const file = readProfileLock(launch.profile)
    const lock = file ?? launch.profileLock
    if (lock === undefined) return launch
    const running = yield* (yield* OsProcesses)
      .isAlive({ pid: lock.pid })
      .pipe(Effect.catchTag("ProcessTableUnavailable", () => Effect.succeed(undefined)))
    return { ...launch, profileLock: { ...lock, ...(running !== undefined ? { pidRunning: running } : {}) } }
  })

/**
 * A pool or provider failure names the endpoint as configured, without its credentials (upstream's message and the
 * variable carry the token; the Redactor would scrub it, but the name is clearer without).
 */
const withPoolEndpoint = (
  plan: Plan,
  launch: LaunchDiagnostic,
  env: Readonly<Record<string, string | undefined>>
): LaunchDiagnostic => {
  if (launch.reason !== "pool-full" && launch.reason !== "provider-api" && launch.reason !== "cdp-unreachable")
    return launch
  const providerUrl =
    launch.reason === "provider-api" && launch.provider === "browserless" ? env["BROWSERLESS_API_URL"] : undefined
  const endpoint =
    plan.pool?.endpoint ?? (providerUrl !== undefined && providerUrl !== "" ? publicEndpoint(providerUrl) : undefined)
  return endpoint === undefined ? launch : { ...launch, endpoint }
}

/** Ends the failed launch's daemon by its pid, if it is still running. */
export const endFailedLaunch = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.sessionName === undefined || plan.kind !== "browser") return "not-running" as const
    const config = yield* ToolConfig
    return yield* (yield* DaemonProbe).end(socketDirOf(config, plan.env), plan.sessionName)
  })
