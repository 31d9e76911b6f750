/**
 * Readiness without fixed sleeps: which commands wait for their target, how long, and at what pace. Upstream actions
 * do not wait for elements (they fail in about 80 ms, reference §9.8); a locator miss (`SelectorNotFound`: no match,
 * a hidden first match, a role or index that does not exist yet) means upstream did nothing, so running the same
 * command again after a short pause is safe. Only misses are retried: an error after which upstream may have acted
 * is never retried. Pure; `program/page/readinessWait.ts` runs the loop.
 *
 * Plain `args` commands wait too, not only job/qa/semanticAction steps: repeating a miss is exactly as safe there,
 * one rule in every mode is easier to rely on than a mode-dependent one, and a bare miss on a page still building
 * would cost the model a snapshot and a retry anyway. Not waited for: raw `batch` steps (one process; earlier steps
 * may have acted, so it cannot be repeated) and "disabled" targets (classified as upstream-error, not as a miss).
 * A missing @ref is stale, not late (`StaleRef`), so it fails at once.
 */
import { readsTarget } from "../upstream/commandPolicy.js"
import { takesTarget } from "../upstream/commandEffects.js"

/** At most this long is spent waiting for a target to appear, and never more than the call's budget allows. */
export const READINESS_BUDGET_MS = 3_000

/** Kept back from the call's remaining time for the attempt after the wait and the reads around it. */
export const READINESS_RESERVE_MS = 1_000

/** Pauses between attempts: quick at first (most late widgets appear within a few hundred ms), then steady. */
const PAUSES_MS = [100, 150, 250, 400] as const
const STEADY_PAUSE_MS = 500

/** Whether a command (its positionals, no global flags) names an element target it may wait for. */
export const waitsForTarget = (argv: ReadonlyArray<string>): boolean => {
  const [command, sub, target] = argv
  if (command === undefined) return false
  if (command === "get") return readsTarget(sub) && target !== undefined
  return takesTarget(command) && sub !== undefined
}

/** How long the readiness wait may take, given what remains of the call's budget (0: no wait). */
export const readinessBudgetMs = (remainingMs: number): number =>
  Math.max(0, Math.min(READINESS_BUDGET_MS, remainingMs - READINESS_RESERVE_MS))

/** The pause before the attempt after `failedAttempts` misses (1 = after the first miss). */
export const pauseBefore = (failedAttempts: number): number => PAUSES_MS[failedAttempts - 1] ?? STEADY_PAUSE_MS

/** Whether another attempt fits: the pause must end inside the wait budget. */
export const mayRetry = (waitedMs: number, pauseMs: number, budgetMs: number): boolean => waitedMs + pauseMs <= budgetMs

/** The error tag that means "nothing the action could reach matched, and nothing happened". */
export const isReadinessMiss = (error: { readonly _tag: string }): boolean => error._tag === "SelectorNotFound"
