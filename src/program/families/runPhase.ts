/**
 * The run phase: the call's one upstream process, as its family (family.ts) says. A step run for job, qa, lookups and
 * a caller's batch; else the family's run steps in order, each entered only when its check (stepChecks.ts) passes,
 * the first that answers running the command; else the plain planned command (or the tool's own `network routes`).
 * The reply comes back as an Either, classified once where it was read; the extras a step read come with it.
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
import { runClick } from "../page/clickCommand.js"
import { runInputCall } from "../page/inputCommand.js"
import { runNamedSnapshot } from "../page/namedSnapshot.js"
import { runOpen } from "../page/openCommand.js"
import { type Probed, runProbed } from "../probed/probedCommand.js"
import { waitForTarget } from "../page/readinessWait.js"
import { withSeenPage } from "../page/seenAfterMiss.js"
import { runGuardedPlanned } from "../security/guardedTyping.js"
import { asksForRoutes, listRoutes } from "../lifecycle/routeBook.js"
import { runRoute } from "../routes/routeCommand.js"
import { runPinned } from "../tabs/tabPinning.js"
import { type CommandFamily, type RunStep, reads } from "./family.js"
import { stepApplies } from "./stepChecks.js"

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
      return { replied: yield* Effect.either(runSteps(plan, steps.rows, steps.failFast, onProgress)) }
    const enters = (step: RunStep) => family.runs.includes(step) && stepApplies(step, plan)
    const guarded = enters("guarded") ? yield* runGuardedPlanned(plan) : undefined
    if (guarded !== undefined) return { replied: guarded }
    // scroll and get text run with their page reads in the same process (and in the pinned tab, if any)
    const probed: Probed | undefined = enters("probed") ? yield* runProbed(plan) : undefined
    if (probed !== undefined) return { replied: probed.replied, probed }
    // a click with modifiers or another button, a drop, a storage key removal: input the tool sends itself
    const input = enters("input") ? yield* runInputCall(plan) : undefined
    if (input !== undefined) return { replied: input.replied }
    // a direct click runs with its dispatch recorder and page read in the same process
    const clicked = enters("click") ? yield* runClick(plan) : undefined
    if (clicked !== undefined) return { replied: clicked.replied, clicked }
    // snapshot -i with the full tree that names its unnamed controls (and -C's ref targets)
    const named = enters("namedSnapshot") ? yield* runNamedSnapshot(plan) : undefined
    if (named !== undefined) return { replied: named.replied, named }
    const opened = enters("open") ? yield* runOpen(plan) : undefined
    if (opened !== undefined) return { replied: opened.replied, opened }
    // a route, after an unroute of its glob in the same call (a shaped one: upstream's daemon route command)
    const routed = enters("route") ? yield* runRoute(plan) : undefined
    if (routed !== undefined) return { replied: routed.replied }
    const pinned = enters("pinned") ? yield* runPinned(plan) : undefined
    if (pinned !== undefined) return { replied: pinned.replied, pinned }
    // `network routes` is the tool's own list (routeBook.ts): upstream has no such command
    if (reads(family, "routeBook") && asksForRoutes(plan)) return { replied: yield* Effect.either(listRoutes(plan)) }
    const deadline = (yield* Clock.currentTimeMillis) + plan.timeoutMs
    const replied = yield* Effect.either(waitForTarget(plan, (timeoutMs) => runPlanned({ ...plan, timeoutMs })))
    // a `wait --text`/`--url` that was not met says what the page shows or where it is instead (failure path only)
    if (Either.isLeft(replied) && replied.left._tag === "TimedOut" && replied.left.assertion !== undefined)
      return { replied: Either.left(yield* withSeenPage(targetOf(plan), replied.left, deadline)) }
    return { replied }
  })

export type RunPhaseResult = Effect.Effect.Success<ReturnType<typeof runPhase>>
