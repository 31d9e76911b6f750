/**
 * The short way after a fill that did not take, as one `job` (the first next action): a native date field given an ISO
 * date gets its keys typed in one type step (real keys, in the order it shows its parts); a read-only field (a JS date
 * picker or another widget sets it) gets opened and looked at in one call, so what it offers (a calendar's month and
 * paging buttons) is seen at once, and one more job chooses; a rich editor that kept its earlier text gets all of it
 * selected and the text typed over it. A job runs on this conversation's browser, so a fill on an
 * explicit `--session` (or in a job step) keeps the args follow-ups only. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { FillVerification } from "../../schema/PageDiagnostics.js"
import { PageDiagnosticsIds as D } from "../../schema/NextActionIds.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { JobStep } from "../../schema/ToolInput.js"
import { fillTargetOf } from "../../page/fillReadback.js"
import { MAX_TYPED_KEYS } from "../../upstream/keystrokes.js"

/** A rich editor that kept its text: all of it selected (the press step focuses it), the text typed over it. */
const replaceSteps = (v: FillVerification, plan: Plan): ReadonlyArray<JobStep> | undefined => {
  const text = fillTargetOf(plan.line.positionals)?.text
  if (text === undefined || [...text].length > MAX_TYPED_KEYS) return undefined
  return [
    { action: "press", selector: v.target, text: "Control+a" },
    { action: "type", text }
  ]
}

/** The job's steps, or undefined when there is no short way for this field. */
const stepsOf = (v: FillVerification, plan: Plan): ReadonlyArray<JobStep> | undefined =>
  v.dateKeys !== undefined
    ? [{ action: "type", selector: v.target, text: v.dateKeys }]
    : v.readOnly === true
      ? [{ action: "click", selector: v.target }, { action: "snapshot" }]
      : v.added === true
        ? replaceSteps(v, plan)
        : undefined

/** The action's id, reason and safety note for the field's short way. */
const wordsOf = (v: FillVerification): readonly [string, string, string] =>
  v.added === true
    ? [
        D.replaceEditorText,
        "Replace the editor's text in one job: select all of it (Control+a), then type the text over it.",
        "Changes this editor's text only."
      ]
    : v.dateKeys !== undefined
      ? [
          D.typeDateFieldKeys,
          `Type the date as the field's keys (${v.dateKeys}) in one job.`,
          "Types into this field only."
        ]
      : [
          D.openWidgetAndLook,
          "Open the widget that sets this field and see what it shows in one job; then choose in it with one more job.",
          "Opens the widget (a picker, a list); chooses nothing."
        ]

export const fillShortWay = (v: FillVerification, plan: Plan): ReadonlyArray<NextAction> => {
  const steps = stepsOf(v, plan)
  const mine = plan.sessionRole === "managed" && plan.line.command === "fill"
  if (steps === undefined || !mine || v.stepIndex !== undefined || !/^(@|[#.[a-z])/i.test(v.target)) return []
  const [first, reason, safety] = wordsOf(v)
  return [{ tool: "agent_browser", id: first, reason, safety, params: { job: { steps } } }]
}
