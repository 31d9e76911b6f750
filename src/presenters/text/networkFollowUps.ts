import type { RouteDiagnostic } from "../../domain/Captures.js"
import type { NextAction } from "../../schema/NextAction.js"
import { isBenignAssetFailure, isFailedRequest } from "../../upstream/requestOutcome.js"
import { nextActions } from "../actions/nextActions.js"
import { type Data, str } from "./diagnosticRows.js"

/** Request ids that are safe to echo as argv (upstream ids look like `14604.5` or 32 hex digits). */
const SAFE_ID = /^[\w.-]{1,64}$/
/** Paths worth offering as a filter: short, and nothing that looks like a credential or a random token. */
const filterPath = (url: string): string | undefined => {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").replace(/[?#].*$/, "")
  if (path.length < 2 || path.length > 80 || path === "/") return undefined
  if (/token|secret|passw|api[-_]?key|session|auth|[A-Za-z0-9_-]{24,}/i.test(path)) return undefined
  return path
}

/**
 * Follow-ups after `network requests`, bounded to one selected request: actionable failures first, then fetch/XHR
 * rows, then benign failures, then any row with a safe id. Route-mock findings put their actions first; a failed
 * request gets a networkSourceLookup; the buffer can be cleared before a repro and a HAR recorded.
 */
export const networkFollowUps = (
  session: string | undefined,
  data: Data,
  routes: ReadonlyArray<RouteDiagnostic> | undefined
): ReadonlyArray<NextAction> => {
  const requests = (Array.isArray(data["requests"]) ? data["requests"] : []) as ReadonlyArray<Data>
  const safe = requests.filter((r) => SAFE_ID.test(str(r["requestId"])))
  const failed = safe.filter(isFailedRequest)
  const actionable = failed.filter((r) => !isBenignAssetFailure(r) && typeof r["status"] === "number")
  const api = safe.filter((r) => /^(fetch|xhr)$/i.test(str(r["resourceType"])))
  const selected = actionable[0] ?? api[0] ?? failed[0] ?? safe[0]
  const routed = (routes ?? []).flatMap((d) =>
    d.requestId !== undefined && SAFE_ID.test(d.requestId) ? [{ requestId: d.requestId }] : []
  )[0]
  const out: Array<NextAction> = []
  if (routed !== undefined)
    out.push(nextActions.inspectRequest(session, routed.requestId, true), nextActions.startHar(session, true))
  if (selected !== undefined) {
    const id = str(selected["requestId"])
    if (routed?.requestId !== id) out.push(nextActions.inspectRequest(session, id, false))
    if (selected === actionable[0]) out.push(nextActions.findRequestSource(session, id))
    const path = filterPath(str(selected["url"]))
    if (path !== undefined) out.push(nextActions.filterRequests(session, path))
  }
  out.push(nextActions.filterCurrentPage(session), nextActions.clearRequests(session))
  if (routed === undefined) out.push(nextActions.startHar(session, false))
  return out
}
