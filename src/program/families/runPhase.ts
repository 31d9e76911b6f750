/**
 * The run phase: the call's one upstream process, as its family (family.ts) says. A step run for job, qa, lookups and
 * a caller's batch; else the family's run steps in order (stepRunners.ts), each entered only when its check
 * (stepChecks.ts) passes, the first that answers running the command; else the plain planned command (or the tool's
 * own `network routes`). The reply comes back as an Either, classified once where it was read; the extras a step read
 * come with it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import type { ProgressSink } from "../../domain/Progress.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { stepRunOf } from "../../session/stepRun.js"
import { targetOf } from "../../session/target.js"
import { runSteps } from "../modes/runSteps.js"
import { waitForTarget } from "../page/readinessWait.js"
import { withSeenPage } from "../page/seenAfterMiss.js"
import { asksForRoutes, listRoutes } from "../lifecycle/routeBook.js"
import { type CommandFamily, reads } from "./family.js"
import { stepApplies } from "./stepChecks.js"
import { replying, STEP_RUNNERS, type StepAnswer } from "./stepRunners.js"

/** The planned command exactly as echoed in `effectiveArgs`. */
const runPlanned = (plan: Plan) =>
  Effect.flatMap(SessionCommands, (commands) =>
    commands.run({ prefix: [], env: plan.env, cwd: plan.cwd, kind: plan.kind }, plan.effectiveArgs, {
      ...(plan.stdin !== undefined ? { stdin: plan.stdin } : {}),
      timeoutMs: plan.timeoutMs
    })
  )

/**
 * Runs the call's one upstream process (or its steps) the way its family says: its run steps in order, each entered
 * only when its check passes, the first that answers running the command, with what it read.
 */
export const runPhase = (plan: Plan, family: CommandFamily, onProgress: ProgressSink | undefined) =>
  Effect.gen(function* () {
    const steps = family.name === "steps" ? stepRunOf(plan) : undefined
    if (steps !== undefined)
      return replying(yield* Effect.either(runSteps(plan, steps.rows, steps.failFast, onProgress)))
    for (const step of family.runs) {
      const answer = stepApplies(step, plan) ? yield* STEP_RUNNERS[step](plan) : undefined
      if (answer !== undefined) return answer
    }
    // `network routes` is the tool's own list (routeBook.ts): upstream has no such command
    if (reads(family, "routeBook") && asksForRoutes(plan)) return replying(yield* Effect.either(listRoutes(plan)))
    const deadline = (yield* Clock.currentTimeMillis) + plan.timeoutMs
    const replied = yield* Effect.either(waitForTarget(plan, (timeoutMs) => runPlanned({ ...plan, timeoutMs })))
    // a `wait --text`/`--url` that was not met says what the page shows or where it is instead (failure path only)
    if (Either.isLeft(replied) && replied.left._tag === "TimedOut" && replied.left.assertion !== undefined)
      return replying(Either.left(yield* withSeenPage(targetOf(plan), replied.left, deadline)))
    return replying(replied)
  })

export type RunPhaseResult = StepAnswer
