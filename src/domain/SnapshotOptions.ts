/** Wrapper-only snapshot flags (removed before upstream sees the command). */
export interface SnapshotOptions {
  readonly search?: string
  readonly role?: string
  readonly viewport: boolean
  readonly diff: boolean
  /** `--full`: the whole tree even when the page is the one the last snapshot showed (no delta). */
  readonly full?: boolean
  /** `--read <place>`: the main content as text from a section on (snapshot/readingText.ts). */
  readonly read?: string
}
