/** How a search provider request can fail, as data (the API key never in it). */
import * as Schema from "effect/Schema"
import { SearchProvider } from "./WebSearchContract.js"
import { optional } from "./exactOptional.js"

/** The provider answered with a non-2xx status. `detail` is its error message, short and scrubbed of the key. */
export class ProviderHttpError extends Schema.TaggedError<ProviderHttpError>()("ProviderHttpError", {
  provider: SearchProvider,
  status: Schema.Number,
  detail: optional(Schema.String)
}) {
  override get message(): string {
    return `${this.provider} answered HTTP ${this.status}${this.detail !== undefined ? `: ${this.detail}` : ""}`
  }
}

/** No answer within the time limit. */
export class ProviderTimeout extends Schema.TaggedError<ProviderTimeout>()("ProviderTimeout", {
  provider: SearchProvider,
  timeoutMs: Schema.Number
}) {
  override get message(): string {
    return `${this.provider} did not answer within ${this.timeoutMs} ms`
  }
}

/** A 2xx answer that is not JSON or not the documented shape. */
export class ProviderMalformed extends Schema.TaggedError<ProviderMalformed>()("ProviderMalformed", {
  provider: SearchProvider,
  reason: Schema.Literal("not-json", "unexpected-shape")
}) {
  override get message(): string {
    return (
      `${this.provider} answered with ` +
      `${this.reason === "not-json" ? "a body that is not JSON" : "JSON in an unexpected shape"}`
    )
  }
}

/** The request never got an answer (DNS, refused connection, TLS). */
export class ProviderUnreachable extends Schema.TaggedError<ProviderUnreachable>()("ProviderUnreachable", {
  provider: SearchProvider,
  origin: Schema.String
}) {
  override get message(): string {
    return `${this.provider} could not be reached at ${this.origin}`
  }
}

export type WebSearchError = ProviderHttpError | ProviderTimeout | ProviderMalformed | ProviderUnreachable
