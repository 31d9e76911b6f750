/** Network follow-ups: one request, its source, filtered lists, a HAR of the next reproduction. */
import { NetworkIds as N } from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import { make, withSession } from "./make.js"

export const networkNextActions = {
  inspectRequest: (session: string | undefined, requestId: string, routed: boolean) =>
    make(
      routed ? N.inspectRoutedNetworkRequest : N.inspectNetworkRequest,
      routed
        ? "See how the route mock answered this request (status, headers, body)."
        : "See this request's full detail (headers, status, body).",
      withSession(session, ["network", "request", requestId])
    ),
  findRequestSource: (session: string | undefined, requestId: string): NextAction => ({
    tool: "agent_browser",
    id: N.findFailedRequestSource,
    reason: "Find candidate source files that issue this failed request.",
    safety: "Candidates only; verify before editing.",
    params: { networkSourceLookup: { requestId, ...(session !== undefined ? { session } : {}) } }
  }),
  filterRequests: (session: string | undefined, path: string) =>
    make(
      N.filterNetworkRequests,
      "List only requests whose URL contains this path.",
      withSession(session, ["network", "requests", "--filter", path])
    ),
  filterCurrentPage: (session: string | undefined) =>
    make(
      N.filterCurrentPageNetworkRequests,
      "List only requests from the active page's origin.",
      withSession(session, ["network", "requests", "--current-page"])
    ),
  clearRequests: (session: string | undefined) =>
    make(
      N.clearNetworkRequestsBeforeRepro,
      "Clear the request buffer before reproducing, so the next list shows only the repro.",
      withSession(session, ["network", "requests", "--clear"])
    ),
  startHar: (session: string | undefined, routed: boolean) =>
    make(
      routed ? N.startNetworkHarCaptureForRouteMock : N.startNetworkHarCapture,
      "Record a HAR of the next reproduction; stop it with network har stop <path>.",
      withSession(session, ["network", "har", "start"])
    )
} as const
