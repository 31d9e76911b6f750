/**
 * `network route <glob> …`, as one run step: with a response shape, sent to upstream's daemon (shapedRoute.ts); else
 * upstream's own CLI route. Either way after upstream's `network unroute <glob>` in the same call and the session's
 * pinned tab (clearFirst.ts), so a glob routed again answers with the new route, as the text and the route book say.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { clearThenRun } from "./clearFirst.js"
import { runShapedRoute } from "./shapedRoute.js"

/** Whether the call is a `network route` (the run step's check; a caller's batch runs its own steps). */
export const isRouteCall = (plan: Plan): boolean =>
  plan.line.command !== "batch" && plan.line.positionals[0] === "network" && plan.line.positionals[1] === "route"

/** A `network route`, run (its reply as an Either, like the other run steps'); undefined when it runs as usual. */
export const runRoute = (plan: Plan) =>
  Effect.gen(function* () {
    const shaped = yield* runShapedRoute(plan)
    if (shaped !== undefined) return shaped
    const pattern = plan.line.positionals[2]
    // no browser session, or no glob (upstream says what is missing): the command runs as usual
    if (plan.kind !== "browser" || plan.sessionName === undefined || pattern === undefined || pattern.startsWith("-"))
      return undefined
    return { replied: yield* clearThenRun(plan, plan.sessionName, pattern, [plan.line.positionals]) }
  })
