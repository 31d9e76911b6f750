/**
 * The agent_browser tool definition for pi: schema, playbook text, renderers, and execute → the lazily loaded graph.
 * Effect-free: the parameters are the JSON Schema generated at build time from schema/ToolInput.ts.
 *
 * `executionMode: "sequential"`: pi runs the tool calls of one assistant message in parallel unless a tool asks
 * otherwise. Every agent_browser call of a pi session drives the same browser session, in the order the model wrote
 * them (click, then fill, then snapshot); the session lock only serialises them in whatever order they arrive.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent"
import { description, docsGuideline, guidelinesWith, promptSnippet, TOOL_LABEL, TOOL_NAME } from "../playbook.js"
import type { LazyGraph, ProgressUpdate } from "./lazyGraph.js"
import { type RenderTheme, renderCallTextWith, renderResultText, textComponent } from "./renderText.js"
import type { ResultLike } from "./resultView.js"
import { expandHint, type RenderContext } from "./expandHint.js"
import { agentBrowserParameters } from "./toolParameters.generated.js"

/**
 * `docsRoot`: the installed package folder, named in a guideline so the model can read the docs on demand.
 * `configured`: browser defaults set in config (pi/configuredBrowserFlags.ts), named in the launch-flags rule.
 */
export const agentBrowserTool = (graph: LazyGraph, docsRoot?: string, configured: ReadonlyArray<string> = []) => ({
  name: TOOL_NAME,
  label: TOOL_LABEL,
  description,
  promptSnippet,
  promptGuidelines: [...guidelinesWith(configured), ...(docsRoot !== undefined ? [docsGuideline(docsRoot)] : [])],
  parameters: agentBrowserParameters,
  executionMode: "sequential" as const,
  renderCall: (args: Record<string, unknown>, theme: RenderTheme) => {
    const loaded = graph.loaded()
    // Before the graph is loaded a semanticAction shows as written; loading starts now, so the next render compiles it.
    if (loaded === undefined && args["semanticAction"] !== undefined) graph.get().catch(() => undefined)
    return textComponent(renderCallTextWith(loaded?.compileSemantic ?? (() => undefined))(args, theme))
  },
  renderResult: (
    result: ResultLike,
    options: { expanded: boolean; isPartial: boolean },
    theme: RenderTheme,
    context?: RenderContext
  ) =>
    textComponent(
      renderResultText(result, { ...options, params: context?.args, expandHint: expandHint(theme, context) }, theme)
    ),
  execute: async (
    _toolCallId: string,
    params: unknown,
    signal: AbortSignal | undefined,
    onUpdate: ProgressUpdate | undefined,
    ctx: ExtensionContext
  ) => (await graph.get()).execute(params, signal, onUpdate, ctx)
})
