/**
 * The WebSearch contract, run against FakeWebSearch answering `scriptedAnswer` and WebSearchLive over
 * `startProviderServer`, a local server speaking Exa's `POST /search` and Brave's `GET /res/v1/web/search` with the
 * same script (test/unit/webSearchService.test.ts). The query text picks the scenario: `status-429` (the provider's
 * error body echoes the key), `badjson`, anything else answers one result; a key other than `CONTRACT_KEY` is refused.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type { ProviderAnswer, SearchProvider } from "../../../src/schema/WebSearchContract.js"
import { ProviderHttpError, ProviderMalformed, type WebSearchError } from "../../../src/schema/WebSearchErrors.js"
import { type SearchRequest, WebSearch } from "../../../src/services/WebSearch.js"

export const CONTRACT_KEY = "contract-key-5e1f0c77"
const WRONG_KEY = "wrong-key-0b9d3a41"
const RESULT = { title: "Effect documentation", url: "https://effect.website/docs" }

/** What FakeWebSearch answers for the script: the provider's answer as the live layer maps it. */
export const scriptedAnswer = (request: SearchRequest): Effect.Effect<ProviderAnswer, WebSearchError> => {
  const { provider } = request
  if (Redacted.value(request.apiKey) !== CONTRACT_KEY)
    return Effect.fail(new ProviderHttpError({ provider, status: 401, detail: "Invalid API key: [REDACTED]" }))
  if (request.query.query === "status-429")
    return Effect.fail(
      new ProviderHttpError({ provider, status: 429, detail: "Too many requests for token [REDACTED]" })
    )
  if (request.query.query === "badjson") return Effect.fail(new ProviderMalformed({ provider, reason: "not-json" }))
  return Effect.succeed({ returnedQuery: request.query.query, results: [{ ...RESULT, source: "effect.website" }] })
}

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(body)
}

const answer = (res: ServerResponse, key: string | undefined, query: string, ok: () => string) => {
  if (key !== CONTRACT_KEY) return send(res, 401, JSON.stringify({ error: `Invalid API key: ${String(key)}` }))
  if (query === "status-429")
    return send(res, 429, JSON.stringify({ error: { detail: `Too many requests for token ${key}` } }))
  if (query === "badjson") return send(res, 200, '{"results": [')
  send(res, 200, ok())
}

/** The script served over HTTP in each provider's own shapes; `close` ends it. */
export const startProviderServer = async (): Promise<{
  readonly origin: string
  readonly close: () => Promise<void>
}> => {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()))
    req.on("end", () => {
      if (req.method === "POST" && url.pathname === "/search") {
        const query = (JSON.parse(raw) as { query: string }).query
        return answer(res, req.headers["x-api-key"] as string | undefined, query, () =>
          JSON.stringify({ results: [{ id: "r1", ...RESULT }] })
        )
      }
      if (req.method === "GET" && url.pathname === "/res/v1/web/search") {
        const query = url.searchParams.get("q") ?? ""
        return answer(res, req.headers["x-subscription-token"] as string | undefined, query, () =>
          JSON.stringify({ type: "search", query: { original: query }, web: { type: "search", results: [RESULT] } })
        )
      }
      send(res, 404, "{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export interface WebSearchSubject {
  readonly layer: () => Layer.Layer<WebSearch>
}

const PROVIDERS: ReadonlyArray<SearchProvider> = ["exa", "brave"]

const request = (provider: SearchProvider, query: string, key = CONTRACT_KEY): SearchRequest => ({
  provider,
  apiKey: Redacted.make(key),
  query: { query, searchType: "auto", count: 5, offset: 0 }
})

/** Everything an error shows: its fields and its message. */
const shown = (error: WebSearchError) => `${JSON.stringify(error)} ${error.message}`

export const webSearchContract = (label: string, subject: WebSearchSubject) =>
  describe(`WebSearch contract: ${label}`, () => {
    const search = (r: SearchRequest) =>
      Effect.flatMap(WebSearch, (service) => service.search(r)).pipe(Effect.provide(subject.layer()))

    for (const provider of PROVIDERS) {
      it.live(`${provider}: answers with the provider's results and the query as it came back`, () =>
        Effect.gen(function* () {
          const found = yield* search(request(provider, "effect layers"))
          expect(found.returnedQuery).toBe("effect layers")
          expect(found.results).toEqual([{ ...RESULT, source: "effect.website" }])
        })
      )

      it.live(
        `${provider}: a refused key is ProviderHttpError 401 that shows no key, not even the provider's echo`,
        () =>
          Effect.gen(function* () {
            const error = yield* Effect.flip(search(request(provider, "effect layers", WRONG_KEY)))
            expect(error).toMatchObject({ _tag: "ProviderHttpError", provider, status: 401 })
            expect(shown(error)).not.toContain(WRONG_KEY)
          })
      )

      it.live(`${provider}: a provider error keeps its status and its words, the key scrubbed out of them`, () =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(search(request(provider, "status-429")))
          expect(error).toMatchObject({
            _tag: "ProviderHttpError",
            provider,
            status: 429,
            detail: "Too many requests for token [REDACTED]"
          })
          expect(shown(error)).not.toContain(CONTRACT_KEY)
        })
      )

      it.live(`${provider}: a 200 answer that is not JSON is ProviderMalformed not-json`, () =>
        Effect.gen(function* () {
          expect(yield* Effect.flip(search(request(provider, "badjson")))).toMatchObject({
            _tag: "ProviderMalformed",
            provider,
            reason: "not-json"
          })
        })
      )
    }
  })
