/**
 * A web fill with its steps around it, in one upstream batch that stops at its first failed step: before it, the
 * guard (fillGuard.ts: a slider is set there instead, and the focused field noted); after it, the read-back
 * (fillReadback.ts: the eval, then a ref's own reads). Shared by a standalone fill (program/probed/fill.ts) and
 * a job's fill step (program/modes/runSteps.ts). Pure: the rows, and what their answers mean.
 */
import type { StepRow } from "../domain/Outcome.js"
import type { FillNotVerifiable, FillVerification } from "../schema/PageDiagnostics.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { fillBeforeScript, type RangeFill, rangeFillOf, rangeFillText } from "./fillGuard.js"
import { type FillTarget, fillHeldOf, fillInvalidOf, fillReadScript, fillVerificationOf } from "./fillReadback.js"
import { refFactsOf, refRows } from "./fillRefReads.js"
import { fillNotVerifiableOf } from "./fillUnseen.js"

/** The code of a fill the wrapper refused before it ran (a slider given no number). */
export const FILL_REFUSED = "fill-refused"

export interface FillProbeRows {
  readonly before: ReadonlyArray<ReadonlyArray<string>>
  readonly after: ReadonlyArray<ReadonlyArray<string>>
}

/** `role`: the target ref's role in the latest snapshot (a slider is focused first, then judged). */
export const fillProbeRows = (fill: FillTarget, role: string | undefined): FillProbeRows => {
  const ref = fill.selector?.startsWith("@") === true ? fill.selector : undefined
  const css = ref === undefined ? fill.selector : undefined
  const slider = ref !== undefined && role === "slider"
  return {
    // a password's text is never written into the script (a slider's value is a plain number)
    before: [
      ...(slider ? [["focus", ref]] : []),
      ["eval", fillBeforeScript(css, fill.secret === true ? "" : fill.text, slider)]
    ],
    after: [["eval", fillReadScript(fill)], ...refRows(fill)]
  }
}

const resultOf = (row: StepRow | undefined): unknown =>
  row?.success === true && row.result !== null && typeof row.result === "object"
    ? (row.result as Record<string, unknown>)["result"]
    : undefined

export type FillProbeOutcome =
  /** The target is a slider: set by the guard (`range.value`), or refused (no number; `refused`). */
  | { readonly kind: "range"; readonly range: RangeFill; readonly refused?: UpstreamFailed }
  /** The fill ran: its row, and what the read-back found. */
  | {
      readonly kind: "filled"
      readonly row: StepRow | undefined
      readonly verification?: FillVerification
      readonly notVerifiable?: FillNotVerifiable
      /** The typed text, read back in the field (fillHeldOf). */
      readonly held?: string
      /** The browser's validation message for the field it holds (a number over its max), when it is invalid. */
      readonly invalid?: string
    }

/**
 * What the batch did: `at` is the fill's row; the guard's eval is just before it, the read-back's rows just after
 * (`refRows` answer `{value}` / `{enabled}` rows read as-is).
 */
export const fillProbeOutcomeOf = (
  fill: FillTarget,
  rows: ReadonlyArray<StepRow>,
  at: number,
  stepIndex?: number
): FillProbeOutcome => {
  const guard = rows[at - 1]
  const range = guard !== undefined && !guard.success ? rangeFillOf(guard.thrown) : undefined
  if (range !== undefined) {
    const target = fill.selector ?? "the field"
    return range.value === undefined
      ? {
          kind: "range",
          range,
          refused: new UpstreamFailed({
            detail: rangeFillText(target, range, fill.text),
            code: FILL_REFUSED,
            stderr: "",
            exitCode: null
          })
        }
      : { kind: "range", range }
  }
  const row = rows[at]
  if (row === undefined || !row.success) return { kind: "filled", row }
  const read = resultOf(rows[at + 1])
  const refs = refRows(fill).map((_, i) => {
    const r = rows[at + 2 + i]
    return r?.success === true ? r.result : undefined
  })
  const facts = refFactsOf(refs)
  const verification = fillVerificationOf(fill, read, stepIndex, facts)
  const notVerifiable = verification === undefined ? fillNotVerifiableOf(fill, read, stepIndex) : undefined
  const held = verification === undefined ? fillHeldOf(fill, read, facts) : undefined
  const invalid = held !== undefined ? fillInvalidOf(read) : undefined
  return {
    kind: "filled",
    row,
    ...(verification !== undefined ? { verification } : {}),
    ...(notVerifiable !== undefined ? { notVerifiable } : {}),
    ...(held !== undefined ? { held } : {}),
    ...(invalid !== undefined ? { invalid } : {})
  }
}
