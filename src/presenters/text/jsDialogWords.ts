/**
 * The words for JavaScript dialogs after an action: each one's type, message (page text) and what was done with it,
 * agreeing with upstream's own warning about a dialog still open (said once, by that warning). Pure.
 */
import type { JsDialog } from "../../domain/JsDialog.js"
import { mentionsBlockingDialog } from "../../upstream/classifyErrorText.js"
import { page, type Parts } from "./contentBoundary.js"

/** Upstream's warning that a dialog is still open and blocks the page (a confirm or prompt the action opened). */
export const isBlockingDialogWarning = (warning: string | undefined): boolean => mentionsBlockingDialog(warning)

const said = (d: JsDialog): Parts => [
  `${d.type} `,
  page(JSON.stringify(d.message)),
  d.answer !== undefined ? ` (${d.answer})` : " (still open)"
]

const listed = (dialogs: ReadonlyArray<JsDialog>): Parts =>
  dialogs.flatMap((d, i) => [...(i > 0 ? ["; "] : []), ...said(d)])

/**
 * The dialog lines after an action: each dialog it opened with its message and answer; upstream's bare flag when the
 * log saw none (a dialog in a frame); the alerts that opened after the previous action (`earlier`). A dialog still
 * open is left to upstream's warning, said once. `when`: when they opened, where the action does not say it (an open:
 * while loading).
 */
export const jsDialogLines = (
  opened: ReadonlyArray<JsDialog>,
  flagged: boolean,
  warning: string | undefined,
  earlier: ReadonlyArray<JsDialog> = [],
  when?: string
): ReadonlyArray<Parts> => {
  const blocking = isBlockingDialogWarning(warning)
  const answered = opened.filter((d) => d.answer !== undefined)
  const lines: Array<Parts> = []
  if (earlier.length > 0) lines.push(["After the previous action: ", ...listed(earlier)])
  if (answered.length > 0) {
    const verb = when !== undefined ? `opened ${when}: ` : "opened: "
    const head = answered.length === 1 ? `A dialog ${verb}` : `${answered.length} dialogs ${verb}`
    lines.push([head, ...listed(answered)])
  } else if (flagged && !blocking) {
    lines.push(["A JavaScript dialog opened and upstream accepted it (its message was not readable)."])
  }
  return lines
}
