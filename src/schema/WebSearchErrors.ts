/** How a search provider request can fail, as data (the API key never in it). */
import * as Data from "effect/Data"
import type { SearchProvider } from "./WebSearchContract.js"

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
