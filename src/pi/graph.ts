/**
 * The Effect half of the pi extension, loaded by the thin entry (`extension.ts`) on first use as a separate bundle
 * chunk: builds the ManagedRuntime over MainLive (with the debug logger, `pi/debugLogger.ts`), runs the tool, and
 * records the lifecycle hooks `registerHooks` declares so the entry's forwarders can call them (see lazyGraph.ts).
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { MainLive } from "../layers/MainLive.js"
import { runToResult } from "../program/call/ToolCall.js"
import type { StepProgress } from "../domain/Progress.js"
import { debugLogger } from "./debugLogger.js"
import { registerHooks } from "./hooks.js"
import type { Graph, HookHandler, ProgressUpdate } from "./lazyGraph.js"
import { compiledArgs } from "./render.js"
import { toPiResult } from "./toPiResult.js"

/** Starts the graph: one runtime per extension instance (pi makes a new instance after reload/resume). */
export const startGraph = (pi: ExtensionAPI): Graph => {
  const runtime = ManagedRuntime.make(debugLogger(process.env).pipe(Layer.provideMerge(MainLive)))
  const handlers = new Map<string, Array<HookHandler>>()
  const commands = new Map<string, (args: string, ctx: ExtensionContext) => unknown>()
  // registerHooks sees pi with `on`/`registerCommand` recorded here; anything else goes to pi itself.
  const recording = new Proxy(pi, {
    get: (target, key, receiver) =>
      key === "on"
        ? (event: string, handler: HookHandler) => void handlers.set(event, [...(handlers.get(event) ?? []), handler])
        : key === "registerCommand"
          ? (name: string, options: { handler: (args: string, ctx: ExtensionContext) => unknown }) =>
              void commands.set(name, options.handler)
          : Reflect.get(target, key, receiver)
  })
  registerHooks(recording, runtime)
  return {
    handlers,
    commands,
    compileSemantic: compiledArgs,
    execute: async (params, signal, onUpdate, ctx) => {
      const call = {
        piSessionId: ctx.sessionManager.getSessionId(),
        cwd: ctx.cwd,
        persistSession: ctx.sessionManager.getSessionFile() !== undefined,
        projectTrusted: typeof ctx.isProjectTrusted === "function" ? ctx.isProjectTrusted() : false,
        ...(ctx.hasUI
          ? { approve: (r: { title: string; message: string }) => ctx.ui.confirm(r.title, r.message) }
          : {}),
        ...(signal !== undefined ? { signal } : {}),
        ...(onUpdate !== undefined ? { onProgress: (p: StepProgress) => onUpdate(progressUpdate(p)) } : {})
      }
      return toPiResult(await runtime.runPromise(runToResult(params, call)))
    }
  }
}

const progressUpdate = (p: StepProgress): Parameters<ProgressUpdate>[0] => ({
  content: [
    { type: "text", text: `step ${p.step}/${p.total} ${p.success ? "✓" : "✗"} ${p.command.slice(0, 3).join(" ")}` }
  ],
  details: { progress: { step: p.step, total: p.total, success: p.success } }
})
