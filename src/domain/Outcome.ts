/** What one upstream process produced, and what it meant once classified. */
import type { GrantOutcome } from "./Permission.js"
import type { FillNotVerifiable, FillVerification } from "../schema/PageDiagnostics.js"
import type { UpstreamReplyError } from "../schema/ToolError.js"
import type { ActionEffects } from "./ActionEffects.js"
import type { JsDialog } from "./JsDialog.js"
import type { SnapshotNaming } from "./SnapshotNaming.js"

/**
 * The page a job's click step left the session on (program/modes/clickStep.ts): the one a navigation led to, read once
 * it loaded, or (`sameDocument`) the click's own document, whose address its handlers changed (a hash router's link).
 */
export interface LandedPage {
  readonly title: string
  readonly url: string
  readonly sameDocument?: true
  /** The click opened this tab and upstream followed it (the steps after it act on it); `from`: the clicked page's. */
  readonly newTab?: { readonly tabId: string; readonly from: string }
}

/**
 * One step of a batch, job or qa run. A failed step keeps the typed error its reply was classified as (once).
 * `readinessWaitMs`: how long the step waited for its target to appear before this reply (absent: it did not wait);
 * `fillVerification`: a web fill whose read-back, in the same upstream process, differs from what was typed;
 * `fillNotVerifiable`: one whose field that read cannot see; `snapshotNaming`: what the reads beside a `snapshot -i`
 * step told about its controls (page/namingReads.ts); `thrown`: the value a failed eval step threw on purpose
 * (upstream/wire.ts).
 */
export type StepRow =
  | {
      readonly command: ReadonlyArray<string>
      readonly success: true
      readonly result: unknown
      readonly warning?: string
      readonly readinessWaitMs?: number
      readonly fillVerification?: FillVerification
      readonly fillNotVerifiable?: FillNotVerifiable
      readonly snapshotNaming?: SnapshotNaming
      /** What a job's click step did beyond its answer, read in its own process (program/modes/clickStep.ts). */
      readonly effects?: ActionEffects
      readonly jsDialogs?: { readonly opened: ReadonlyArray<JsDialog>; readonly earlier: ReadonlyArray<JsDialog> }
      /** The page a job's click step led to, read once it loaded. */
      readonly landed?: LandedPage
    }
  | {
      readonly command: ReadonlyArray<string>
      readonly success: false
      readonly error: UpstreamReplyError
      /** Upstream's warning beside the failure (a dialog blocking the page), as it wrote it. */
      readonly warning?: string
      readonly readinessWaitMs?: number
      readonly thrown?: unknown
    }

/**
 * What the acted-on field holds after a fill, `type` or `keyboard type|inserttext`, read in the same upstream process:
 * the typed text itself (`own`: the model's own data, read back equal) or the page's value; `field`: the field the
 * read found (a CSS path; the focused one when the command named none).
 */
export interface FieldHolds {
  readonly value: string
  readonly own: boolean
  /** The page formatted the typed text as `value` (a phone mask, a postcode upper-cased): its letters, digits kept. */
  readonly formatted?: true
  readonly field?: string
  /** The browser's validation message for it (page text: a number over its max, an email with no @). */
  readonly invalid?: string
}

/**
 * A cover a click got past (page/readiness.ts): the cover's name, how long it took, whether the scroll to the middle
 * of the view moved the target, and whether it was still covered after it (then waited for).
 */
export interface Uncovered {
  readonly by: string
  readonly ms: number
  readonly scrolled: boolean
  readonly waited: boolean
}

export type UpstreamOutcome =
  | {
      readonly kind: "single"
      readonly data: unknown
      readonly warning: string | undefined
      /** The command waited this long for its target to appear (absent: it answered at once). */
      readonly readinessWaitMs?: number
      /** A web fill whose read-back, in the same upstream process, differs from what was typed. */
      readonly fillVerification?: FillVerification
      /** A web fill whose field that read-back cannot see. */
      readonly fillNotVerifiable?: FillNotVerifiable
      /** A `snapshot -i` step's naming reads, run in its own process (program/page/namedSnapshot.ts). */
      readonly snapshotNaming?: SnapshotNaming
      /** A fill aimed at a range slider, which the wrapper set instead (page/fillGuard.ts). */
      readonly rangeFill?: {
        /** A native picker field's type (time, month, color...) set the same way (page/pickerFill.ts). */
        readonly field?: string | undefined
        readonly value?: string | undefined
        readonly before: string
        readonly min: string
        readonly max: string
      }
      /** JavaScript dialogs a click opened (`opened`) and alerts that opened after the previous action (`earlier`). */
      readonly jsDialogs?: { readonly opened: ReadonlyArray<JsDialog>; readonly earlier: ReadonlyArray<JsDialog> }
      /** A click whose target was disabled waited this long for it to be enabled (page/readiness.ts). */
      readonly enabledAfterMs?: number
      /** A click whose target a fixed or sticky element covered got past it (page/readiness.ts). */
      readonly uncovered?: Uncovered
      /** What a click did beyond its answer: console errors, a changed heading or control, a late navigation. */
      readonly effects?: ActionEffects
      /** What the filled or typed-into field holds now (read back in the same process). */
      readonly fieldHolds?: FieldHolds
      /** Whether the permission the command needs (set geo, clipboard) was granted: lifecycle/permissionGrant.ts. */
      readonly permissionGrant?: GrantOutcome
      /** The page a job's click step led to, read once it loaded (program/modes/clickStep.ts). */
      readonly landed?: LandedPage
    }
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
