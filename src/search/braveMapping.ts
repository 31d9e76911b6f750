/**
 * Brave `GET /res/v1/web/search` (docs: api-dashboard.search.brave.com, Web Search API): query parameters from a
 * query, and the documented response (`query.original`/`altered`, `web.results[]` with `title`, `url`,
 * `description`, `age`, `page_age`, `language`, `profile.name`, `meta_url.hostname`) mapped to the tool's shape.
 * Pure. Brave's descriptions carry `<strong>` markup, which is stripped.
 */
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import type { ProviderAnswer, SearchQuery, WebSearchResultItem } from "../schema/WebSearchContract.js"
import { compact, hostOf } from "./text.js"

export const BRAVE_ORIGIN = "https://api.search.brave.com"
export const BRAVE_PATH = "/res/v1/web/search"

/** Brave's `search_lang` codes are bare languages except these regional ones (`en-US` → `en`). */
const BRAVE_REGIONAL_LANGS = new Set(["en-gb", "zh-hans", "zh-hant", "pt-br", "pt-pt"])

export const braveSearchLang = (lang: string): string => {
  const lower = lang.toLowerCase()
  return BRAVE_REGIONAL_LANGS.has(lower) ? lower : (lower.split("-")[0] as string)
}

export const braveQueryParams = (q: SearchQuery): Record<string, string> => ({
  q: q.query,
  count: String(q.count),
  offset: String(q.offset),
  ...(q.country !== undefined ? { country: q.country.toUpperCase() } : {}),
  ...(q.searchLang !== undefined ? { search_lang: braveSearchLang(q.searchLang) } : {}),
  ...(q.safesearch !== undefined ? { safesearch: q.safesearch } : {}),
  ...(q.freshness !== undefined ? { freshness: q.freshness } : {})
})

const optionalString = Schema.optional(Schema.NullOr(Schema.String))

const BraveResponse = Schema.Struct({
  query: Schema.optional(Schema.Struct({ original: optionalString, altered: optionalString })),
  web: Schema.optional(
    Schema.Struct({
      results: Schema.Array(
        Schema.Struct({
          title: optionalString,
          url: Schema.String,
          description: optionalString,
          age: optionalString,
          page_age: optionalString,
          language: optionalString,
          profile: Schema.optional(Schema.Struct({ name: optionalString })),
          meta_url: Schema.optional(Schema.Struct({ hostname: optionalString })),
          extra_snippets: Schema.optional(Schema.Array(Schema.String))
        })
      )
    })
  )
})

const decode = Schema.decodeUnknownEither(BraveResponse)

const stripTags = (text: string): string =>
  compact(
    text
      .replace(/<[^>]*>/g, "")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&")
  )

export const mapBraveResponse = (
  json: unknown,
  q: SearchQuery,
  requestId: string | undefined
): Either.Either<ProviderAnswer, "unexpected-shape"> =>
  Either.mapBoth(decode(json), {
    onLeft: () => "unexpected-shape" as const,
    onRight: (body) => {
      const results = (body.web?.results ?? []).slice(0, q.count).map((r): WebSearchResultItem => {
        const description = stripTags(r.description ?? "")
        const highlights = (r.extra_snippets ?? []).map(stripTags).filter((s) => s !== "")
        const source = r.profile?.name ?? r.meta_url?.hostname ?? hostOf(r.url)
        const age = r.page_age ? r.page_age.slice(0, 10) : r.age
        return {
          title: stripTags(r.title ?? "") || r.url,
          url: r.url,
          ...(description !== "" ? { description } : {}),
          ...(highlights.length > 0 ? { highlights } : {}),
          ...(source ? { source } : {}),
          ...(age ? { age } : {}),
          ...(r.language ? { language: r.language } : {})
        }
      })
      return {
        returnedQuery: body.query?.altered ?? body.query?.original ?? q.query,
        ...(requestId !== undefined ? { requestId } : {}),
        results
      }
    }
  })
