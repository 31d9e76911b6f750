/** The verdict of a `qa` run. */
export interface QaVerdict {
  readonly passed: boolean
  readonly failedChecks: ReadonlyArray<string>
  readonly warnings: ReadonlyArray<string>
  readonly summary: string
  /** The page at the end of the run (its `get title` / `get url`), when read. */
  readonly observedPage?: { readonly title: string; readonly url: string }
}
