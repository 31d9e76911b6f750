/** Refs a snapshot allocated: the session's latest ref map, and the small record that points at its saved file. */

/** A ref as a command names it (`@e3`, `e3`, `ref=e3`): its id (`e3`); undefined for any other target. */
export const refIdOf = (token: string): string | undefined => /^(?:@|ref=)?(e\d+)$/.exec(token)?.[1]

export interface RefInfo {
  readonly role: string
  readonly name: string
}

export interface RefSnapshot {
  readonly refs: ReadonlyMap<string, RefInfo>
  /** Page the refs came from. */
  readonly url: string
  /** Daemon that allocated them. */
  readonly daemonPid: string | undefined
  /**
   * A call in the session since the snapshot that navigated (`navigated`: the refs are gone for certain) or may
   * have changed the page (a click, a key press, an eval). Absent: nothing but the snapshot and form rows since.
   */
  readonly changedSince?: { readonly command: string; readonly navigated: boolean }
  /** Refs a pointer could not reach at snapshot time while a twin of the same role and name could: ref → twin. */
  readonly hidden?: ReadonlyMap<string, string>
  /**
   * The refs were voided: a snapshot of the session found no active page. Every `@eN` is stale until a new snapshot.
   */
  readonly invalidated?: "no-active-page"
}

/** The session's refs after a snapshot found no active page: none, and every `@eN` stale until a new snapshot. */
export const noActivePageRefs = (daemonPid: string | undefined): RefSnapshot => ({
  refs: new Map(),
  url: "",
  daemonPid,
  invalidated: "no-active-page"
})

export interface RefSnapshotRecord {
  readonly session: string
  readonly url: string
  readonly refCount: number
  readonly path: string
  /** The refs with role and name, in snapshot order, as many as fit the details budget (all are in the file). */
  readonly refs?: Readonly<Record<string, RefInfo>>
  /** Refs left out of `refs` by that budget. */
  readonly refsOmitted?: number
}
