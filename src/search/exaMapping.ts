/**
 * Exa `POST /search` (docs: exa.ai/docs/reference/search): request body from a query, and the documented response
 * (`requestId`, `resolvedSearchType`, `results[]` with `title`, `url`, `publishedDate`, `author`, `highlights`)
 * mapped to the tool's result shape. Pure. Exa has no offset, so pages are emulated by asking for more and slicing.
 */
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import type { ProviderAnswer, SearchQuery, WebSearchResultItem } from "../schema/WebSearchContract.js"
import { compact, hostOf } from "./text.js"

export const EXA_ORIGIN = "https://api.exa.ai"
/** Exa's documented ceiling for `numResults`. */
const EXA_MAX_RESULTS = 100
const DAY_MS = 86_400_000
const FRESHNESS_DAYS: Record<string, number> = { pd: 1, pw: 7, pm: 31, py: 365 }

/** `pd`/`pw`/`pm`/`py` become a start date relative to `now`; `A toB` becomes a start and an end date. */
export const exaDates = (
  freshness: string | undefined,
  now: Date
): { startPublishedDate?: string; endPublishedDate?: string } => {
  if (freshness === undefined) return {}
  const days = FRESHNESS_DAYS[freshness]
  if (days !== undefined) return { startPublishedDate: new Date(now.getTime() - days * DAY_MS).toISOString() }
  const [from, to] = freshness.split("to")
  return { startPublishedDate: `${from}T00:00:00.000Z`, endPublishedDate: `${to}T23:59:59.999Z` }
}

export const exaRequestBody = (q: SearchQuery, now: Date): Record<string, unknown> => ({
  query: q.query,
  type: q.searchType,
  numResults: Math.min(q.count * (q.offset + 1), EXA_MAX_RESULTS),
  contents: { highlights: true },
  ...(q.country !== undefined ? { userLocation: q.country.toUpperCase() } : {}),
  ...(q.safesearch === "moderate" || q.safesearch === "strict" ? { moderation: true } : {}),
  ...exaDates(q.freshness, now)
})

const optionalString = Schema.optional(Schema.NullOr(Schema.String))

const ExaResponse = Schema.Struct({
  requestId: optionalString,
  resolvedSearchType: optionalString,
  autopromptString: optionalString,
  results: Schema.Array(
    Schema.Struct({
      title: optionalString,
      url: Schema.String,
      publishedDate: optionalString,
      author: optionalString,
      highlights: Schema.optional(Schema.NullOr(Schema.Array(Schema.String)))
    })
  )
})

const decode = Schema.decodeUnknownEither(ExaResponse)

export const mapExaResponse = (json: unknown, q: SearchQuery): Either.Either<ProviderAnswer, "unexpected-shape"> =>
  Either.mapBoth(decode(json), {
    onLeft: () => "unexpected-shape" as const,
    onRight: (body) => {
      const results = body.results.slice(q.count * q.offset, q.count * (q.offset + 1)).map((r): WebSearchResultItem => {
        const highlights = (r.highlights ?? []).map(compact).filter((h) => h !== "")
        const source = hostOf(r.url)
        return {
          title: compact(r.title ?? "") || r.url,
          url: r.url,
          ...(highlights[0] !== undefined ? { description: highlights[0] } : {}),
          ...(highlights.length > 0 ? { highlights } : {}),
          ...(source !== undefined ? { source } : {}),
          ...(r.publishedDate ? { age: r.publishedDate.slice(0, 10) } : {})
        }
      })
      return {
        returnedQuery: body.autopromptString ?? q.query,
        ...(body.requestId ? { requestId: body.requestId } : {}),
        searchType: body.resolvedSearchType ?? q.searchType,
        results
      }
    }
  })
