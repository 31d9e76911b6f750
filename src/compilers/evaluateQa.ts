/**
 * The QA verdict from a compiled `qa` batch: any failed step (load, expected text or selector), console errors, page
 * errors, or actionable failed requests fail it. Requests with no status yet (long polls) have not failed; failed
 * site-icon probes (the benign asset rule, upstream/requestOutcome) are counted in the warnings. Pure.
 */
import { requestOutcome } from "../upstream/requestOutcome.js"
import type { CompiledQa } from "../domain/Compiled.js"
import type { StepRow } from "../domain/Outcome.js"
import type { QaVerdict } from "../domain/Qa.js"

const resultOf = (
  rows: ReadonlyArray<StepRow>,
  command: ReadonlyArray<string>
): Record<string, unknown> | undefined => {
  const row = [...rows]
    .reverse()
    .find((r) => r.success && command.every((t, i) => r.command[i] === t) && r.command.length === command.length)
  return row?.success === true && row.result !== null && typeof row.result === "object"
    ? (row.result as Record<string, unknown>)
    : undefined
}

/** The expected text a failed step waited for, as the classifier read it (its wait's assertion). */
const missedText = (row: StepRow): string | undefined =>
  !row.success && row.error._tag === "TimedOut" && row.error.assertion?.kind === "text"
    ? row.error.assertion.expected
    : undefined

/** An expected text or selector that did not show up in time: said as the miss it is, not as a timeout. */
const assertionMiss = (row: StepRow): string | undefined => {
  if (row.success || row.error._tag !== "TimedOut" || row.command[0] !== "wait") return undefined
  const [, first] = row.command
  const timeout = row.command[row.command.indexOf("--timeout") + 1]
  const within = timeout !== undefined && row.command.includes("--timeout") ? ` (not visible within ${timeout} ms)` : ""
  const text = missedText(row)
  if (text !== undefined) return `expected text not found: ${text}${within}`
  if (first !== undefined && !first.startsWith("-")) return `expected selector not found: ${first}${within}`
  return undefined
}

export const evaluateQa = (compiled: CompiledQa, rows: ReadonlyArray<StepRow>): QaVerdict => {
  const failedChecks: Array<string> = []
  const warnings: Array<string> = []
  rows.forEach((row, i) => {
    if (!row.success)
      failedChecks.push(
        assertionMiss(row) ??
          `step ${i + 1} (${row.command.slice(0, 3).join(" ")}) failed: ${row.error.message || row.error._tag}`
      )
  })
  const diagnostics = (["network", "console", "errors"] as const).filter((k) => compiled.checks[k])
  if (!compiled.checks.diagnosticsResetAtStart && diagnostics.length > 0) {
    warnings.push(
      `diagnostic buffers were preserved, not cleared: ${diagnostics.join("/")} ` +
        "may include events from before this check"
    )
  }
  if (rows.length < compiled.rows.length)
    warnings.push(`${compiled.rows.length - rows.length} later step(s) did not run after the failure`)
  if (compiled.checks.console) {
    const messages = resultOf(rows, ["console"])?.["messages"]
    const errors = Array.isArray(messages)
      ? (messages as Array<Record<string, unknown>>).filter((m) => m["type"] === "error")
      : []
    if (errors.length > 0)
      failedChecks.push(`${errors.length} console error(s): ${String(errors[0]?.["text"] ?? "").slice(0, 160)}`)
  }
  if (compiled.checks.errors) {
    const errors = resultOf(rows, ["errors"])?.["errors"]
    if (Array.isArray(errors) && errors.length > 0)
      failedChecks.push(
        `${errors.length} page error(s): ${String((errors[0] as Record<string, unknown>)["text"] ?? "").split("\n")[0]}`
      )
  }
  if (compiled.checks.network) {
    const requests = resultOf(rows, ["network", "requests"])?.["requests"]
    const all = Array.isArray(requests) ? (requests as Array<Record<string, unknown>>) : []
    const failed = all.filter((r) => requestOutcome(r) === "failure")
    const benign = all.filter((r) => requestOutcome(r) === "benign-failure").length
    if (benign > 0) warnings.push(`${benign} benign network request failure(s) ignored`)
    if (failed.length > 0)
      failedChecks.push(
        `${failed.length} failed request(s): ${failed
          .slice(0, 3)
          .map((r) => `${String(r["status"] ?? "no response")} ${String(r["url"])}`)
          .join(", ")}`
      )
  }
  const passed = failedChecks.length === 0
  const missedTexts = rows.flatMap((row) => missedText(row) ?? [])
  const summary = !passed
    ? `QA failed: ${failedChecks.length} check(s)`
    : warnings.length > 0
      ? `QA preset passed with warnings: ${warnings.join("; ")}`
      : "QA passed"
  const title = resultOf(rows, ["get", "title"])?.["title"]
  const url = resultOf(rows, ["get", "url"])?.["url"]
  const observedPage =
    typeof url === "string" && url !== "" ? { title: typeof title === "string" ? title : "", url } : undefined
  return {
    passed,
    failedChecks,
    warnings,
    summary,
    ...(observedPage !== undefined ? { observedPage } : {}),
    ...(missedTexts.length > 0 ? { missedTexts } : {})
  }
}
