/**
 * Web search results and failures as text + details. Failures say what to do next and name a credential only by
 * its config key or environment variable. Every error tag maps to one failure category, checked by the compiler.
 */
import * as Match from "effect/Match"
import { type CredentialUnavailable, describeSource, type LabeledSource } from "../config/credentialSource.js"
import type { FailureCategory } from "../schema/Categories.js"
import type { Aborted, InvalidInput } from "../schema/ToolError.js"
import type {
  SearchProvider,
  WebSearchFailureDetails,
  WebSearchSuccessDetails,
  WebSearchToolResult
} from "../schema/WebSearchContract.js"
import type { WebSearchError } from "../schema/WebSearchErrors.js"
import { ENV_FALLBACK } from "./chooseProvider.js"
import { clip } from "./text.js"
import type { NoSearchCredential, SearchDisabled } from "./searchErrors.js"

export type WebSearchFailure =
  | InvalidInput
  | SearchDisabled
  | NoSearchCredential
  | CredentialUnavailable
  | WebSearchError
  | Aborted

const categoryByTag = {
  InvalidInput: "validation-error",
  SearchDisabled: "policy-blocked",
  NoSearchCredential: "validation-error",
  CredentialUnavailable: "validation-error",
  ProviderHttpError: "upstream-error",
  ProviderTimeout: "timeout",
  ProviderMalformed: "upstream-error",
  ProviderUnreachable: "upstream-error",
  Aborted: "aborted"
} as const satisfies Record<WebSearchFailure["_tag"], FailureCategory>

const NAME: Record<SearchProvider, string> = { exa: "Exa", brave: "Brave" }
const BASE_URL_VAR: Record<SearchProvider, string> = {
  exa: "PI_AGENT_BROWSER_EXA_BASE_URL",
  brave: "PI_AGENT_BROWSER_BRAVE_BASE_URL"
}

export interface FailureContext {
  readonly query?: string
  readonly provider?: SearchProvider
  readonly credential?: LabeledSource
}

const other = (p: SearchProvider): SearchProvider => (p === "exa" ? "brave" : "exa")

const explain = (error: WebSearchFailure, ctx: FailureContext): string =>
  Match.valueTags(error, {
    InvalidInput: (e) => `Invalid web search input: ${e.message}.`,
    SearchDisabled: (e) =>
      `Web search is disabled by webSearch.enabled: false (${e.sources.join(", ") || "config"}). ` +
      "Use agent_browser with a known URL, or ask the user to enable it.",
    NoSearchCredential: (e) =>
      e.requested === "auto"
        ? "No Exa or Brave credential is available. " +
          "Set webSearch.exaApiKey / webSearch.braveApiKey or EXA_API_KEY / BRAVE_API_KEY."
        : `No ${NAME[e.requested]} credential: set webSearch.${e.requested}ApiKey or ${ENV_FALLBACK[e.requested]}, ` +
          'or use provider "auto".',
    CredentialUnavailable: (e) =>
      `Could not read the search API key: ${e.message}. ` +
      "Fix that source in the config; the tool never shows key values.",
    ProviderHttpError: (e) => {
      const name = NAME[e.provider]
      const detail = e.detail !== undefined ? `: ${e.detail}` : ""
      const source = ctx.credential !== undefined ? describeSource(ctx.credential) : `the ${name} key`
      if (e.status === 401 || e.status === 403)
        return (
          `${name} rejected the API key (HTTP ${e.status}${detail}). ` +
          `Check the key from ${source}; do not retry until it is fixed.`
        )
      if (e.status === 429)
        return (
          `${name} rate limit or quota reached (HTTP 429${detail}). ` +
          `Wait before retrying, or use provider "${other(e.provider)}" if it has a key.`
        )
      if (e.status >= 500)
        return (
          `${name} failed (HTTP ${e.status}${detail}). ` +
          `Retry shortly, or use provider "${other(e.provider)}" if it has a key.`
        )
      return `${name} refused the request (HTTP ${e.status}${detail}). Check query, country, searchLang and freshness.`
    },
    ProviderTimeout: (e) =>
      `${NAME[e.provider]} did not answer within ${e.timeoutMs} ms. ` +
      `Retry, use searchType "fast", or provider "${other(e.provider)}" if it has a key.`,
    ProviderMalformed: (e) =>
      `${NAME[e.provider]} answered with ` +
      `${e.reason === "not-json" ? "a body that is not JSON" : "JSON in an unexpected shape"}. ` +
      `Retry; if it persists, check ${BASE_URL_VAR[e.provider]} (when set) points at the provider.`,
    ProviderUnreachable: (e) =>
      `Could not reach ${NAME[e.provider]} at ${e.origin}. Check the network or ${BASE_URL_VAR[e.provider]}.`,
    Aborted: () => "Web search cancelled."
  })

export const presentFailure = (error: WebSearchFailure, ctx: FailureContext): WebSearchToolResult => {
  const message = explain(error, ctx)
  const provider = "provider" in error ? error.provider : ctx.provider
  const credentialSource =
    error._tag === "CredentialUnavailable"
      ? error.label
      : error._tag === "ProviderHttpError" && (error.status === 401 || error.status === 403)
        ? ctx.credential?.label
        : undefined
  const details: WebSearchFailureDetails = {
    resultCategory: "failure",
    failureCategory: categoryByTag[error._tag],
    error: message,
    ...(ctx.query !== undefined ? { query: ctx.query } : {}),
    ...(provider !== undefined ? { provider } : {}),
    ...(error._tag === "ProviderHttpError" ? { httpStatus: error.status } : {}),
    ...(credentialSource !== undefined ? { credentialSource } : {})
  }
  return { content: [{ type: "text", text: message }], details, isError: true }
}

export const formatResultsText = (d: WebSearchSuccessDetails): string => {
  const altered = d.returnedQuery !== d.query ? ` (searched as "${d.returnedQuery}")` : ""
  if (d.results.length === 0)
    return `${NAME[d.provider]}: no results for "${d.query}"${altered}. Try broader words or drop freshness/country.`
  const lines = d.results.map((r, i) => {
    const meta = [r.source, r.age].filter((x) => x !== undefined && x !== "").join(", ")
    const head = `${d.offset * d.count + i + 1}. ${clip(r.title, 120)}${meta !== "" ? ` (${meta})` : ""}`
    return [head, `   ${r.url}`, ...(r.description !== undefined ? [`   ${clip(r.description, 200)}`] : [])].join("\n")
  })
  const count = `${d.results.length} result${d.results.length === 1 ? "" : "s"}`
  return `${NAME[d.provider]}: ${count} for "${d.query}"${altered}\n${lines.join("\n")}`
}

export const presentSuccess = (details: WebSearchSuccessDetails): WebSearchToolResult => ({
  content: [{ type: "text", text: formatResultsText(details) }],
  details,
  isError: false
})
