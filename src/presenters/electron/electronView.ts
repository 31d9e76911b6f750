/**
 * Everything Electron-specific a result shows, in one place for PresenterLive: an `electron` call's report (or the
 * post-command health verdict), else what a successful ordinary call in a wrapper-launched app gained (a fill that
 * did not stick, a sourceLookup without candidates). Pure.
 */
import type { ElectronReport } from "../../domain/ElectronReport.js"
import type { Executed } from "../../domain/Executed.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import type { NextAction } from "../../schema/NextAction.js"
import { electronDetails } from "./electronDetails.js"
import {
  fillVerificationActions,
  lookupContextActions,
  refFreshnessActions,
  textScopeActions
} from "./electronNextActions.js"
import { electronLines } from "./electronText.js"

type RedactArgs = (args: ReadonlyArray<string>) => ReadonlyArray<string>

export interface ElectronView {
  readonly fields: Partial<ToolDetails>
  readonly nextActions: ReadonlyArray<NextAction>
  /** Lines shown before the call's own text. */
  readonly lines: ReadonlyArray<string>
}

export const FILL_GUIDANCE =
  "For custom quick-input or rich editor controls, run snapshot -i, focus the field, then type with keyboard " +
  "type (or keyboard inserttext) instead of fill."

const executedView = (executed: Executed): ElectronView | undefined => {
  const session = executed.plan.sessionName
  const fill = executed.fillVerification
  if (fill !== undefined) {
    return {
      fields: { fillVerification: fill },
      nextActions: fillVerificationActions(fill, session),
      lines: [`Fill check: ${fill.summary} ${FILL_GUIDANCE}`]
    }
  }
  const context = executed.lookup?.mode === "sourceLookup" ? executed.lookup.report.electronContext : undefined
  if (context !== undefined) return { fields: {}, nextActions: lookupContextActions(context), lines: [] }
  const scope = executed.electronGetTextScopeWarning
  if (scope !== undefined) {
    const all = executed.electronGetTextScopeWarnings
    return {
      fields: {
        electronGetTextScopeWarning: scope,
        ...(all !== undefined ? { electronGetTextScopeWarnings: all } : {})
      },
      nextActions: textScopeActions(session),
      lines: [
        `Broad Electron get text selector warning: ${scope.summary}` +
          `${all !== undefined && all.length > 1 ? ` (${all.length} steps read the whole window)` : ""}`
      ]
    }
  }
  const fresh = executed.electronRefFreshness
  if (fresh !== undefined)
    return { fields: { electronRefFreshness: fresh }, nextActions: refFreshnessActions(session), lines: [] }
  return undefined
}

export const electronView = (
  report: ElectronReport | undefined,
  executed: Executed | undefined,
  redact: RedactArgs,
  failed: boolean
): ElectronView | undefined => {
  if (report !== undefined) return { ...electronDetails(report, redact, failed), lines: electronLines(report) }
  return executed !== undefined && !failed ? executedView(executed) : undefined
}
