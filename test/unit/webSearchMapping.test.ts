/** Exa and Brave request/response mapping (pure), the input schema, and the result text. */
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import {
  decodeWebSearchInput,
  type SearchQuery,
  toSearchQuery,
  webSearchJsonSchema
} from "../../src/schema/WebSearchContract.js"
import { braveQueryParams, braveSearchLang, mapBraveResponse } from "../../src/search/braveMapping.js"
import { exaRequestBody, mapExaResponse } from "../../src/search/exaMapping.js"
import { formatResultsText } from "../../src/search/presentWebSearch.js"

const now = new Date("2026-06-02T00:00:00.000Z")
const query = (over: Partial<SearchQuery> = {}): SearchQuery => ({
  query: "effect schema",
  searchType: "auto",
  count: 5,
  offset: 0,
  ...over
})

describe("input schema", () => {
  it("applies defaults and rejects bad values with field paths", () => {
    const ok = decodeWebSearchInput({ query: "  effect  " })
    expect(Either.isRight(ok) && toSearchQuery(ok.right)).toEqual({
      query: "effect",
      searchType: "auto",
      count: 5,
      offset: 0
    })
    const bad = decodeWebSearchInput({ query: " ", count: 50, provider: "google", freshness: "lastweek", extra: 1 })
    expect(Either.isLeft(bad)).toBe(true)
    const message = Either.isLeft(bad) ? bad.left.message : ""
    for (const field of ["query", "count", "provider", "freshness", "extra"]) expect(message).toContain(field)
  })

  it("derives a compact JSON schema with the enums and bounds", () => {
    const schema = webSearchJsonSchema() as {
      required: Array<string>
      properties: Record<string, Record<string, unknown>>
    }
    expect(schema.required).toEqual(["query"])
    expect(schema.properties["searchType"]?.["enum"]).toEqual([
      "auto",
      "fast",
      "instant",
      "deep-lite",
      "deep",
      "deep-reasoning"
    ])
    expect(schema.properties["count"]).toMatchObject({ minimum: 1, maximum: 20 })
    expect(JSON.stringify(schema)).not.toContain('"title"')
  })
})

describe("Exa mapping", () => {
  it("builds the /search body: type, numResults, highlights, userLocation, moderation, dates", () => {
    expect(
      exaRequestBody(query({ searchType: "deep", country: "us", safesearch: "strict", freshness: "pw" }), now)
    ).toEqual({
      query: "effect schema",
      type: "deep",
      numResults: 5,
      contents: { highlights: true },
      userLocation: "US",
      moderation: true,
      startPublishedDate: "2026-05-26T00:00:00.000Z"
    })
    const off = exaRequestBody(
      query({ safesearch: "off", searchLang: "en", freshness: "2026-01-01to2026-02-01", offset: 2 }),
      now
    )
    expect(off).toMatchObject({
      numResults: 15,
      startPublishedDate: "2026-01-01T00:00:00.000Z",
      endPublishedDate: "2026-02-01T23:59:59.999Z"
    })
    expect(off).not.toHaveProperty("moderation")
    expect(JSON.stringify(off)).not.toContain("searchLang")
  })

  it("maps results, using the first highlight as the description and slicing the requested page", () => {
    const results = Array.from({ length: 4 }, (_, i) => ({
      title: `T${i}`,
      url: `https://www.site${i}.test/p`,
      publishedDate: "2026-05-01T10:00:00Z",
      highlights: [`  h${i}\nmore `]
    }))
    const answer = mapExaResponse(
      { requestId: "req-1", resolvedSearchType: "neural", results },
      query({ count: 2, offset: 1 })
    )
    expect(Either.getOrThrow(answer)).toEqual({
      returnedQuery: "effect schema",
      requestId: "req-1",
      searchType: "neural",
      results: [
        {
          title: "T2",
          url: "https://www.site2.test/p",
          description: "h2 more",
          highlights: ["h2 more"],
          source: "site2.test",
          age: "2026-05-01"
        },
        {
          title: "T3",
          url: "https://www.site3.test/p",
          description: "h3 more",
          highlights: ["h3 more"],
          source: "site3.test",
          age: "2026-05-01"
        }
      ]
    })
    expect(mapExaResponse({ data: [] }, query())).toEqual(Either.left("unexpected-shape"))
  })
})

describe("Brave mapping", () => {
  it("builds the query parameters", () => {
    expect(
      braveQueryParams(
        query({ count: 10, offset: 1, country: "de", searchLang: "en-US", safesearch: "off", freshness: "pm" })
      )
    ).toEqual({
      q: "effect schema",
      count: "10",
      offset: "1",
      country: "DE",
      search_lang: "en",
      safesearch: "off",
      freshness: "pm"
    })
    expect(braveSearchLang("pt-BR")).toBe("pt-br")
    expect(braveQueryParams(query())).toEqual({ q: "effect schema", count: "5", offset: "0" })
  })

  it("maps web results, stripping markup, with the altered query and a header request id", () => {
    const body = {
      type: "search",
      query: { original: "efect schema", altered: "effect schema" },
      web: {
        results: [
          {
            title: "<strong>Effect</strong> Schema",
            url: "https://effect.website/docs/schema",
            description: "Decode &amp; <strong>encode</strong>",
            page_age: "2026-04-30T00:00:00",
            language: "en",
            profile: { name: "Effect" },
            extra_snippets: ["x"]
          }
        ]
      }
    }
    expect(Either.getOrThrow(mapBraveResponse(body, query(), "rid"))).toEqual({
      returnedQuery: "effect schema",
      requestId: "rid",
      results: [
        {
          title: "Effect Schema",
          url: "https://effect.website/docs/schema",
          description: "Decode & encode",
          highlights: ["x"],
          source: "Effect",
          age: "2026-04-30",
          language: "en"
        }
      ]
    })
    expect(Either.getOrThrow(mapBraveResponse({ type: "search" }, query(), undefined)).results).toEqual([])
    expect(mapBraveResponse({ web: { results: [{ title: "no url" }] } }, query(), undefined)).toEqual(
      Either.left("unexpected-shape")
    )
  })
})

describe("result text", () => {
  it("is a numbered title / URL / one-line description list", () => {
    const text = formatResultsText({
      resultCategory: "success",
      provider: "brave",
      query: "q",
      returnedQuery: "q2",
      count: 2,
      offset: 1,
      fetchedAt: now.toISOString(),
      results: [
        { title: "A", url: "https://a.test/", description: "x".repeat(500), source: "a.test" },
        { title: "B", url: "https://b.test/" }
      ]
    })
    expect(text.split("\n")).toEqual([
      'Brave: 2 results for "q" (searched as "q2")',
      "3. A (a.test)",
      "   https://a.test/",
      `   ${"x".repeat(199)}…`,
      "4. B",
      "   https://b.test/"
    ])
  })
})
