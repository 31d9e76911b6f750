/** Refs a snapshot allocated: the session's latest ref map, and the small record that points at its saved file. */
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
}

export interface RefSnapshotRecord {
  readonly session: string
  readonly url: string
  readonly refCount: number
  readonly path: string
}
