/** Session-scoped captures (trace, profiler, HAR, recording) and route-mock findings. */
export type CaptureKind = "trace" | "profiler" | "har" | "recording"

/**
 * How an active `network route` answers: `--abort`, a mock (fulfill: `--body`, or a response shape such as
 * `--status`), or neither (continue).
 */
export type RouteMode = "abort" | "fulfill" | "continue"

export interface RouteRule {
  readonly pattern: string
  readonly mode: RouteMode
  /** A mock's HTTP status when the route set one (`--status`); absent: upstream's 200. */
  readonly status?: number
}

/**
 * The contract's `networkRouteDiagnostics` row: a request matching an active route that has no status yet
 * (`pending-routed-request`) or carries CORS/preflight-looking error text (`cors-likely-routed-request`); a routed
 * request with an HTTP error status is ours (`failed-routed-request`, additive).
 */
export interface RouteDiagnostic {
  readonly reason: "pending-routed-request" | "cors-likely-routed-request" | "failed-routed-request"
  readonly routePattern: string
  readonly mode: RouteMode
  readonly requestId?: string
  readonly requestUrl?: string
  readonly summary: string
}
