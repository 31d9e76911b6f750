/**
 * A session's ref map as a small file, so the branch that took a snapshot can have its refs back after a reload,
 * resume or tree move (details keep only the path and counts; the map itself never goes into the session file).
 */
import type { RefSnapshot } from "../schema/RefSnapshot.js"

interface Encoded {
  readonly session: string
  readonly url: string
  readonly daemonPid?: string
  readonly refs: ReadonlyArray<readonly [string, string, string]>
}

export const encodeRefSnapshot = (session: string, snapshot: RefSnapshot): string =>
  JSON.stringify({
    session,
    url: snapshot.url,
    ...(snapshot.daemonPid !== undefined ? { daemonPid: snapshot.daemonPid } : {}),
    refs: [...snapshot.refs.entries()].map(([id, r]) => [id, r.role, r.name])
  } satisfies Encoded)

export const decodeRefSnapshot = (json: string): { readonly session: string; readonly snapshot: RefSnapshot } | undefined => {
  try {
    const e = JSON.parse(json) as Encoded
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
