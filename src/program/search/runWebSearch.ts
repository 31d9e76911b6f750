/**
 * One agent_browser_web_search call: decode → merged config (the project layer only when pi trusts the project) →
 * enabled? → provider choice → credential resolved (a `!command` runs only here) → WebSearch → text + details.
 * Never fails: every failure becomes a structured result. The resolved key is replaced in the whole result as a
 * last guard, whatever path it might have taken.
 */
import type * as CommandExecutor from "@effect/platform/CommandExecutor"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { resolveCredential } from "../../config/credentialSource.js"
import { configPaths, loadFileConfig } from "../../config/fileConfig.js"
import { Aborted } from "../../schema/ToolError.js"
import { decodeWebSearchInput, toSearchQuery, type WebSearchToolResult } from "../../schema/WebSearchContract.js"
import { WebSearch } from "../../services/WebSearch.js"
import { availableCredentials, chooseProvider } from "../../search/chooseProvider.js"
import {
  type FailureContext,
  presentFailure,
  presentSuccess,
  type WebSearchFailure
} from "../../search/presentWebSearch.js"
import { SearchDisabled } from "../../search/searchErrors.js"
import { replaceSecret } from "../../search/text.js"

export interface WebSearchCall {
  readonly cwd: string
  readonly projectTrusted: boolean
  readonly env: Readonly<Record<string, string | undefined>>
  readonly signal?: AbortSignal
  readonly credentialTimeoutMs?: number
  readonly now?: () => Date
}

const abortWith = (signal: AbortSignal | undefined) =>
  signal === undefined
    ? Effect.never
    : Effect.async<never, Aborted>((resume) => {
        const onAbort = () => resume(Effect.fail(new Aborted({ dispatched: "maybe" })))
        if (signal.aborted) return onAbort()
        signal.addEventListener("abort", onAbort, { once: true })
        return Effect.sync(() => signal.removeEventListener("abort", onAbort))
      })

const guardKey =
  (key: string) =>
  (result: WebSearchToolResult): WebSearchToolResult =>
    replaceSecret(result, key)

export const runWebSearch = (
  raw: unknown,
  call: WebSearchCall
): Effect.Effect<WebSearchToolResult, never, WebSearch | CommandExecutor.CommandExecutor> => {
  // Each stage fails with the finished failure result, naming only what is known at that point (never the key).
  const failWith = (ctx: FailureContext) => (error: WebSearchFailure) => presentFailure(error, ctx)
  const program = Effect.gen(function* () {
    const input = yield* Effect.mapError(decodeWebSearchInput(raw), failWith({}))
    const query = toSearchQuery(input)
    const loaded = loadFileConfig(configPaths(call.env, call.cwd, call.projectTrusted), call.env)
    const config = loaded.config.webSearch
    if (config?.enabled === false)
      return yield* Effect.fail(failWith({ query: query.query })(new SearchDisabled({ sources: loaded.sources })))
    const chosen = yield* Effect.mapError(
      chooseProvider(input.provider ?? "auto", availableCredentials(config, call.env), config?.preferredProvider),
      failWith({ query: query.query })
    )
    const ctx: FailureContext = { query: query.query, provider: chosen.provider, credential: chosen.credential }
    const apiKey = yield* resolveCredential(chosen.credential, {
      env: call.env,
      cwd: call.cwd,
      ...(call.credentialTimeoutMs !== undefined ? { timeoutMs: call.credentialTimeoutMs } : {})
    }).pipe(Effect.mapError(failWith(ctx)))
    const service = yield* WebSearch
    return yield* service.search({ provider: chosen.provider, apiKey, query }).pipe(
      Effect.map((answer) =>
        presentSuccess({
          resultCategory: "success",
          provider: chosen.provider,
          query: query.query,
          returnedQuery: answer.returnedQuery,
          count: query.count,
          offset: query.offset,
          searchType: chosen.provider === "exa" ? (answer.searchType ?? query.searchType) : query.searchType,
          ...(answer.requestId !== undefined ? { requestId: answer.requestId } : {}),
          fetchedAt: (call.now?.() ?? new Date()).toISOString(),
          results: answer.results
        })
      ),
      Effect.mapError(failWith(ctx)),
      // Last guard: whatever path the key might take into a result, it leaves here replaced.
      Effect.mapBoth({ onFailure: guardKey(Redacted.value(apiKey)), onSuccess: guardKey(Redacted.value(apiKey)) })
    )
  })
  return program.pipe(
    Effect.raceFirst(Effect.mapError(abortWith(call.signal), failWith({}))),
    Effect.merge,
    Effect.withSpan("WebSearch.run")
  )
}
