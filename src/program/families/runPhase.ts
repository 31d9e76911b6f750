/**
 * The run phase: the call's one upstream process, as its family (family.ts) says. A step run for job, qa, lookups and
 * a caller's batch; else the family's run steps in order (stepRunners.ts), each entered only when its check
 * (below) passes, the first that answers running the command; else the plain planned command (or the tool's
 * own `network routes`). The reply comes back as an Either, classified once where it was read; the extras a step read
 * come with it.
 */

import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { inputCommandOf } from "../../compilers/inputCommand.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { ProgressSink } from "../../domain/Progress.js"
import { namesControls } from "../../page/namingReads.js"
import { guardNeed } from "../../security/typingGuard.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { mayProbe, mayProbeAlone, stepRunOf, targetOf } from "../../session/planRun.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { mayNavigate } from "../../upstream/commandPolicy.js"
import { saveResponseBody } from "../artifacts/responseBody.js"
import { convertScreenshotFile } from "../artifacts/screenshotImage.js"
import { asksForRoutes, listRoutes, withRouteBook } from "../lifecycle/routeBook.js"
import { analyzeLookup } from "../lookups/analyzeLookup.js"
import { applyPageFilter } from "../lookups/pageFilter.js"
import { runSteps } from "../modes/runSteps.js"
import { waitForTarget } from "../page/commandBatch.js"
import { withSeenPage } from "../page/seenAfterMiss.js"
import { isProbed } from "../probed/kinds.js"
import { isRouteCall } from "../routes/routeCommand.js"
import { isPinnable } from "../tabs/tabPinning.js"
import { type CommandFamily, reads, type RunStep } from "./family.js"
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
      const answer = (yield* entered(step, plan)) ? yield* STEP_RUNNERS[step](plan) : undefined
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

/**
 * Whether each run step applies to a plan, in one table: the family (family.ts) says which run steps a call may
 * enter, this says whether it does (the step's own first check, asked before it is entered). Pure.
 */
const CHECKS: Readonly<Record<RunStep, (plan: Plan) => boolean>> = {
  guarded: (plan) => plan.line.command !== "batch" && guardNeed(plan.security, plan.line.positionals) !== undefined,
  probed: isProbed,
  input: (plan) =>
    plan.kind === "browser" && plan.line.command !== "batch" && inputCommandOf(plan.line.positionals) !== undefined,
  click: (plan) => mayNavigate(plan.line) && mayProbeAlone(plan),
  namedSnapshot: (plan) =>
    plan.line.command === "snapshot" &&
    plan.stdin === undefined &&
    namesControls(plan.line.positionals) &&
    mayProbe(plan),
  open: (plan) => isOpening(plan.line.command) && mayProbeAlone(plan),
  route: isRouteCall,
  pinned: (plan) => isPinnable(plan) && plan.sessionName !== undefined
}

export const stepApplies = (step: RunStep, plan: Plan): boolean => CHECKS[step](plan)

/**
 * Whether the run phase enters a step: the pinned step only in a session with a pinned tab (read when the step is
 * reached: a step before it may have dropped the pin, tabPinning.ts), then the step's check.
 */
const entered = (step: RunStep, plan: Plan): Effect.Effect<boolean, never, SessionRegistry> => {
  if (step !== "pinned") return Effect.succeed(stepApplies(step, plan))
  const session = plan.sessionName
  if (session === undefined) return Effect.succeed(false)
  return Effect.map(
    Effect.flatMap(SessionRegistry, (registry) => registry.view(session)),
    (view) => view.pinnedTab !== undefined && stepApplies(step, plan)
  )
}

/**
 * What a family reads of its command's outcome before the call is judged (family.ts `reads`), in one place: the
 * page filter a call asked for (`network requests` of this page), the route book (before the session is recorded, so
 * an unroute says what it removed), a response body saved, a screenshot file converted, a lookup's rows analysed.
 * Each is entered only when the family names it (the page filter: when the call asked for one).
 */
/** The outcome as the call shows it, with a lookup's analysis and the page filter applied. */
export const outcomeReads = (plan: Plan, family: CommandFamily, answered: UpstreamOutcome) =>
  Effect.gen(function* () {
    const filtered =
      plan.compiled.mode === "args" && plan.compiled.pageFilter !== undefined
        ? yield* applyPageFilter(plan, answered)
        : { outcome: answered, filter: undefined }
    const booked = reads(family, "routeBook") ? yield* withRouteBook(plan, filtered.outcome) : filtered.outcome
    const saved = reads(family, "responseBody") ? yield* saveResponseBody(plan, booked) : booked
    const outcome = reads(family, "screenshotFile") ? yield* convertScreenshotFile(plan, saved) : saved
    const lookup = reads(family, "lookup") ? yield* analyzeLookup(plan, outcome) : undefined
    return { outcome, lookup, networkRequestsPageFilter: filtered.filter }
  })
