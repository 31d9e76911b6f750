/**
 * Whether the wrapper may run its own page script around a planned command: a browser session whose page script
 * upstream runs without holding it for approval (`--confirm-actions`, action policies). Pure.
 */
import type { Plan } from "../domain/Plan.js"
import { targetOf } from "./target.js"

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
