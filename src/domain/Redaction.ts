/** What argv redaction returns, and how it learns a ref's accessible name. */
export interface RedactedArgs {
  readonly args: ReadonlyArray<string>
  readonly secrets: ReadonlyArray<string>
}

/** Accessible name of a ref in the latest snapshot, when known (e.g. `textbox "Password"`). */
export type RefNameLookup = (ref: string) => string | undefined
