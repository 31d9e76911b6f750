/**
 * A planned call, run and checked, under the caller's session lock, as named phases: guard (guardPhase.ts) → run and
 * read, as the call's family says (dispatch.ts, families/) → judge the outcome (judgePhase.ts: allow-list, blocked
 * landing, challenge page) → record it in the session (recordPhase.ts) → the facts after (callFacts) → verdict facts
 * (qa, config defaults, outputPath). Fails with the one typed error that stopped it; a call that ran but did not do
 * what was asked is judged by `verdictOf`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { Executed } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import { writeOutputFile } from "../artifacts/outputFile.js"
import { trackHealth } from "../lifecycle/sessionHealth.js"
import { askPoolUntilBudget, withdrawOnInterrupt } from "../lifecycle/poolLaunch.js"
import type { CallContext } from "./planSession.js"
import { dispatch } from "./dispatch.js"
import { guardPhase } from "./guardPhase.js"
import { executedOf, judgePhase } from "./judgePhase.js"
import { callFacts } from "./factsPhase.js"
import { recordPhase } from "./recordPhase.js"
import { verdictOf } from "./judgePhase.js"

const pooled = <A, E extends { readonly _tag: string }, R>(plan: Plan, task: Effect.Effect<A, E, R>) =>
  withdrawOnInterrupt(plan, askPoolUntilBudget(plan, task))

/** Untraced: it is on the path of every call (see `runToResult`). */
export const execute = Effect.fnUntraced(function* execute(asked: Plan, call: CallContext) {
  const started = yield* Clock.currentTimeMillis
  const { plan, family, recovery } = yield* guardPhase(asked)
  call.mark?.("guarded")
  // a pool's launch is asked again while the pool is full, and withdrawn when interrupted; any other call just runs
  const run = plan.pool === undefined ? dispatch(plan, family, call) : pooled(plan, dispatch(plan, family, call))
  const dispatched = yield* Effect.tap(run, () => trackHealth(plan))
  call.mark?.("tracked")
  const judged = yield* judgePhase(plan, family, dispatched)
  const { outcome, refs, page } = judged
  const recorded = yield* recordPhase(plan, family, { refs, tabCorrection: dispatched.tabCorrection, page }, call)
  const facts = yield* callFacts(plan, family, outcome, dispatched.pageCheck)
  const base = {
    plan,
    outcome,
    verified: facts.verified,
    binary: { version: facts.binary.version, native: !facts.binary.viaLauncher },
    durationMs: (yield* Clock.currentTimeMillis) - started
  }
  const ran = executedOf({ ...judged, base, recovery }, dispatched, recorded, facts)
  if (verdictOf(ran) !== undefined) return ran
  const defaults = plan.browserDefaults
  const withDefaults: Executed = defaults !== undefined ? { ...ran, browserDefaults: defaults } : ran
  if (plan.input.outputPath === undefined) return withDefaults
  return { ...withDefaults, outputFile: yield* writeOutputFile(withDefaults, plan.input.outputPath) } satisfies Executed
})
