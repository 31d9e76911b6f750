/** A web fill whose field does not hold the text (`fillVerification`), or that the read-back cannot see. */
import type { Executed } from "../../domain/Executed.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { FillNotVerifiable, FillVerification } from "../../schema/PageDiagnostics.js"
import { fillAdvice } from "../../page/fillAdvice.js"
import { fillVerificationActions } from "../electron/electronNextActions.js"
import { fillShortWay } from "../actions/fillShortWay.js"
import type { Parts } from "./contentBoundary.js"
import type { DiagnosticPart, Fields } from "./diagnosticPart.js"

/**
 * Web fills whose read-back differed (a standalone fill, or job fill steps); Electron's own check is shown elsewhere.
 */
const fillChecksOf = (executed: Executed): ReadonlyArray<FillVerification> => {
  const { outcome } = executed
  if (outcome.kind === "single") return outcome.fillVerification !== undefined ? [outcome.fillVerification] : []
  return outcome.kind === "batch"
    ? outcome.rows.flatMap((row) => (row.success && row.fillVerification !== undefined ? [row.fillVerification] : []))
    : []
}

const notVerifiableOf = (executed: Executed): ReadonlyArray<FillNotVerifiable> => {
  const { outcome } = executed
  if (outcome.kind === "single") return outcome.fillNotVerifiable !== undefined ? [outcome.fillNotVerifiable] : []
  return outcome.kind === "batch"
    ? outcome.rows.flatMap((row) => (row.success && row.fillNotVerifiable !== undefined ? [row.fillNotVerifiable] : []))
    : []
}

/** The fill checks of the call's web fills, and the fields the read-back could not see. */
export const fillDiagnostic = (executed: Executed, session: string | undefined): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  // an Electron app's fill has its own check (electronView); one report is enough
  const fills = executed.fillVerification === undefined ? fillChecksOf(executed) : []
  const fill = fills[0]
  if (fill !== undefined) {
    fields = { ...fields, fillVerification: fill }
    for (const f of fills) {
      const step = f.stepIndex !== undefined ? ` (step ${f.stepIndex + 1})` : ""
      lines.push([`Fill check${step}: ${f.summary} ${fillAdvice(f)}`])
    }
    actions.push(...fillShortWay(fill, executed.plan), ...fillVerificationActions(fill, session))
  }
  // a field the read-back cannot see: said, so the success does not read as verified
  const unseen = executed.fillVerification === undefined ? notVerifiableOf(executed) : []
  if (unseen[0] !== undefined) {
    fields = { ...fields, fillNotVerifiable: unseen[0] }
    for (const f of unseen)
      lines.push([`Fill check${f.stepIndex !== undefined ? ` (step ${f.stepIndex + 1})` : ""}: ${f.summary}`])
  }
  return { lines, fields, nextActions: actions }
}
