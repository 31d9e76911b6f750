/**
 * FakePermissionGrants: a stand-in for the held permission grants, for unit tests. It records every grant asked (the
 * session, the endpoint the program found, the permissions) and every release; a grant with an endpoint is made (and
 * its session held until released) unless the layer was told the browser does not answer.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { GrantOutcome, Permission } from "../../domain/Permission.js"
import { PermissionGrants } from "../../services/PermissionGrants.js"

export interface GrantAsked {
  readonly session: string
  readonly endpoint: string | undefined
  readonly permissions: ReadonlyArray<Permission>
}

export interface FakePermissionGrantsShape {
  readonly asked: Effect.Effect<ReadonlyArray<GrantAsked>>
  readonly released: Effect.Effect<ReadonlyArray<string>>
}

export class FakePermissionGrants extends Context.Tag("pi-agent-browser-effect/FakePermissionGrants")<
  FakePermissionGrants,
  FakePermissionGrantsShape
>() {
  /** `answers`: false, a browser that never answers a grant. */
  static layer(answers = true): Layer.Layer<PermissionGrants | FakePermissionGrants> {
    return Layer.effectContext(
      Effect.gen(function* () {
        const asked = yield* Ref.make<ReadonlyArray<GrantAsked>>([])
        const released = yield* Ref.make<ReadonlyArray<string>>([])
        const held = yield* Ref.make<ReadonlySet<string>>(new Set())
        const grant = (session: string, endpoint: string | undefined, permissions: ReadonlyArray<Permission>) =>
          Effect.gen(function* () {
            yield* Ref.update(asked, (all) => [...all, { session, endpoint, permissions }])
            if (endpoint === undefined) return { granted: false, reason: "no-endpoint" } satisfies GrantOutcome
            if (!answers) return { granted: false, reason: "no-answer" } satisfies GrantOutcome
            yield* Ref.update(held, (all) => new Set([...all, session]))
            return { granted: true } satisfies GrantOutcome
          })
        const release = (session: string) =>
          Effect.all([
            Ref.update(released, (all) => [...all, session]),
            Ref.update(held, (all) => new Set([...all].filter((s) => s !== session)))
          ])
        return Context.make(
          PermissionGrants,
          PermissionGrants.of({
            grant,
            release: (s) => Effect.asVoid(release(s)),
            held: Effect.map(Ref.get(held), (s) => [...s])
          })
        ).pipe(Context.add(FakePermissionGrants, { asked: Ref.get(asked), released: Ref.get(released) }))
      })
    )
  }
}
