/** What the tool read around a `snapshot -i` to tell its controls apart (src/snapshot/controlContext.ts). */
export interface SnapshotNaming {
  /** Unnamed controls' context by ref, e.g. `listitem "Buy milk"` or `heading "Billing"`. */
  readonly contexts: Readonly<Record<string, string>>
  /** Refs a pointer cannot reach while a twin of the same role and name can: ref → the twin (page/hiddenTwins.ts). */
  readonly hidden?: Readonly<Record<string, string>>
  /**
   * The text of the elements the tool gave refs to (page/refTargets.ts) and how many it left out: after `-C`, list
   * items, labels and draggable elements; after a plain `snapshot -i` (`dragOnly`), only what the page marks draggable
   * or a drop target. `kinds` (parallel to `names`): `draggable`, `drop target` or "" for each.
   */
  readonly targets?: {
    readonly names: ReadonlyArray<string>
    readonly more: number
    readonly kinds?: ReadonlyArray<string>
    readonly dragOnly?: boolean
  }
  /** Characters of text in the page's full tree (spaces not counted): how much the page shows besides its controls. */
  readonly pageTextChars?: number
}
