/** The agent_browser tool definition for pi: schema, playbook text, and execute → runtime. */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { MainServices } from "../layers/MainLive.js"
import { runToResult } from "../program/call/ToolCall.js"
import { toolInputJsonSchema } from "../schema/ToolInput.js"
import { description, promptGuidelines, promptSnippet, TOOL_LABEL, TOOL_NAME } from "../playbook.js"
import { toPiResult } from "./toPiResult.js"
import { type RenderTheme, renderCallText, renderResultText, textComponent } from "./render.js"
import type { StepProgress } from "../schema/Progress.js"

/** pi's onUpdate: partial results shown while the call runs (not persisted). */
type ProgressUpdate = (partial: { content: Array<{ type: "text"; text: string }>; details: unknown }) => void

export const agentBrowserTool = (runtime: ManagedRuntime.ManagedRuntime<MainServices, never>) => ({
  name: TOOL_NAME,
  label: TOOL_LABEL,
  description,
  promptSnippet,
  promptGuidelines: [...promptGuidelines],
  parameters: toolInputJsonSchema(),
  renderCall: (args: Record<string, unknown>, theme: RenderTheme) => textComponent(renderCallText(args, theme)),
  renderResult: (result: { content: ReadonlyArray<{ type: string; text?: string }>; details?: unknown }, options: { expanded: boolean; isPartial: boolean }, theme: RenderTheme) =>
    textComponent(renderResultText(result, options, theme)),
  execute: async (_toolCallId: string, params: unknown, signal: AbortSignal | undefined, onUpdate: ProgressUpdate | undefined, ctx: ExtensionContext) => {
    const call = {
      piSessionId: ctx.sessionManager.getSessionId(),
      cwd: ctx.cwd,
      persistSession: ctx.sessionManager.getSessionFile() !== undefined,
      projectTrusted: typeof ctx.isProjectTrusted === "function" ? ctx.isProjectTrusted() : false,
      ...(ctx.hasUI ? { approve: (r: { title: string; message: string }) => ctx.ui.confirm(r.title, r.message) } : {}),
      ...(signal !== undefined ? { signal } : {}),
      ...(onUpdate !== undefined
        ? {
          onProgress: (p: StepProgress) =>
            onUpdate({
              content: [{ type: "text", text: `step ${p.step}/${p.total} ${p.success ? "✓" : "✗"} ${p.command.slice(0, 3).join(" ")}` }],
              details: { progress: { step: p.step, total: p.total, success: p.success } }
            })
        }
        : {})
    }
    return toPiResult(await runtime.runPromise(runToResult(params, call)))
  }
})
