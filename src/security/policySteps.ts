/**
 * The argv steps a call will run, as the policy reads them: a plain call is one step; a raw `batch` is its rows
 * (stdin JSON or shell-split command strings); job, qa and semanticAction are their compiled rows. `authored`
 * marks rows the model wrote verbatim (args mode): only those can carry script (`eval`, `wait --fn`, route bodies,
 * init scripts); compiled rows the wrapper generated (a job's URL-glob `wait --fn`) are the wrapper's own. Lookups
 * run only wrapper-written read-only scripts and carry no model URL or text. Pure.
 */
import type { Plan } from "../domain/Plan.js"
import { splitShellWords } from "./shellWords.js"
import { batchStepsOf } from "../upstream/batchSteps.js"

export interface PolicyStep {
  readonly argv: ReadonlyArray<string>
  readonly authored: boolean
}

const stdinRows = (stdin: string | undefined): ReadonlyArray<ReadonlyArray<string>> => batchStepsOf(stdin) ?? []

/** A raw batch's rows: the command strings in args, or the JSON rows on stdin. */
export const rawBatchRows = (plan: Pick<Plan, "line" | "stdin">): ReadonlyArray<ReadonlyArray<string>> => {
  const strings = plan.line.positionals.slice(1).filter((t) => !t.startsWith("-"))
  return strings.length > 0 ? strings.map(splitShellWords) : stdinRows(plan.stdin)
}

export const policySteps = (plan: Pick<Plan, "compiled" | "args" | "line" | "stdin">): ReadonlyArray<PolicyStep> => {
  const c = plan.compiled
  switch (c.mode) {
    case "args":
      return plan.line.command === "batch"
        ? [{ argv: plan.args, authored: true }, ...rawBatchRows(plan).map((argv) => ({ argv, authored: true }))]
        : [{ argv: plan.args, authored: true }]
    case "job":
      return c.job.rows.map((argv) => ({ argv, authored: false }))
    case "qa":
      return c.qa.rows.map((argv) => ({ argv, authored: false }))
    case "semanticAction":
      return [{ argv: plan.args, authored: false }]
    default:
      return []
  }
}
