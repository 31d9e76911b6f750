/**
 * A session's ref map as a small file, so the branch that took a snapshot can have its refs back after a reload,
 * resume or tree move (details keep only the path and counts; the map itself never goes into the session file).
 * The record is scrubbed by the Redactor before it is written (the page URL may carry a remembered secret).
 */
import type { RefSnapshot } from "../domain/RefSnapshot.js"

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

export const encodeRefSnapshot = (session: string, snapshot: RefSnapshot): string => JSON.stringify(refSnapshotRecord(session, snapshot))

export const decodeRefSnapshot = (json: string): { readonly session: string; readonly snapshot: RefSnapshot } | undefined => {
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
