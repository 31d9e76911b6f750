/** What the tool read around a `snapshot -i` to tell its controls apart (src/snapshot/controlContext.ts). */
export interface SnapshotNaming {
  /** Unnamed controls' context by ref, e.g. `listitem "Buy milk"` or `heading "Billing"`. */
  readonly contexts: Readonly<Record<string, string>>
  /** After `snapshot -i -C`: the text of the list items and labels the tool gave refs to, and how many it left out. */
  /** Refs a pointer cannot reach while a twin of the same role and name can: ref → the twin (page/hiddenTwins.ts). */
  readonly hidden?: Readonly<Record<string, string>>
  readonly targets?: { readonly names: ReadonlyArray<string>; readonly more: number }
  /** Characters of text in the page's full tree (spaces not counted): how much the page shows besides its controls. */
  readonly pageTextChars?: number
}
