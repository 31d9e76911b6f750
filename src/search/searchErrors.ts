/** Errors the web search program raises before any provider is asked. */
import * as Schema from "effect/Schema"
import { SearchProvider } from "../schema/WebSearchContract.js"

/** The merged config (every loaded layer) sets `webSearch.enabled: false`. */
export class SearchDisabled extends Schema.TaggedError<SearchDisabled>()("SearchDisabled", {
  sources: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `web search is disabled by webSearch.enabled: false (${this.sources.join(", ") || "config"})`
  }
}

/** The requested provider (or, for `auto`, every provider) has no configured credential source. */
export class NoSearchCredential extends Schema.TaggedError<NoSearchCredential>()("NoSearchCredential", {
  requested: Schema.Union(SearchProvider, Schema.Literal("auto"))
}) {
  override get message(): string {
    return this.requested === "auto"
      ? "no search provider has a credential"
      : `no ${this.requested} credential is configured`
  }
}
