/** Session-scoped captures (trace, profiler, HAR, recording) and route-mock findings. */
export type CaptureKind = "trace" | "profiler" | "har" | "recording"

export interface RouteDiagnostic {
  readonly routePattern: string
  readonly requestId: string
  readonly requestUrl: string
  readonly reason: "failed" | "pending"
}
