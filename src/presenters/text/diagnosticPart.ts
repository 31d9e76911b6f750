/** What each page diagnostic adds: its lines, `details` fields and next actions (composed in result/resultText.ts). */
import type { NextAction } from "../../schema/NextAction.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import type { Parts } from "./contentBoundary.js"

export type Fields = Partial<{ -readonly [K in keyof ToolDetails]: ToolDetails[K] }>

export interface PageDiagnosticsView {
  readonly lines: ReadonlyArray<Parts>
  readonly fields: Fields
  readonly nextActions: ReadonlyArray<NextAction>
}

/** One diagnostic's share of the view. */
export type DiagnosticPart = PageDiagnosticsView
