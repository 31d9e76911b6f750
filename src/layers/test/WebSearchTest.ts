/** WebSearchTest: a WebSearch that answers from a function and records every request (no network). */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { ProviderAnswer } from "../../schema/WebSearchContract.js"
import type { WebSearchError } from "../../schema/WebSearchErrors.js"
import { type SearchRequest, WebSearch } from "../../services/WebSearch.js"

export const makeWebSearchTest = (answer: (request: SearchRequest) => Effect.Effect<ProviderAnswer, WebSearchError>) =>
  Effect.gen(function*() {
    const requests = yield* Ref.make<ReadonlyArray<SearchRequest>>([])
    const layer = Layer.succeed(WebSearch, WebSearch.of({ search: (request) => Ref.update(requests, (rs) => [...rs, request]).pipe(Effect.zipRight(answer(request))) }))
    return { layer, requests: Ref.get(requests) }
  })
