/** The agent_browser tool definition for pi: schema, playbook text, and execute → runtime. */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { MainServices } from "../layers/MainLive.js"
import { runToResult } from "../program/ToolCall.js"
import { toolInputJsonSchema } from "../schema/ToolInput.js"
import { description, promptGuidelines, promptSnippet, TOOL_LABEL, TOOL_NAME } from "./playbook.js"
import { toPiResult } from "./toPiResult.js"

export const agentBrowserTool = (runtime: ManagedRuntime.ManagedRuntime<MainServices, never>) => ({
  name: TOOL_NAME,
  label: TOOL_LABEL,
  description,
  promptSnippet,
  promptGuidelines: [...promptGuidelines],
  parameters: toolInputJsonSchema(),
  execute: async (_toolCallId: string, params: unknown, signal: AbortSignal | undefined, _onUpdate: unknown, ctx: ExtensionContext) => {
    const call = {
      piSessionId: ctx.sessionManager.getSessionId(),
      cwd: ctx.cwd,
      persistSession: ctx.sessionManager.getSessionFile() !== undefined,
      ...(ctx.hasUI ? { approve: (r: { title: string; message: string }) => ctx.ui.confirm(r.title, r.message) } : {}),
      ...(signal !== undefined ? { signal } : {})
    }
    return toPiResult(await runtime.runPromise(runToResult(params, call)))
  }
})
