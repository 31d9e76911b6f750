/**
 * The session's `network route` mocks as the model can ask about them. agent-browser 0.41.2 lists no routes and its
 * `unroute` answers the same whether it removed one, all or none; the session registry records every route and
 * unroute that went through this tool (session/captures.ts). So `network routes` (wrapper-only) answers from that
 * record without running upstream, and a route or unroute reply gains what the record says: the routes it removed
 * and those still active. Routes set outside this tool, or lost with a relaunched browser, are not in the record;
 * the text says the list is the tool's.
 */
import * as Effect from "effect/Effect"
import type { RouteRule } from "../../domain/Captures.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { afterRoute, routesBefore } from "../../session/captures.js"

const isNetwork = (plan: Plan, sub: string): boolean =>
  plan.line.positionals[0] === "network" && plan.line.positionals[1] === sub

/** `network routes`: whether the call asks for the list (answered by `listRoutes`, never by upstream). */
export const asksForRoutes = (plan: Plan): boolean => isNetwork(plan, "routes")

const rows = (routes: ReadonlyArray<RouteRule>) =>
  routes.map((r) => ({ pattern: r.pattern, mode: r.mode, ...(r.status !== undefined ? { status: r.status } : {}) }))

const NO_BROWSER =
  "network routes lists the routes of a running session, and this one has no browser yet: no route " +
  "is active. Set one with network route <url> --body <json> [--status <code>] | --abort."

/** The reply of `network routes`: the session's recorded routes; a session with no browser yet has none to list. */
export const listRoutes = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.sessionName === undefined || plan.firstLaunch) {
      return yield* new InvalidInput({ field: "args", detail: NO_BROWSER })
    }
    const view = yield* (yield* SessionRegistry).view(plan.sessionName)
    return { kind: "single", data: { routes: rows(view.routes) }, warning: undefined } satisfies UpstreamOutcome
  })

/**
 * A route or unroute reply with the record's view added: `removed` (unroute) and `activeRoutes` after the call, and
 * for a route the earlier ones that may answer some of its requests first (`routedBefore`).
 */
export const withRouteBook = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const route = isNetwork(plan, "route")
    const applies = (route || isNetwork(plan, "unroute")) && outcome.kind === "single"
    if (!applies || outcome.kind !== "single" || plan.sessionName === undefined) return outcome
    const before = (yield* (yield* SessionRegistry).view(plan.sessionName)).routes
    const after = afterRoute(plan.line, before)
    const removed = route ? [] : before.filter((r) => !after.some((a) => a.pattern === r.pattern))
    const data = (outcome.data !== null && typeof outcome.data === "object" ? outcome.data : {}) as Record<
      string,
      unknown
    >
    const pattern = plan.line.positionals[2]
    const earlier = route && pattern !== undefined ? routesBefore(after, pattern) : []
    const book = {
      ...(route ? {} : { removed: rows(removed) }),
      activeRoutes: rows(after),
      ...(earlier.length > 0 ? { routedBefore: rows(earlier) } : {})
    }
    return { ...outcome, data: { ...data, ...book } } satisfies UpstreamOutcome
  })
