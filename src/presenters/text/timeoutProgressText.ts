/**
 * The visible `Timeout partial progress` block of a step-by-step run (job, qa, lookup, a caller's raw `batch`) that
 * ran out of time: the count, up to six planned steps with their state, where the page is (read live, else what the
 * last completed step reported, else the URL an `open` planned) and the declared files as found on disk. The same
 * facts as `details.timeoutPartialProgress`. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { PartialProgress } from "../../schema/ErrorFields.js"
import { stepRunOf } from "../../session/planRun.js"

const STEPS_SHOWN = 6

const argvText = (argv: ReadonlyArray<string>): string => {
  const text = argv.join(" ")
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** Where the page is, saying how it is known: read live, reported by a step, or only planned. */
const pageLine = (page: NonNullable<PartialProgress["currentPage"]>): string => {
  const named = `${page.title !== undefined ? `${page.title} — ` : ""}${page.url}`
  const step = page.stepIndex !== undefined ? `step ${page.stepIndex}` : "a step"
  return page.source === "live"
    ? `Page now (read after the timeout): ${named}`
    : page.source === "plan"
      ? `Page planned (${step} opens it; not confirmed loaded, the session did not answer): ${named}`
      : `Last page reported (${step}, before the timeout): ${named}`
}

export const timeoutProgressText = (plan: Plan | undefined, p: PartialProgress): string => {
  const next = p.firstIncompleteStep
  const head =
    `Timeout partial progress: ${p.completedSteps} of ${p.totalSteps} steps completed` +
    (next === undefined
      ? ""
      : `; step ${next.index + 1} (${argvText(next.command)}) did not finish` +
        (next.retryable
          ? " and only reads, so it is safe to retry"
          : " and may have acted: inspect the page before retrying")) +
    "."
  const rows = plan !== undefined ? (stepRunOf(plan)?.rows ?? []) : []
  const steps = rows
    .slice(0, STEPS_SHOWN)
    .map(
      (row, i) =>
        `  ${i + 1}. ${i < p.completedSteps ? "✓" : i === next?.index ? "…" : "-"} ${argvText(row)}` +
        `${i < p.completedSteps ? "" : i === next?.index ? " (did not finish)" : " (not run)"}`
    )
  const more = rows.length > STEPS_SHOWN ? [`  … ${rows.length - STEPS_SHOWN} more step(s)`] : []
  const page = p.currentPage !== undefined ? [pageLine(p.currentPage)] : []
  const files = (p.artifacts ?? []).map(
    (a) =>
      `File of step ${a.stepIndex}: ${a.path} (` +
      `${a.exists ? (a.state === "verified" ? `${a.sizeBytes ?? 0} bytes` : "empty") : "not on disk"})`
  )
  return [head, ...steps, ...more, ...page, ...files].join("\n")
}
