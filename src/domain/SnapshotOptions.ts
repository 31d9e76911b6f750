/** Wrapper-only snapshot flags (removed before upstream sees the command). */
export interface SnapshotOptions {
  readonly search?: string
  readonly role?: string
  readonly viewport: boolean
  readonly diff: boolean
  /** `--read <place>`: the main content as text from a section on (snapshot/readingText.ts). */
  readonly read?: string
}
