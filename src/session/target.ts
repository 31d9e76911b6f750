/** The session a planned call runs in, as a SessionTarget: its global flags (minus the command), env and cwd. Pure. */
import type { Plan } from "../domain/Plan.js"
import type { SessionTarget } from "../domain/SessionTarget.js"
import { globalFlagTokens, parseCommandLine } from "../upstream/commandLine.js"

export const targetOf = (plan: Pick<Plan, "effectiveArgs" | "env" | "cwd" | "kind">): SessionTarget => ({
  prefix: globalFlagTokens(parseCommandLine(plan.effectiveArgs)),
  env: plan.env,
  cwd: plan.cwd,
  kind: plan.kind
})
