/**
 * WebSearch: one search request to one provider (Exa or Brave) over HTTP. Holds no state; the caller resolves the
 * credential and passes it `Redacted`, so the service never reads config or runs credential commands. Raises one
 * error per way an HTTP call fails; none of them carries the key, the request headers or an unscrubbed body.
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type { ProviderAnswer, SearchProvider, SearchQuery } from "../schema/WebSearch.js"

export interface SearchRequest {
  readonly provider: SearchProvider
  readonly apiKey: Redacted.Redacted<string>
  readonly query: SearchQuery
}

/** The provider answered with a non-2xx status. `detail` is its error message, short and scrubbed of the key. */
export class ProviderHttpError extends Data.TaggedError("ProviderHttpError")<{
  readonly provider: SearchProvider
  readonly status: number
  readonly detail?: string
}> {}

/** No answer within the time limit. */
export class ProviderTimeout extends Data.TaggedError("ProviderTimeout")<{
  readonly provider: SearchProvider
  readonly timeoutMs: number
}> {}

/** A 2xx answer that is not JSON or not the documented shape. */
export class ProviderMalformed extends Data.TaggedError("ProviderMalformed")<{
  readonly provider: SearchProvider
  readonly reason: "not-json" | "unexpected-shape"
}> {}

/** The request never got an answer (DNS, refused connection, TLS). */
export class ProviderUnreachable extends Data.TaggedError("ProviderUnreachable")<{
  readonly provider: SearchProvider
  readonly origin: string
}> {}

export type WebSearchError = ProviderHttpError | ProviderTimeout | ProviderMalformed | ProviderUnreachable

export interface WebSearchShape {
  readonly search: (request: SearchRequest) => Effect.Effect<ProviderAnswer, WebSearchError>
}

export class WebSearch extends Context.Tag("agent-browser/WebSearch")<WebSearch, WebSearchShape>() {}
