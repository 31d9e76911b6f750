/**
 * How a planned call runs, read off its plan: the session target it runs in, whether the wrapper may run its own page
 * script around it, and whether it runs one upstream process per step. Pure.
 */
import type { Plan } from "../domain/Plan.js"
import type { SessionTarget } from "../domain/SessionTarget.js"
import { rawBatchRows } from "../security/preflight.js"
import { globalFlagTokens, parseCommandLine } from "../upstream/commandLine.js"

/** The session a planned call runs in, as a SessionTarget: its global flags (minus the command), env and cwd. Pure. */
export const targetOf = (plan: Pick<Plan, "effectiveArgs" | "env" | "cwd" | "kind">): SessionTarget => ({
  prefix: globalFlagTokens(parseCommandLine(plan.effectiveArgs)),
  env: plan.env,
  cwd: plan.cwd,
  kind: plan.kind
})

/**
 * Whether the wrapper may run its own page script around a planned command: a browser session whose page script
 * upstream runs without holding it for approval (`--confirm-actions`, action policies). Pure.
 */
const HELD = ["--confirm-actions", "--action-policy"]

export const mayProbe = (plan: Plan): boolean => {
  if (plan.kind !== "browser" || plan.sessionName === undefined) return false
  const prefix = targetOf(plan).prefix
  return (
    !HELD.some((flag) => prefix.includes(flag)) &&
    plan.env["AGENT_BROWSER_CONFIRM_ACTIONS"] === undefined &&
    plan.env["AGENT_BROWSER_ACTION_POLICY"] === undefined
  )
}

/** A single command the wrapper may read the page around: no stdin, not a job's or qa's step run. */
export const mayProbeAlone = (plan: Plan): boolean =>
  mayProbe(plan) && plan.stdin === undefined && plan.compiled.mode !== "job" && plan.compiled.mode !== "qa"

/**
 * Which calls run one upstream process per step instead of the single process their argv names: compiled job, qa
 * and lookup rows, and a caller's raw `batch` (per-step progress, the security policy judged against the page at each
 * step, and a timeout that says which steps completed: contract L25). Their echo says so. Pure.
 */
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
