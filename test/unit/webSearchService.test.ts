/**
 * The WebSearch service: one contract against WebSearchLive (real HTTP to a local Exa/Brave server) and
 * FakeWebSearch (the scripted answers unit tests use), then the fake's driver; the test layer stands in for the live
 * one by type.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { afterAll, beforeAll, expectTypeOf } from "vitest"
import { FakeWebSearch } from "../../src/layers/test/FakeWebSearch.js"
import { makeWebSearchLive, WebSearchLive } from "../../src/layers/WebSearchLive.js"
import type { WebSearchError } from "../../src/schema/WebSearchErrors.js"
import { type SearchRequest, WebSearch, type WebSearchShape } from "../../src/services/WebSearch.js"
import {
  CONTRACT_KEY,
  scriptedAnswer,
  startProviderServer,
  webSearchContract
} from "../support/contracts/webSearchContract.js"

let server: Awaited<ReturnType<typeof startProviderServer>>
beforeAll(async () => {
  server = await startProviderServer()
})
afterAll(() => server.close())

webSearchContract("WebSearchLive over a local provider server", {
  layer: () =>
    makeWebSearchLive({
      env: { PI_AGENT_BROWSER_EXA_BASE_URL: server.origin, PI_AGENT_BROWSER_BRAVE_BASE_URL: `${server.origin}/` },
      timeoutMs: 5_000
    })
})

webSearchContract("FakeWebSearch", { layer: () => FakeWebSearch.layer(scriptedAnswer) })

describe("FakeWebSearch driver", () => {
  it.effect("reads every request the service received, in order", () =>
    Effect.gen(function* () {
      const service = yield* WebSearch
      const query = { searchType: "auto", count: 5, offset: 0 } as const
      const key = Redacted.make(CONTRACT_KEY)
      yield* Effect.either(service.search({ provider: "exa", apiKey: key, query: { ...query, query: "first" } }))
      yield* Effect.either(service.search({ provider: "brave", apiKey: key, query: { ...query, query: "second" } }))
      expect((yield* (yield* FakeWebSearch).requests).map((r) => [r.provider, r.query.query])).toEqual([
        ["exa", "first"],
        ["brave", "second"]
      ])
    }).pipe(Effect.provide(FakeWebSearch.layer(scriptedAnswer)))
  )

  // type-level facts, checked by `npm run typecheck`
  it("stands in for WebSearchLive: provides what it provides, needs and fails with nothing more; the key is Redacted", () => {
    type Fake = ReturnType<typeof FakeWebSearch.layer>
    // a Layer is contravariant in what it provides: the fake layer fits wherever the live one is expected
    expectTypeOf<Fake>().toExtend<typeof WebSearchLive>()
    expectTypeOf<Effect.Effect.Error<ReturnType<WebSearchShape["search"]>>>().toEqualTypeOf<WebSearchError>()
    expectTypeOf<SearchRequest["apiKey"]>().toEqualTypeOf<Redacted.Redacted<string>>()
  })
})
