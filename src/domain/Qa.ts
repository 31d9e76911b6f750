/** The verdict of a `qa` run. */
export interface QaVerdict {
  readonly passed: boolean
  readonly failedChecks: ReadonlyArray<string>
  readonly warnings: ReadonlyArray<string>
  readonly summary: string
  /** Expected texts the run did not find (an `expectedText` miss): the page shows something else. */
  readonly missedTexts?: ReadonlyArray<string>
  /** The page at the end of the run (its `get title` / `get url`), when read. */
  readonly observedPage?: { readonly title: string; readonly url: string }
}
