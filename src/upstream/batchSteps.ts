/**
 * A batch's stdin as upstream reads it: a JSON array of steps, each an argv array of strings
 * (`[["open","<url>"],["get","title"]]`). The one decoder of that text; callers take the rows as written, or only the
 * steps of the right shape.
 */

/** Why stdin is not a batch at all (each row is checked by the caller that cares). */
export type BatchStdinProblem = "is not JSON" | "is not a JSON array"

/** The rows of a batch's stdin as written, or why it has none. */
export type ParsedBatchStdin = { readonly rows: ReadonlyArray<unknown> } | { readonly problem: BatchStdinProblem }

export const parseBatchStdin = (stdin: string): ParsedBatchStdin => {
  let rows: unknown
  try {
    rows = JSON.parse(stdin)
  } catch {
    return { problem: "is not JSON" }
  }
  return Array.isArray(rows) ? { rows } : { problem: "is not a JSON array" }
}

/** The rows as written (any values), or undefined when stdin is missing or not a JSON array. */
export const batchRowsOf = (stdin: string | undefined): ReadonlyArray<unknown> | undefined => {
  if (stdin === undefined) return undefined
  const parsed = parseBatchStdin(stdin)
  return "rows" in parsed ? parsed.rows : undefined
}

/** A row upstream runs as a step: an argv array of strings. */
export const isBatchStep = (row: unknown): row is ReadonlyArray<string> =>
  Array.isArray(row) && row.every((t) => typeof t === "string")

/** The decoded steps (rows of another shape left out), or undefined when stdin is missing or not a JSON array. */
export const batchStepsOf = (stdin: string | undefined): ReadonlyArray<ReadonlyArray<string>> | undefined =>
  batchRowsOf(stdin)?.filter(isBatchStep)
