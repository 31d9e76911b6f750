/** Wrapper-only snapshot flags (removed before upstream sees the command). */
export interface SnapshotOptions {
  /** `--search`: a literal, or `/re/flags` (snapshot/filterSnapshot.ts parses it). */
  readonly search?: string
  /** `--context <n>`: lines shown before and after each search match. */
  readonly context?: number
  /** `-d/--depth <n>`: levels of the tree as shown (the tool cuts it; upstream counts its own levels). */
  readonly depth?: number
  readonly role?: string
  readonly viewport: boolean
  readonly diff: boolean
  /** `--full`: the whole tree even when the page is the one the last snapshot showed (no delta). */
  readonly full?: boolean
  /** `--read <place>`: the main content as text from a section on (snapshot/readingText.ts). */
  readonly read?: string
}
