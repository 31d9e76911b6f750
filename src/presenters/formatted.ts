/** A presented result before redaction and budgets: the text the model reads and a one-line summary for details. */
export interface Formatted {
  readonly text: string
  readonly summary: string
}
