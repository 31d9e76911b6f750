/**
 * A value an `eval` step hands back by throwing it: a batch that stops at its first failed step ends there, so one
 * read can both answer and decide whether the steps after it run (the click's read, clickRecorder.ts). The value
 * travels in upstream's error text between two U+0001 marks, which JSON text cannot contain (it escapes control
 * characters); the classifier takes it out of a failed eval row, once (`thrownValueOf`).
 */

const MARK = "\u0001"

/** Page-side statement: throws `expression`'s value (JSON-serializable) so that `thrownValueOf` reads it back. */
export const throwValueStatement = (expression: string): string =>
  `throw new Error(${JSON.stringify(MARK)} + JSON.stringify(${expression}) + ${JSON.stringify(MARK)})`

/** The value a failed eval step threw with `throwValueStatement`; undefined for any other failure. */
export const thrownValueOf = (argv: ReadonlyArray<string> | undefined, message: string): unknown => {
  if (argv?.[0] !== "eval") return undefined
  const parts = message.split(MARK)
  if (parts.length !== 3 || parts[1] === undefined) return undefined
  try {
    return JSON.parse(parts[1])
  } catch {
    return undefined
  }
}
