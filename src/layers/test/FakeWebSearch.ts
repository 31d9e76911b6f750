/**
 * FakeWebSearch: a WebSearch that answers from a function (no network). `FakeWebSearch.layer(answer)` provides the
 * service and the `FakeWebSearch` driver, which reads every request the service received.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { ProviderAnswer } from "../../schema/WebSearchContract.js"
import type { WebSearchError } from "../../schema/WebSearchErrors.js"
import { type SearchRequest, WebSearch } from "../../services/WebSearch.js"

export interface FakeWebSearchShape {
  /** The requests the service received, in order. */
  readonly requests: Effect.Effect<ReadonlyArray<SearchRequest>>
}

export class FakeWebSearch extends Context.Tag("pi-agent-browser-effect/FakeWebSearch")<
  FakeWebSearch,
  FakeWebSearchShape
>() {
  static layer(
    answer: (request: SearchRequest) => Effect.Effect<ProviderAnswer, WebSearchError>
  ): Layer.Layer<WebSearch | FakeWebSearch> {
    return Layer.effectContext(
      Effect.map(Ref.make<ReadonlyArray<SearchRequest>>([]), (requests) =>
        Context.make(
          WebSearch,
          WebSearch.of({
            search: (request) => Ref.update(requests, (rs) => [...rs, request]).pipe(Effect.zipRight(answer(request)))
          })
        ).pipe(Context.add(FakeWebSearch, FakeWebSearch.of({ requests: Ref.get(requests) })))
      )
    )
  }
}
