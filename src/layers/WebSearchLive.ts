/**
 * WebSearchLive: Exa and Brave over `@effect/platform`'s HttpClient (Node's http via NodeHttpClient). Endpoints
 * default to the providers' origins; `PI_AGENT_BROWSER_EXA_BASE_URL` / `PI_AGENT_BROWSER_BRAVE_BASE_URL` replace the
 * origin (a proxy, or a local server in tests). Transport errors are translated here and their causes dropped: they
 * hold the request, whose headers hold the key.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { scrubText } from "../redaction/scrub.js"
import { BRAVE_ORIGIN, BRAVE_PATH, braveQueryParams, mapBraveResponse } from "../search/braveMapping.js"
import { EXA_ORIGIN, exaRequestBody, mapExaResponse } from "../search/exaMapping.js"
import { clip, compact } from "../search/text.js"
import type { ProviderAnswer, SearchProvider } from "../schema/WebSearchContract.js"
import {
  ProviderHttpError,
  ProviderMalformed,
  ProviderTimeout,
  ProviderUnreachable
} from "../schema/WebSearchErrors.js"
import { type SearchRequest, WebSearch } from "../services/WebSearch.js"

export const DEFAULT_SEARCH_TIMEOUT_MS = 20_000

export interface WebSearchLiveOptions {
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly timeoutMs?: number
  readonly now?: () => Date
}

const base = (value: string | undefined, fallback: string): string =>
  (value !== undefined && value.trim() !== "" ? value.trim() : fallback).replace(/\/+$/, "")

/** The provider's own error message (Exa: `error`; Brave: `error.detail`), one short line, without the key. */
const errorDetail = (body: string, key: string): string | undefined => {
  let message: unknown
  try {
    const json = JSON.parse(body) as Record<string, unknown>
    const error = json["error"]
    message =
      typeof error === "string"
        ? error
        : typeof error === "object" && error !== null
          ? ((error as Record<string, unknown>)["detail"] ?? (error as Record<string, unknown>)["message"])
          : json["message"]
  } catch {
    message = body
  }
  const text = typeof message === "string" ? compact(scrubText(message, [key])) : ""
  return text === "" ? undefined : clip(text, 200)
}

export const makeWebSearchLive = (options: WebSearchLiveOptions = {}): Layer.Layer<WebSearch> =>
  Layer.effect(
    WebSearch,
    Effect.gen(function* () {
      const client = yield* HttpClient.HttpClient
      const env = options.env ?? process.env
      const timeoutMs = options.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS
      const now = options.now ?? (() => new Date())
      const origins: Record<SearchProvider, string> = {
        exa: base(env["PI_AGENT_BROWSER_EXA_BASE_URL"], EXA_ORIGIN),
        brave: base(env["PI_AGENT_BROWSER_BRAVE_BASE_URL"], BRAVE_ORIGIN)
      }

      const build = (request: SearchRequest) => {
        const key = Redacted.value(request.apiKey)
        return request.provider === "exa"
          ? HttpClientRequest.post(`${origins.exa}/search`).pipe(
              HttpClientRequest.setHeaders({ "x-api-key": key, accept: "application/json" }),
              HttpClientRequest.bodyUnsafeJson(exaRequestBody(request.query, now()))
            )
          : HttpClientRequest.get(`${origins.brave}${BRAVE_PATH}`).pipe(
              HttpClientRequest.setUrlParams(braveQueryParams(request.query)),
              HttpClientRequest.setHeaders({ "X-Subscription-Token": key, accept: "application/json" })
            )
      }

      const search = (request: SearchRequest) => {
        const { provider } = request
        return Effect.gen(function* () {
          const response = yield* client
            .execute(build(request))
            .pipe(Effect.mapError(() => new ProviderUnreachable({ provider, origin: origins[provider] })))
          const body = yield* response.text.pipe(
            Effect.mapError(() => new ProviderUnreachable({ provider, origin: origins[provider] }))
          )
          if (response.status < 200 || response.status >= 300) {
            const detail = errorDetail(body, Redacted.value(request.apiKey))
            return yield* new ProviderHttpError({
              provider,
              status: response.status,
              ...(detail !== undefined ? { detail } : {})
            })
          }
          let json: unknown
          try {
            json = JSON.parse(body)
          } catch {
            return yield* new ProviderMalformed({ provider, reason: "not-json" })
          }
          const requestId = response.headers["x-request-id"]
          const mapped: Either.Either<ProviderAnswer, "unexpected-shape"> =
            provider === "exa" ? mapExaResponse(json, request.query) : mapBraveResponse(json, request.query, requestId)
          return yield* Either.match(mapped, {
            onLeft: (reason) => Effect.fail(new ProviderMalformed({ provider, reason })),
            onRight: (answer) =>
              Effect.succeed(
                answer.requestId === undefined && requestId !== undefined ? { ...answer, requestId } : answer
              )
          })
        }).pipe(
          Effect.scoped,
          Effect.timeoutFail({
            duration: Duration.millis(timeoutMs),
            onTimeout: () => new ProviderTimeout({ provider, timeoutMs })
          }),
          Effect.withSpan("WebSearch.search", { attributes: { provider } })
        )
      }
      return WebSearch.of({ search })
    })
  ).pipe(Layer.provide(NodeHttpClient.layer))

export const WebSearchLive: Layer.Layer<WebSearch> = makeWebSearchLive()
