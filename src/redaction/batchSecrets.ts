/** Secrets inside a batch's stdin steps: a `fill` of a password field in step 3 is as secret as a direct one. Pure. */
import type { Plan } from "../schema/Plan.js"
import type { RedactedArgs } from "../schema/Redaction.js"

export const batchStepSecrets = (plan: Plan | undefined, redact: (args: ReadonlyArray<string>) => RedactedArgs): ReadonlyArray<string> => {
  if (plan?.line.command !== "batch" || plan.stdin === undefined) return []
  try {
    const steps = JSON.parse(plan.stdin) as unknown
    return Array.isArray(steps)
      ? steps.filter((s): s is Array<string> => Array.isArray(s) && s.every((t) => typeof t === "string")).flatMap((s) => redact(s).secrets)
      : []
  } catch {
    return []
  }
}
