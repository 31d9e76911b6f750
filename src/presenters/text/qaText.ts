/** A passing QA run reads as one summary; a failing one lists the failed checks, then the step lines. Pure. */
import type { VerifiedArtifacts } from "../../schema/Artifacts.js"
import type { Plan } from "../../domain/Plan.js"
import type { QaVerdict } from "../../domain/Qa.js"
import { page, type Parts } from "./contentBoundary.js"

/** The verdict's words are the tool's; the failed checks quote the page (console and error text, URLs). */
export const qaText = (plan: Plan, qa: QaVerdict, verified: VerifiedArtifacts, steps: Parts): Parts => {
  const compiled = plan.compiled.mode === "qa" ? plan.compiled.qa : undefined
  const target = compiled?.rows.find((r) => r[0] === "open")?.[1] ?? "the current page"
  const shot = verified.rows.find((r) => r.kind === "screenshot")
  const checks = compiled !== undefined ? (["network", "console", "errors"] as const).filter((k) => compiled.checks[k]) : []
  const warnings = qa.warnings.length > 0 ? `\n${qa.warnings.map((w) => `Warning: ${w}`).join("\n")}` : ""
  if (qa.passed) {
    return [`QA passed: ${target} (load ${compiled?.loadState ?? "?"}${checks.length > 0 ? `; no ${checks.join("/")} problems` : ""})${shot !== undefined ? `\nScreenshot: ${shot.path} (${shot.state})` : ""}${warnings}`]
  }
  return [`QA failed: ${target}\n`, page(qa.failedChecks.map((c) => `- ${c}`).join("\n")), `${warnings}\n\n`, ...steps]
}
