/**
 * The browser permissions a command needs (`upstream/commandPermissions.ts`), granted around its run over the
 * session's held DevTools connection (PermissionGrants): before it when the session's browser is already running, so
 * the page's first clipboard call is allowed; else after it (the command started the browser, on about:blank, where
 * upstream's clipboard has no `navigator.clipboard` to call anyway: running it again would not help). The grant's
 * outcome rides on the reply for the text to say. A close releases the session's connection (its grants end with it).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { GrantOutcome } from "../../domain/Permission.js"
import type { Plan } from "../../domain/Plan.js"
import { PermissionGrants } from "../../services/PermissionGrants.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { permissionsOf } from "../../upstream/commandPermissions.js"
import { browserEndpointOf } from "./sessionEndpoint.js"

interface Ran<E> {
  readonly replied: Either.Either<UpstreamOutcome, E>
}

const withGrant = <A extends Ran<E>, E>(ran: A, grant: GrantOutcome): A => ({
  ...ran,
  replied: Either.map(ran.replied, (o) => (o.kind === "single" ? { ...o, permissionGrant: grant } : o))
})

export const withPermissions = <A extends Ran<E>, E, E2, R>(plan: Plan, run: Effect.Effect<A, E2, R>) =>
  Effect.gen(function* () {
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    if (session === undefined) return yield* run
    const grants = yield* PermissionGrants
    if (isClose(plan.line)) return yield* Effect.ensuring(run, grants.release(session))
    const permissions = plan.compiled.mode === "args" ? permissionsOf(plan.line) : []
    if (permissions.length === 0) return yield* run
    const running = (yield* browserEndpointOf(plan)).endpoint
    const before = running !== undefined ? yield* grants.grant(session, running, permissions) : undefined
    const ran = yield* run
    if (before?.granted === true) return withGrant(ran, before)
    const after = yield* grants.grant(session, (yield* browserEndpointOf(plan)).endpoint, permissions)
    return withGrant(ran, after)
  })
