/**
 * The post-action page diagnostics as the model reads them: one short line each, their `details` fields, and their
 * next actions. A scroll that moved nothing (`scrollNoop`, with `data.scrolled: false` / `data.noMovement: true`),
 * a `get text` selector that matched several elements (`selectorTextVisibility`), and eval results that look like a
 * scripting mistake (`evalStdinHint`, `evalResultWarning`, judged here from the script and the reply), a web fill
 * whose field does not hold the text (`fillVerification`), a page still building after `open` or a `snapshot` of a
 * page that shows almost nothing yet (`pageSettle`; said once per page, never for a loaded page without controls);
 * and, for PresenterLive, how long element steps waited for their target (`readinessWait`, details only). Each
 * diagnostic is one part (selectorTextDiagnostic.ts, fillDiagnostic.ts, settleDiagnostic.ts, and the small ones
 * here), composed in a fixed order. Pure.
 */
import { refSnapshotDetailsOf } from "../../schema/RefSnapshotDetails.js"
import type { Executed } from "../../domain/Executed.js"
import type { ReadinessWait } from "../../schema/PageDiagnostics.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { ToolError } from "../../schema/ToolError.js"
import { evalResultWarningOf, evalStdinHintOf } from "../../page/evalHints.js"
import { page, type Parts } from "./contentBoundary.js"
import { nextActions } from "../actions/nextActions.js"
import type { DiagnosticPart, Fields, PageDiagnosticsView } from "./diagnosticPart.js"
import { fillDiagnostic } from "./fillDiagnostic.js"
import { selectorTextDiagnostic } from "./selectorTextDiagnostic.js"
import { settleDiagnostic } from "./settleDiagnostic.js"

export type { PageDiagnosticsView } from "./diagnosticPart.js"

const scriptOf = (executed: Executed): string | undefined => {
  const { plan } = executed
  const [command, ...rest] = plan.line.positionals
  if (command !== "eval" || rest.includes("-b") || rest.includes("--base64")) return undefined
  return plan.stdin ?? rest.filter((t) => t !== "--stdin").join(" ")
}

/** How long the call's element steps waited for their targets (a standalone command, or each job step that did). */
const readinessOf = (executed: Executed | undefined): ReadinessWait | undefined => {
  const outcome = executed?.outcome
  if (outcome?.kind === "single")
    return outcome.readinessWaitMs !== undefined ? { waitedMs: outcome.readinessWaitMs } : undefined
  if (outcome?.kind !== "batch") return undefined
  const steps = outcome.rows.flatMap((row, index) =>
    row.readinessWaitMs !== undefined ? [{ index, waitedMs: row.readinessWaitMs }] : []
  )
  return steps.length > 0 ? { waitedMs: steps.reduce((sum, s) => sum + s.waitedMs, 0), steps } : undefined
}

/**
 * `details.readinessWait`, success or failure: the waiting steps of the call, or the wait a failed command ran out
 * (its failure text says it too).
 */
export const readinessDetails = (
  executed: Executed | undefined,
  error: ToolError | undefined
): { readonly readinessWait?: ReadinessWait } => {
  const waited =
    readinessOf(executed) ??
    (error?._tag === "SelectorNotFound" && error.readinessWaitMs !== undefined
      ? { waitedMs: error.readinessWaitMs }
      : undefined)
  return waited !== undefined ? { readinessWait: waited } : {}
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
        "."
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
    lines.push([
      "Scroll diagnostic: no observed scroll movement. Scroll the region that scrolls (scroll <dir> <px> " +
        "--selector <css>) or scrollintoview @ref."
    ])
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

type Diagnostic = (executed: Executed, session: string | undefined, shownData: unknown) => DiagnosticPart

/** Fields of a fill's read-back, on the call's one outcome or a batch's rows (fillDiagnostic.ts reads them). */
const hasFillChecks = ({ outcome }: Executed): boolean =>
  outcome.kind === "batch" ||
  (outcome.kind === "single" && (outcome.fillVerification !== undefined || outcome.fillNotVerifiable !== undefined))

/**
 * Each diagnostic with the one cheap test of whether the call has what it reads (the fact it says, or the command
 * it looks at): a diagnostic whose fact is absent is not entered.
 */
const DIAGNOSTICS: ReadonlyArray<readonly [applies: (executed: Executed) => boolean, Diagnostic]> = [
  [(e) => e.overlayBlockers !== undefined, overlayDiagnostic],
  [(e) => e.comboboxFocus !== undefined, comboboxDiagnostic],
  [
    (e) => e.scrollPage !== undefined || e.scrollContainer !== undefined || e.scrollNoop !== undefined,
    scrollDiagnostic
  ],
  [(e) => e.selectorTextVisibility !== undefined, selectorTextDiagnostic],
  [(e) => e.plan.line.positionals[0] === "eval", (e) => evalDiagnostic(e)],
  [(e) => e.fillVerification === undefined && hasFillChecks(e), fillDiagnostic],
  [(e) => e.pageSettle !== undefined || e.plan.line.command === "snapshot", settleDiagnostic]
]

export const pageDiagnostics = (executed: Executed, shownData: unknown): PageDiagnosticsView => {
  const session = executed.plan.sessionName
  const parts: ReadonlyArray<DiagnosticPart> = DIAGNOSTICS.flatMap(([applies, diagnostic]) =>
    applies(executed) ? [diagnostic(executed, session, shownData)] : []
  )
  return {
    lines: parts.flatMap((p) => p.lines),
    fields: Object.assign({}, ...parts.map((p) => p.fields)) as Fields,
    nextActions: parts.flatMap((p) => p.nextActions)
  }
}
