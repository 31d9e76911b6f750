/** What one upstream process produced, and what it meant once classified. */
import type { UpstreamReplyError } from "./ToolError.js"

/** One step of a batch, job or qa run. A failed step keeps the typed error its reply was classified as (once). */
export type StepRow =
  | { readonly command: ReadonlyArray<string>; readonly success: true; readonly result: unknown; readonly warning?: string }
  | { readonly command: ReadonlyArray<string>; readonly success: false; readonly error: UpstreamReplyError }

export type UpstreamOutcome =
  | { readonly kind: "single"; readonly data: unknown; readonly warning: string | undefined }
  | { readonly kind: "batch"; readonly rows: ReadonlyArray<StepRow> }
  | { readonly kind: "inspection"; readonly stdout: string }

export interface RunResult {
  readonly exitCode: number | null
  readonly signal: string | null
  readonly stdout: string
  readonly stderr: string
  readonly durationMs: number
}

/** A step as plain JSON (files and persisted details): the error as its message. */
export const stepRowJson = (row: StepRow, result: (value: unknown) => unknown = (v) => v) =>
  row.success
    ? { command: row.command, success: true, result: result(row.result), error: null }
    : { command: row.command, success: false, result: null, error: row.error.message || row.error._tag }
