/**
 * The small post-action page diagnostics, each one part (DiagnosticPart: its lines, `details` fields and next
 * actions): possible overlay blockers, a focused combobox that showed no options, where a scroll went or that it moved
 * nothing (`scrollNoop`, with `data.scrolled: false` / `data.noMovement: true`), and eval results that look like a
 * scripting mistake (`evalStdinHint`, `evalResultWarning`, judged here from the script and the reply). The larger
 * ones have their own files (selectorTextDiagnostic.ts, fillDiagnostic.ts, settleDiagnostic.ts); which apply to a
 * call, and their order, is decided where the result is composed (result/resultText.ts). Pure.
 */
import { refSnapshotDetailsOf } from "../../schema/RefSnapshotDetails.js"
import type { Executed } from "../../domain/Executed.js"
import type { NextAction } from "../../schema/NextAction.js"
import { evalResultWarningOf, evalStdinHintOf } from "../../page/evalHints.js"
import { page, type Parts } from "./contentBoundary.js"
import { nextActions } from "../actions/nextActions.js"
import type { DiagnosticPart, Fields } from "./diagnosticPart.js"

const scriptOf = (executed: Executed): string | undefined => {
  const { plan } = executed
  const [command, ...rest] = plan.line.positionals
  if (command !== "eval" || rest.includes("-b") || rest.includes("--base64")) return undefined
  return plan.stdin ?? rest.filter((t) => t !== "--stdin").join(" ")
}

/** Possible overlay blockers: the open dialogs and the candidates that may dismiss them. */
export const overlayDiagnostic = (executed: Executed, session: string | undefined): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const { overlayBlockers: overlay } = executed
  if (overlay !== undefined) {
    // the ref map its candidates come from (the snapshot's own, or the one a click's overlay check took)
    fields = {
      ...fields,
      overlayBlockers: {
        ...overlay,
        ...(executed.refSnapshot !== undefined ? { snapshot: refSnapshotDetailsOf(executed.refSnapshot) } : {})
      }
    }
    lines.push([
      "Possible overlay blockers: ",
      page(overlay.dialogs.slice(0, 3).join(", ")),
      " open; dismiss candidates ",
      ...overlay.candidates.flatMap(
        (c, i): Parts => [i > 0 ? ", " : "", `${c.ref} ${c.role} `, page(JSON.stringify(c.name))]
      ),
      "."
    ])
    actions.push(
      nextActions.inspectOverlay(session),
      ...overlay.candidates.map((c, i) =>
        nextActions.tryOverlayCandidate(session, i, c.args, `${c.ref} ${c.role} ${JSON.stringify(c.name)}`)
      )
    )
  }
  return { lines, fields, nextActions: actions }
}

/** A focused combobox that showed no options: how to open it. */
export const comboboxDiagnostic = (executed: Executed, session: string | undefined): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const combo = executed.comboboxFocus
  if (combo !== undefined) {
    fields = { ...fields, comboboxFocus: combo }
    lines.push([
      "Combobox diagnostic: focused combobox did not expose visible options. Press ArrowDown (or Enter) to " +
        "open it, then snapshot -i."
    ])
    actions.push(
      nextActions.inspectFocusedCombobox(session),
      nextActions.tryOpenComboboxWithArrow(session),
      nextActions.tryOpenComboboxWithEnter(session)
    )
  }
  return { lines, fields, nextActions: actions }
}

const EDGE_WORDS = { top: "top", bottom: "bottom", left: "left end", right: "right end" } as const

/** Why a scroll moved nothing: the page stood at the edge it went toward, or fits the window; else where to scroll. */
const noMovementLine = ({ edge, after }: NonNullable<Executed["scrollNoop"]>): string => {
  const region = "scroll <dir> <px> --selector <css>, or scrollintoview @ref"
  const inside = after.containerCount > 0 ? ` To scroll a region inside it: ${region}.` : ""
  if (edge === "fits") return `The page fits the window: it does not scroll that way.${inside}`
  if (edge !== undefined) {
    const [at, of] =
      edge === "top" || edge === "bottom"
        ? [after.scrollY, after.scrollHeight - after.innerHeight]
        : [after.scrollX, after.scrollWidth - after.innerWidth]
    const axis = edge === "top" || edge === "bottom" ? "y" : "x"
    return `The page is already at the ${EDGE_WORDS[edge]} (${axis} ${at} of ${of}).${inside}`
  }
  return (
    "Scroll diagnostic: no observed scroll movement. Scroll the region that scrolls (scroll <dir> <px> " +
    "--selector <css>) or scrollintoview @ref."
  )
}

/** Where a scroll went, or that it moved nothing (`scrollNoop`, with `data.scrolled: false`). */
export const scrollDiagnostic = (
  executed: Executed,
  session: string | undefined,
  shownData: unknown
): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const { scrollNoop } = executed
  const { scrollPage, scrollContainer } = executed
  if (scrollPage !== undefined) fields = { ...fields, scrollPage }
  if (scrollContainer !== undefined) fields = { ...fields, scrollContainer }
  // where the scroll went (its evidence; a scroll that moved nothing says so below)
  const moved = (axis: string, from: number, to: number) => (from !== to ? [`${axis} ${from} → ${to}`] : [])
  if (scrollPage?.moved === true)
    lines.push([
      "Page scrolled: " +
        [
          ...moved("x", scrollPage.before.scrollX, scrollPage.after.scrollX),
          ...moved("y", scrollPage.before.scrollY, scrollPage.after.scrollY)
        ].join(", ") +
        (scrollPage.grewBy !== undefined
          ? ` (the bottom); then the page grew ${scrollPage.grewBy} px taller: more loaded below (scroll down again).`
          : ".")
    ])
  if (scrollContainer?.moved === true) {
    const { before: b, after: a } = scrollContainer
    lines.push([
      `Scrolled ${scrollContainer.selector}: ` +
        `${[...moved("left", b.scrollLeft, a.scrollLeft), ...moved("top", b.scrollTop, a.scrollTop)].join(", ")}.`
    ])
  }
  if (scrollNoop !== undefined) {
    const data = shownData !== null && typeof shownData === "object" ? shownData : {}
    fields = { ...fields, scrollNoop, data: { ...data, scrolled: false, noMovement: true } }
    lines.push([noMovementLine(scrollNoop)])
    actions.push(nextActions.inspectAfterNoopScroll(session), nextActions.verifyNoopScrollVisually(session))
  }
  return { lines, fields, nextActions: actions }
}

/** Eval results that look like a scripting mistake (`evalStdinHint`, `evalResultWarning`). */
export const evalDiagnostic = (executed: Executed): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const script = executed.outcome.kind === "single" ? scriptOf(executed) : undefined
  if (script !== undefined && executed.outcome.kind === "single") {
    const data = executed.outcome.data
    const hint = evalStdinHintOf(script, data)
    const warning = evalResultWarningOf(script, data, executed.navigation?.url ?? executed.previousPage?.url)
    if (hint !== undefined) {
      fields = { ...fields, evalStdinHint: hint }
      lines.push([`Eval stdin hint: ${hint.reason} ${hint.suggestion}`])
    }
    if (warning !== undefined) {
      fields = { ...fields, evalResultWarning: warning }
      lines.push([`Eval result warning: ${warning.reason} ${warning.suggestion}`])
    }
  }
  return { lines, fields, nextActions: actions }
}
