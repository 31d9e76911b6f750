/**
 * The agent_browser_web_search companion tool for pi, and its registration. Registered only when a credential
 * source is configured or resolvable and the config does not disable it; execution re-checks both.
 *
 * Trust at registration: pi reports project trust only through `ctx.isProjectTrusted()`, and the factory has no
 * ctx. Like the agent_browser tool (which treats a missing answer as untrusted), registration therefore reads the
 * global layer, the `PI_AGENT_BROWSER_CONFIG` override and the environment, and skips the project layer; each call
 * then loads every layer pi allows, so a trusted project's key or `enabled: false` applies from the first call.
 * No command source runs at registration; the runtime (HTTP client, command executor) is built on the first call.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { configPaths, loadFileConfig } from "../config/fileConfig.js"
import { makeWebSearchLive, type WebSearchLiveOptions } from "../layers/WebSearchLive.js"
import { webSearchJsonSchema, type WebSearchDetails } from "../schema/WebSearchContract.js"
import { type Availability, webSearchAvailability } from "../search/chooseProvider.js"
import { runWebSearch } from "../program/search/runWebSearch.js"
import { expandHint, type RenderContext } from "./expandHint.js"
import { textComponent } from "./renderText.js"
import type { RenderTheme, ResultLike } from "./resultView.js"
import { webSearchCallText, webSearchResultText } from "./webSearchView.js"
import {
  WEB_SEARCH_TOOL_LABEL,
  WEB_SEARCH_TOOL_NAME,
  webSearchDescription,
  webSearchPromptSnippet
} from "../webSearchPlaybook.js"

type Env = Readonly<Record<string, string | undefined>>

export interface RegisterWebSearchOptions {
  /** Defaults to `process.env`, read again on every call. */
  readonly env?: Env
  /** Where pi was started; defaults to `process.cwd()`. */
  readonly cwd?: string
  /** Registration-time trust; defaults to false (see the module comment). */
  readonly projectTrusted?: boolean
  readonly live?: Omit<WebSearchLiveOptions, "env">
  readonly credentialTimeoutMs?: number
}

interface PiResult {
  content: Array<{ type: "text"; text: string }>
  details: WebSearchDetails
  isError?: boolean
}

export const makeWebSearchRuntime = (options: RegisterWebSearchOptions = {}) =>
  ManagedRuntime.make(
    Layer.merge(
      makeWebSearchLive({ ...options.live, ...(options.env !== undefined ? { env: options.env } : {}) }),
      NodeContext.layer
    )
  )

export type WebSearchRuntime = ReturnType<typeof makeWebSearchRuntime>

/** What a web search does, as MCP tool annotations. */
export const WEB_SEARCH_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true
} as const

export const webSearchTool = (runtime: WebSearchRuntime, options: RegisterWebSearchOptions = {}) => ({
  name: WEB_SEARCH_TOOL_NAME,
  label: WEB_SEARCH_TOOL_LABEL,
  description: webSearchDescription,
  promptSnippet: webSearchPromptSnippet,
  parameters: webSearchJsonSchema(),
  // pi >= 1.5 hands these to permission extensions (MCP's meaning): a search changes nothing here and may be repeated,
  // but reaches a provider outside this machine. Without them pi assumes a tool may be destructive; 0.87 ignores them
  annotations: WEB_SEARCH_ANNOTATIONS,
  renderCall: (args: Record<string, unknown>, theme: RenderTheme) => textComponent(webSearchCallText(args, theme)),
  renderResult: (
    result: ResultLike,
    options: { expanded: boolean; isPartial: boolean },
    theme: RenderTheme,
    context?: RenderContext
  ) =>
    textComponent(
      webSearchResultText(result, { expanded: options.expanded, expandHint: expandHint(theme, context) }, theme)
    ),
  execute: async (
    _toolCallId: string,
    params: unknown,
    signal: AbortSignal | undefined,
    _onUpdate: unknown,
    ctx: ExtensionContext
  ): Promise<PiResult> => {
    const result = await runtime.runPromise(
      runWebSearch(params, {
        cwd: ctx.cwd,
        projectTrusted: typeof ctx.isProjectTrusted === "function" ? ctx.isProjectTrusted() : false,
        env: options.env ?? process.env,
        ...(signal !== undefined ? { signal } : {}),
        ...(options.credentialTimeoutMs !== undefined ? { credentialTimeoutMs: options.credentialTimeoutMs } : {})
      })
    )
    return {
      content: result.content.map((c) => ({ ...c })),
      details: result.details,
      ...(result.isError ? { isError: true } : {})
    }
  }
})

/** Whether the tool is offered, from what is visible without pi's ctx and without running any command. */
export const registrationAvailability = (options: RegisterWebSearchOptions = {}): Availability => {
  const env = options.env ?? process.env
  const loaded = loadFileConfig(configPaths(env, options.cwd ?? process.cwd(), options.projectTrusted === true), env)
  return webSearchAvailability(loaded.config.webSearch, env)
}

/** Registers the tool when available; returns the decision so callers and tests can see why. */
export const registerWebSearch = (pi: ExtensionAPI, options: RegisterWebSearchOptions = {}): Availability => {
  const availability = registrationAvailability(options)
  if (!availability.available) return availability
  const runtime = makeWebSearchRuntime(options)
  pi.registerTool(webSearchTool(runtime, options) as unknown as Parameters<ExtensionAPI["registerTool"]>[0])
  // pi 0.87 ignores a returned isError; the tool_result patch makes a failure a pi error on every version.
  pi.on("tool_result", (event) => {
    const details = event.details as Partial<WebSearchDetails> | undefined
    return event.toolName === WEB_SEARCH_TOOL_NAME && !event.isError && details?.resultCategory === "failure"
      ? { isError: true }
      : undefined
  })
  pi.on("session_shutdown", async () => {
    await runtime.dispose()
  })
  return availability
}
