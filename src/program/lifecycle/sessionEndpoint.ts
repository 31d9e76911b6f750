/**
 * Where a session's browser answers over DevTools, without asking the daemon (which a hung page keeps busy): the
 * endpoint an attached session names (`--cdp` in its launch flags or this call, `AGENT_BROWSER_CDP`, this call's
 * `connect <endpoint>`, else what was recorded for it), or the `DevToolsActivePort` a browser this tool launched
 * wrote into its profile folder.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { httpEndpointOf } from "../../session/endpointLoss.js"
import { flagValue, parseCommandLine } from "../../upstream/commandLine.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/** The attached browser's DevTools HTTP endpoint, if the session is attached to one it can name. */
export const attachedEndpointOf = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined) return undefined
    const config = yield* ToolConfig
    const named =
      flagValue(parseCommandLine(plan.launchFlags), "--cdp") ??
      flagValue(plan.line, "--cdp") ??
      (plan.line.command === "connect" ? plan.line.positionals[1] : undefined) ??
      plan.env["AGENT_BROWSER_CDP"] ??
      config.env["AGENT_BROWSER_CDP"]
    return httpEndpointOf(named) ?? (yield* (yield* BrowserEndpoints).endpointOf(plan.sessionName))
  })

/** The DevTools endpoint of the session's browser: the attached one, else the local one this tool launched. */
export const browserEndpointOf = (plan: Plan) =>
  Effect.gen(function* () {
    const attached = yield* attachedEndpointOf(plan)
    if (attached !== undefined || plan.sessionName === undefined)
      return { endpoint: attached, attached: attached !== undefined }
    const config = yield* ToolConfig
    const identity = yield* (yield* BrowserProcesses).record(socketDirOf(config, plan.env), plan.sessionName)
    const local =
      identity?.profileDir !== undefined ? yield* (yield* BrowserEndpoints).inProfile(identity.profileDir) : undefined
    return { endpoint: local, attached: false }
  })
