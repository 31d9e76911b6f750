/** What one upstream process produced, and what it meant once classified. */
import type { BatchRow } from "./UpstreamEnvelope.js"

export type UpstreamOutcome =
  | { readonly kind: "single"; readonly data: unknown; readonly warning: string | undefined }
  | { readonly kind: "batch"; readonly rows: ReadonlyArray<BatchRow> }
  | { readonly kind: "inspection"; readonly stdout: string }

export interface RunResult {
  readonly exitCode: number | null
  readonly signal: string | null
  readonly stdout: string
  readonly stderr: string
  readonly durationMs: number
}
