/**
 * pi entry: registers the agent_browser tool and its lifecycle hooks without loading the Effect service graph.
 * Wiring only. The graph (`pi/graph.ts`, a separate bundle chunk) is imported on the first call, or at session start
 * when the branch has a managed session to restore; session_shutdown disposes it (pi makes a new extension instance
 * after reload/resume). The web search tool is registered when it may have a credential: the exact check loads its
 * own chunk only then, so a session without a search key loads no Effect code at all. Browser defaults set in the
 * global config layers are named in one guideline at registration (W6).
 */
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { lazyGraph, registerDeferredHooks } from "./pi/lazyGraph.js"
import { agentBrowserTool } from "./pi/tool.js"
import { configuredBrowserFlags } from "./pi/configuredBrowserFlags.js"
import { mayOfferWebSearch } from "./pi/webSearchGate.js"

type ToolDefinition = Parameters<ExtensionAPI["registerTool"]>[0]

/** The package folder: this entry is `dist/extension.js` when installed (`src/extension.ts` in development). */
const packageRoot = (): string => dirname(dirname(fileURLToPath(import.meta.url)))

export default function agentBrowserExtension(pi: ExtensionAPI): void | Promise<void> {
  const graph = lazyGraph(() => import("./pi/graph.js").then((module) => module.startGraph(pi)))
  pi.registerTool(
    agentBrowserTool(
      graph,
      packageRoot(),
      configuredBrowserFlags(process.env, process.cwd())
    ) as unknown as ToolDefinition
  )
  registerDeferredHooks(pi, graph)
  if (!mayOfferWebSearch(process.env, process.cwd())) return
  return import("./pi/webSearchTool.js").then((module) => void module.registerWebSearch(pi))
}
