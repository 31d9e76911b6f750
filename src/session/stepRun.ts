/**
 * Which calls run one upstream process per step instead of the single process their argv names: compiled job, qa
 * and lookup rows, and a caller's raw `batch` (per-step progress, the security policy judged against the page at each
 * step, and a timeout that says which steps completed: contract L25). Their echo says so. Pure.
 */
import type { Plan } from "../domain/Plan.js"
import { rawBatchRows } from "../security/policySteps.js"

export interface StepRun {
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
  /** Stop at the first failed step, as `batch --bail` would. */
  readonly failFast: boolean
}

export const stepRunOf = (plan: Plan): StepRun | undefined => {
  const c = plan.compiled
  const batch =
    c.mode === "job"
      ? c.job
      : c.mode === "qa"
        ? c.qa
        : c.mode === "sourceLookup"
          ? c.sourceLookup
          : c.mode === "networkSourceLookup"
            ? c.networkSourceLookup
            : undefined
  if (batch !== undefined) return { rows: batch.rows, failFast: batch.args.includes("--bail") }
  if (c.mode !== "args" || plan.line.command !== "batch") return undefined
  const rows = rawBatchRows(plan)
  return { rows, failFast: plan.line.positionals.includes("--bail") }
}
