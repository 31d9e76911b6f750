/** The verdict of a `qa` run. */
export interface QaVerdict {
  readonly passed: boolean
  readonly failedChecks: ReadonlyArray<string>
  readonly warnings: ReadonlyArray<string>
  readonly summary: string
}
