/**
 * An upstream outcome with its page data scrubbed, so that every text later cut from it (summaries, heads, one-line
 * previews) is cut from scrubbed text: scrub first, then truncate. Failed steps keep their typed error untouched
 * (their messages are scrubbed with the rest of the details). Pure.
 */
import type { UpstreamOutcome } from "../domain/Outcome.js"

export const scrubOutcome = (
  outcome: UpstreamOutcome,
  scrubValue: <A>(value: A) => A,
  scrubText: (text: string) => string
): UpstreamOutcome => {
  switch (outcome.kind) {
    case "single":
      return { ...outcome, data: scrubValue(outcome.data) }
    case "inspection":
      return { ...outcome, stdout: scrubText(outcome.stdout) }
    case "batch":
      return {
        ...outcome,
        rows: outcome.rows.map((row) => (row.success ? { ...row, result: scrubValue(row.result) } : row))
      }
  }
}
