/**
 * The thin entry's side of the lazy load. Effect-free: nothing here imports the service graph. `lazyGraph` imports
 * `graph.ts` (a separate bundle chunk) once, on first use; `registerDeferredHooks` registers at load time the hooks
 * `registerHooks` declares and forwards each event to the handlers the graph recorded. A fresh session never loads
 * the graph for its lifecycle events: `session_start`/`session_tree` load it only when the branch holds an
 * agent_browser result to restore, and the other events only matter once the graph runs.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import { promptArtifactPaths } from "./promptArtifacts.js"
import type { PiToolResult } from "./toPiResult.js"
import type { SemanticCompiler } from "./renderText.js"

/** pi's onUpdate: partial results shown while the call runs (not persisted). */
export type ProgressUpdate = (partial: { content: Array<{ type: "text"; text: string }>; details: unknown }) => void
export type HookHandler = (event: unknown, ctx: ExtensionContext) => unknown

export interface Graph {
  readonly handlers: ReadonlyMap<string, ReadonlyArray<HookHandler>>
  readonly commands: ReadonlyMap<string, (args: string, ctx: ExtensionContext) => unknown>
  readonly compileSemantic: SemanticCompiler
  readonly execute: (
    params: unknown,
    signal: AbortSignal | undefined,
    onUpdate: ProgressUpdate | undefined,
    ctx: ExtensionContext
  ) => Promise<PiToolResult>
}

export interface LazyGraph {
  /** The graph, importing and starting it on the first call. */
  readonly get: () => Promise<Graph>
  /** The graph if it is already started. */
  readonly loaded: () => Graph | undefined
}

export const lazyGraph = (start: () => Promise<Graph>): LazyGraph => {
  let pending: Promise<Graph> | undefined
  let graph: Graph | undefined
  return {
    get: () =>
      (pending ??= start().then(
        (g) => (graph = g),
        (error: unknown) => {
          pending = undefined // a failed import may be retried by the next call
          throw error
        }
      )),
    loaded: () => graph
  }
}

/** The events and commands `registerHooks` (hooks.ts) declares; test/unit/lazyEntry.test.ts keeps the lists in step. */
export const HOOK_EVENTS = [
  "session_start",
  "session_tree",
  "session_compact",
  "tool_result",
  "session_shutdown",
  "before_agent_start"
] as const
export const HOOK_COMMANDS: ReadonlyArray<{ readonly name: string; readonly description: string }> = [
  {
    name: "agent-browser-doctor",
    description:
      "Check agent-browser, the browser, ffmpeg, duplicate package sources and the security policy (read-only)"
  }
]

/** The user's prompt of a `before_agent_start` event. */
export const promptOf = (event: unknown): string => {
  const prompt = typeof event === "object" && event !== null ? Reflect.get(event, "prompt") : undefined
  return typeof prompt === "string" ? prompt : ""
}

/** Whether the branch holds an agent_browser result (something a restore could read). */
export const branchHasResults = (entries: ReadonlyArray<unknown>): boolean => {
  const field = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined
  return entries.some((entry) => {
    const message = field(entry, "message")
    return (
      field(entry, "type") === "message" &&
      field(message, "role") === "toolResult" &&
      field(message, "toolName") === "agent_browser"
    )
  })
}

/**
 * Runs the recorded handlers in order, like pi does for one event: a tool_result patch is applied to the event the
 * next handler sees, and the merged patch is returned.
 */
const dispatch = async (graph: Graph, name: string, event: unknown, ctx: ExtensionContext): Promise<unknown> => {
  let current = event
  let merged: Record<string, unknown> | undefined
  for (const handler of graph.handlers.get(name) ?? []) {
    const result = await handler(current, ctx)
    if (name === "tool_result" && result !== undefined && result !== null && typeof result === "object") {
      merged = { ...merged, ...result }
      current = { ...(current as object), ...result }
    }
  }
  return merged
}

export const registerDeferredHooks = (pi: ExtensionAPI, graph: LazyGraph): void => {
  const on = pi.on.bind(pi) as (event: string, handler: HookHandler) => void
  for (const name of HOOK_EVENTS) {
    on(name, async (event, ctx) => {
      const restores = name === "session_start" || name === "session_tree"
      // a prompt that names screenshot paths sets the close guard's requirements, even before the first call
      const requires = name === "before_agent_start" && promptArtifactPaths(promptOf(event), ctx.cwd).length > 0
      if (graph.loaded() === undefined && !requires && !(restores && branchHasResults(ctx.sessionManager.getBranch())))
        return undefined
      return dispatch(await graph.get(), name, event, ctx)
    })
  }
  for (const command of HOOK_COMMANDS) {
    pi.registerCommand(command.name, {
      description: command.description,
      handler: async (args, ctx) => {
        await (await graph.get()).commands.get(command.name)?.(args, ctx)
      }
    })
  }
}
