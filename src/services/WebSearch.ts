/**
 * WebSearch: one search request to one provider (Exa or Brave) over HTTP. Holds no state; the caller resolves the
 * credential and passes it `Redacted`, so the service never reads config or runs credential commands. Raises one
 * error per way an HTTP call fails; none of them carries the key, the request headers or an unscrubbed body.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type { ProviderAnswer, SearchProvider, SearchQuery } from "../schema/WebSearchContract.js"
import type { WebSearchError } from "../schema/WebSearchErrors.js"

export interface SearchRequest {
  readonly provider: SearchProvider
  readonly apiKey: Redacted.Redacted<string>
  readonly query: SearchQuery
}

export interface WebSearchShape {
  readonly search: (request: SearchRequest) => Effect.Effect<ProviderAnswer, WebSearchError>
}

export class WebSearch extends Context.Tag("pi-agent-browser-effect/WebSearch")<WebSearch, WebSearchShape>() {}
