/** Errors the web search program raises before any provider is asked. */
import * as Data from "effect/Data"
import type { SearchProvider } from "../schema/WebSearchContract.js"

/** The merged config (every loaded layer) sets `webSearch.enabled: false`. */
export class SearchDisabled extends Data.TaggedError("SearchDisabled")<{
  readonly sources: ReadonlyArray<string>
}> {}

/** The requested provider (or, for `auto`, every provider) has no configured credential source. */
export class NoSearchCredential extends Data.TaggedError("NoSearchCredential")<{
  readonly requested: SearchProvider | "auto"
}> {}
