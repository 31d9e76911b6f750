/**
 * The agent_browser_web_search contract: its input (one schema that decodes calls and yields the JSON Schema pi
 * shows the model) and its result details (JSON only: pi persists them in the session file).
 */
import * as Either from "effect/Either"
import * as JSONSchema from "effect/JSONSchema"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { webSearchFieldDescriptions as d } from "../webSearchPlaybook.js"
import type { FailureCategory } from "./Categories.js"
import { InvalidInput } from "./ToolError.js"
import { optional } from "./exactOptional.js"

export const SearchProvider = Schema.Literal("exa", "brave")
export type SearchProvider = typeof SearchProvider.Type

export const SearchType = Schema.Literal("auto", "fast", "instant", "deep-lite", "deep", "deep-reasoning")
export type SearchType = typeof SearchType.Type

export const Safesearch = Schema.Literal("off", "moderate", "strict")

/** Brave's spellings: past day/week/month/year, or an inclusive date range. */
export const FRESHNESS = /^(?:pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$/

const Int = (min: number, max: number) => Schema.Number.pipe(Schema.int(), Schema.between(min, max))

export const WebSearchInput = Schema.Struct({
  query: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(400), Schema.pattern(/\S/)).annotations({
    description: d.query
  }),
  provider: optional(Schema.Literal("auto", "exa", "brave").annotations({ description: d.provider })),
  searchType: optional(SearchType.annotations({ description: d.searchType })),
  count: optional(Int(1, 20).annotations({ description: d.count })),
  offset: optional(Int(0, 9).annotations({ description: d.offset })),
  country: optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z]{2}$/)).annotations({ description: d.country })),
  searchLang: optional(
    Schema.String.pipe(Schema.pattern(/^[A-Za-z]{2}(?:-[A-Za-z]{2,4})?$/)).annotations({ description: d.searchLang })
  ),
  safesearch: optional(Safesearch),
  freshness: optional(Schema.String.pipe(Schema.pattern(FRESHNESS)).annotations({ description: d.freshness }))
})
export type WebSearchInput = typeof WebSearchInput.Type

/** The input with defaults applied: what providers are asked for. */
export interface SearchQuery {
  readonly query: string
  readonly searchType: SearchType
  readonly count: number
  readonly offset: number
  readonly country?: string
  readonly searchLang?: string
  readonly safesearch?: typeof Safesearch.Type
  readonly freshness?: string
}

export const toSearchQuery = (input: WebSearchInput): SearchQuery => ({
  ...input,
  query: input.query.trim(),
  searchType: input.searchType ?? "auto",
  count: input.count ?? 5,
  offset: input.offset ?? 0
})

const decode = Schema.decodeUnknownEither(WebSearchInput, { errors: "all", onExcessProperty: "error" })

export const decodeWebSearchInput = (raw: unknown): Either.Either<WebSearchInput, InvalidInput> =>
  Either.mapLeft(
    decode(raw),
    (error) =>
      new InvalidInput({
        detail: ParseResult.ArrayFormatter.formatErrorSync(error)
          .map((i) => `${i.path.join(".") || "input"}: ${i.message}`)
          .join("; ")
      })
  )

/** Generated titles and constraint prose add bytes, not meaning. */
const stripNoise = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(stripNoise)
  if (node === null || typeof node !== "object") return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" || key === "$schema" || key === "$defs") continue
    if (key === "description" && typeof value === "string" && /^(a string|an integer|a number)/.test(value)) continue
    out[key] = stripNoise(value)
  }
  return out
}

export const webSearchJsonSchema = (): Record<string, unknown> =>
  stripNoise(JSONSchema.make(WebSearchInput, { target: "jsonSchema7" })) as Record<string, unknown>

export interface WebSearchResultItem {
  readonly title: string
  readonly url: string
  readonly description?: string
  readonly highlights?: ReadonlyArray<string>
  readonly source?: string
  readonly age?: string
  readonly language?: string
}

/** What a provider answered, mapped to one shape. */
export interface ProviderAnswer {
  readonly returnedQuery: string
  readonly requestId?: string
  readonly searchType?: string
  readonly results: ReadonlyArray<WebSearchResultItem>
}

export interface WebSearchSuccessDetails extends ProviderAnswer {
  readonly resultCategory: "success"
  readonly provider: SearchProvider
  readonly query: string
  readonly count: number
  readonly offset: number
  readonly fetchedAt: string
}

export interface WebSearchFailureDetails {
  readonly resultCategory: "failure"
  readonly failureCategory: FailureCategory
  readonly error: string
  readonly query?: string
  readonly provider?: SearchProvider
  readonly httpStatus?: number
  /** The config key or environment variable that names the credential involved (never its value). */
  readonly credentialSource?: string
}

export type WebSearchDetails = WebSearchSuccessDetails | WebSearchFailureDetails

export interface WebSearchToolResult {
  readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }>
  readonly details: WebSearchDetails
  readonly isError: boolean
}
