/**
 * pi entry: registers the agent_browser tool and its lifecycle hooks. Wiring only; behaviour lives in program/,
 * services/ and layers/. Nothing starts at load: ManagedRuntime builds the service graph on the first call, and
 * session_shutdown disposes it (pi makes a new extension instance after reload/resume).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { MainLive } from "./layers/MainLive.js"
import { registerHooks } from "./pi/hooks.js"
import { agentBrowserTool } from "./pi/tool.js"
import { registerWebSearch } from "./pi/webSearchTool.js"

export default function agentBrowserExtension(pi: ExtensionAPI): void {
  const runtime = ManagedRuntime.make(MainLive)
  pi.registerTool(agentBrowserTool(runtime) as unknown as Parameters<ExtensionAPI["registerTool"]>[0])
  registerHooks(pi, runtime)
  registerWebSearch(pi)
}
