/**
 * The guard phase, before anything runs upstream: the folders of the files the call will write are made, the
 * session's health checked (a tab remembered crashed, a lost browser: said, or the command goes ahead in a new one),
 * a qa on the attached page is checked, a role/name click is resolved to a ref, and stale refs and a second capture
 * are refused.
 * A refusal ends the call here: it goes straight to the verdict and the presenter.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { SelectorNotFound, StaleRef } from "../../schema/ToolError.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { guardCapture } from "../../session/captures.js"
import { type CommandFamily, familyOf, guards } from "../families/family.js"
import { preflightAttachedQa } from "../modes/qaAttached.js"
import { preResolveClick } from "../refs/preResolveClick.js"
import { guardRefs, withTwin } from "../refs/refTracking.js"
import { withCandidates } from "../refs/semanticResolution.js"
import { visibleRefFallback } from "../refs/visibleRefFallback.js"
import { guardHealth } from "../lifecycle/sessionHealth.js"

/** A missing element is said with a find's visible candidates. */
export const hintMissing = (plan: Plan) => (error: SelectorNotFound) =>
  Effect.flatMap(
    plan.line.command === "find" ? visibleRefFallback(plan, withCandidates(plan, error)) : Effect.succeed(error),
    Effect.fail
  )

/** A stale ref is said with its reachable twin. */
export const hintStale = (plan: Plan) => (error: StaleRef) => Effect.flatMap(withTwin(plan, error), Effect.fail)

/** Files a compiled job or qa batch, or the steps of a caller's raw batch, will write. */
const compiledOutputs = (plan: Plan): ReadonlyArray<string> =>
  plan.compiled.mode === "job"
    ? plan.compiled.job.outputPaths
    : plan.compiled.mode === "qa"
      ? plan.compiled.qa.outputPaths
      : (plan.batchOutputPaths ?? [])

/** Stale `@eN` refs and a second capture of the same kind, refused before anything runs. */
const guardPage = (plan: Plan, family: CommandFamily) =>
  Effect.gen(function* () {
    yield* guardRefs(plan)
    if (plan.sessionName === undefined || !guards(family, "captures")) return
    const refused = guardCapture(
      plan.line,
      plan.sessionName,
      (yield* (yield* SessionRegistry).view(plan.sessionName)).captures
    )
    if (refused !== undefined) return yield* refused
  })

/**
 * The plan that will run (a role/name click resolved) with its family, and the recovery to report; or the refusal.
 * The family is chosen once per plan: a find resolved to a click on a ref is a click. The session's health goes
 * before its refs: a ref of a browser that is gone is said as that (`browser-gone`), and the loss is cleaned up
 * there, so the next action a refusal offers (a new snapshot) runs in a new browser. (A ref the session's record lacks
 * never gets here: ToolCall's `refusedOnRecord` refused it before the cross-process lock.)
 */
export const guardPhase = (asked: Plan) =>
  Effect.gen(function* () {
    for (const path of [asked.outputPath, ...compiledOutputs(asked)])
      if (path !== undefined) yield* (yield* ArtifactStore).ensureParentDir(path)
    const first = familyOf(asked)
    const recovery = yield* guardHealth(asked)
    if (guards(first, "attachedQa")) yield* preflightAttachedQa(asked)
    // a role/name click or check acts on the reachable match of a fresh snapshot -i (the plan the result then shows)
    const plan = guards(first, "resolveClick") ? yield* preResolveClick(asked) : asked
    const family = plan === asked ? first : familyOf(plan)
    yield* guardPageHinted(plan, family)
    return { plan, family, recovery }
  })

/** `guardPage`, its refusals said with a find's visible candidates or a stale ref's reachable twin. */
const guardPageHinted = (plan: Plan, family: CommandFamily) =>
  guardPage(plan, family).pipe(
    Effect.catchTag("SelectorNotFound", hintMissing(plan)),
    Effect.catchTag("StaleRef", hintStale(plan))
  )
