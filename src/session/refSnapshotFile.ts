/**
 * A session's ref map as a small file, so the branch that took a snapshot can have its refs back after a reload,
 * resume or tree move (details keep only the path and counts; the map itself never goes into the session file).
 * The record is scrubbed by the Redactor before it is written (the page URL may carry a remembered secret).
 */
import type { RefInfo, RefSnapshot } from "../domain/RefSnapshot.js"

export interface EncodedRefSnapshot {
  readonly session: string
  readonly url: string
  readonly daemonPid?: string
  readonly refs: ReadonlyArray<readonly [string, string, string]>
}

/** The file's content as plain data (what the Redactor scrubs). */
export const refSnapshotRecord = (session: string, snapshot: RefSnapshot): EncodedRefSnapshot => ({
  session,
  url: snapshot.url,
  ...(snapshot.daemonPid !== undefined ? { daemonPid: snapshot.daemonPid } : {}),
  refs: [...snapshot.refs.entries()].map(([id, r]) => [id, r.role, r.name] as const)
})

/**
 * What `refSnapshot.refs` may take in persisted details (a snapshot's whole details stay under 4 KiB: pi keeps them
 * in the session file); longer names are cut.
 */
export const REF_LIST_BYTES = 1024
const REF_NAME_CHARS = 80

/**
 * The refs a consumer can list from details (the contract's per-ref role/name): in snapshot order until the budget
 * is spent, names cut at REF_NAME_CHARS; the count left out is said, and the file at `path` has every one.
 */
export const refListOf = (
  snapshot: RefSnapshot
): { readonly refs: Record<string, RefInfo>; readonly refsOmitted?: number } => {
  const refs: Record<string, RefInfo> = {}
  let bytes = 2
  let shown = 0
  for (const [id, r] of snapshot.refs) {
    const entry = {
      role: r.role,
      name: r.name.length > REF_NAME_CHARS ? `${r.name.slice(0, REF_NAME_CHARS - 1)}…` : r.name
    }
    const size = Buffer.byteLength(JSON.stringify([id, entry]), "utf8")
    if (bytes + size > REF_LIST_BYTES) break
    refs[id] = entry
    bytes += size
    shown++
  }
  return shown < snapshot.refs.size ? { refs, refsOmitted: snapshot.refs.size - shown } : { refs }
}

export const encodeRefSnapshot = (session: string, snapshot: RefSnapshot): string =>
  JSON.stringify(refSnapshotRecord(session, snapshot))

export const decodeRefSnapshot = (
  json: string
): { readonly session: string; readonly snapshot: RefSnapshot } | undefined => {
  try {
    const e = JSON.parse(json) as EncodedRefSnapshot
    if (typeof e.session !== "string" || !Array.isArray(e.refs)) return undefined
    return {
      session: e.session,
      snapshot: {
        url: typeof e.url === "string" ? e.url : "",
        daemonPid: typeof e.daemonPid === "string" ? e.daemonPid : undefined,
        refs: new Map(e.refs.map(([id, role, name]) => [id, { role, name }]))
      }
    }
  } catch {
    return undefined
  }
}
