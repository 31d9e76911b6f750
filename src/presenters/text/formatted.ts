import { type Parts, plain } from "./contentBoundary.js"

/**
 * A presented result before redaction and budgets: the text the model reads and a one-line summary for details.
 * `parts` is the same text split into the tool's words and page content (see contentBoundary.ts); absent, all of it
 * is the tool's.
 */
export interface Formatted {
  readonly text: string
  readonly summary: string
  readonly parts?: Parts
}

/** A Formatted whose text is its parts joined. */
export const formatted = (parts: Parts, summary: string): Formatted => ({ text: plain(parts), parts, summary })

export const partsOf = (f: Formatted): Parts => f.parts ?? [f.text]
