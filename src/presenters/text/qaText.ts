/**
 * A passing QA run reads as one summary; a failing one lists the failed checks, then its steps as the model needs
 * them: the diagnostic buffers' clearing is bookkeeping and left out, the reads the checks above already judged are
 * named without their data, a failed step keeps its error. Step numbers are the run's (as in details.batchSteps). Pure.
 */
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { VerifiedArtifacts } from "../../schema/Artifacts.js"
import type { Plan } from "../../domain/Plan.js"
import type { QaVerdict } from "../../domain/Qa.js"
import { joinParts, page, type Parts } from "./contentBoundary.js"

/** One line per step worth reading; undefined for bookkeeping. */
const stepLine = (row: StepRow, index: number): Parts | undefined => {
  if (row.command.includes("--clear")) return undefined
  const command = row.command.join(" ")
  if (!row.success)
    return [
      `${index + 1}. ✗ ${command}: `,
      row.command[0] === "eval" ? page(row.error.message) : row.error.message || row.error._tag
    ]
  const url =
    row.command[0] === "open" && row.result !== null && typeof row.result === "object"
      ? (row.result as Record<string, unknown>)["url"]
      : undefined
  return typeof url === "string" ? [`${index + 1}. ✓ ${command} → `, page(url)] : [`${index + 1}. ✓ ${command}`]
}

const qaSteps = (outcome: UpstreamOutcome): Parts =>
  outcome.kind !== "batch"
    ? []
    : [
        "Steps:\n",
        ...joinParts(
          outcome.rows.flatMap((row, i): ReadonlyArray<Parts> => {
            const line = stepLine(row, i)
            return line === undefined ? [] : [line]
          }),
          "\n"
        )
      ]

/** The verdict's words are the tool's; the failed checks quote the page (console and error text, URLs). */
export const qaText = (plan: Plan, qa: QaVerdict, verified: VerifiedArtifacts, outcome: UpstreamOutcome): Parts => {
  const compiled = plan.compiled.mode === "qa" ? plan.compiled.qa : undefined
  const target = compiled?.rows.find((r) => r[0] === "open")?.[1] ?? "the current page"
  const shot = verified.rows.find((r) => r.kind === "screenshot")
  const checks =
    compiled !== undefined ? (["network", "console", "errors"] as const).filter((k) => compiled.checks[k]) : []
  const warnings = qa.warnings.length > 0 ? `\n${qa.warnings.map((w) => `Warning: ${w}`).join("\n")}` : ""
  if (qa.passed) {
    const seen = qa.observedPage
    // the page that passed as observed (title and URL are the page's words), else the target asked for
    const head: Parts =
      seen !== undefined
        ? ["QA passed: ", ...(seen.title !== "" ? [page(seen.title), " — "] : []), page(seen.url)]
        : [`QA passed: ${target}`]
    return [
      ...head,
      ` (load ${compiled?.loadState ?? "?"}${checks.length > 0 ? `; no ${checks.join("/")} problems` : ""})` +
        `${shot !== undefined ? `\nScreenshot: ${shot.path} (${shot.state})` : ""}${warnings}`
    ]
  }
  return [
    `QA failed: ${target}\n`,
    page(qa.failedChecks.map((c) => `- ${c}`).join("\n")),
    `${warnings}\n\n`,
    ...qaSteps(outcome)
  ]
}
