/**
 * The post-action page diagnostics as the model reads them: one short line each, their `details` fields, and their
 * next actions. A scroll that moved nothing (`scrollNoop`, with `data.scrolled: false` / `data.noMovement: true`),
 * a `get text` selector that matched several elements (`selectorTextVisibility`), and eval results that look like a
 * scripting mistake (`evalStdinHint`, `evalResultWarning`, judged here from the script and the reply), a web fill
 * whose field does not hold the text (`fillVerification`), a page still building after `open` or a `snapshot` of a
 * page that shows almost nothing yet (`pageSettle`; said once per page, never for a loaded page without controls); and, for PresenterLive, how long element steps waited for their
 * target (`readinessWait`, details only). Pure.
 */
import { refSnapshotDetailsOf } from "../../schema/RefSnapshotDetails.js"
import type { Executed } from "../../domain/Executed.js"
import type {
  FillNotVerifiable,
  FillVerification,
  PageSettle,
  ReadinessWait,
  SelectorTextVisibility
} from "../../schema/PageDiagnostics.js"
import type { NextAction, ToolDetails } from "../../schema/ToolDetails.js"
import type { ToolError } from "../../schema/ToolError.js"
import { readPayload, SnapshotRefs, SnapshotText } from "../../schema/UpstreamPayloads.js"
import { isNearEmpty, isStaticLoaded, isStillLoading, needsSettleNote } from "../../page/pageSettle.js"
import { treeTextChars } from "../../snapshot/controlContext.js"
import { CONTROL_ROLES } from "../../snapshot/renderFlow.js"
import { fillVerificationActions } from "../electron/electronDetails.js"
import { fillAdvice } from "../../page/fillAdvice.js"
import { fillShortWay } from "../actions/fillShortWay.js"
import { evalResultWarningOf, evalStdinHintOf } from "../../page/evalHints.js"
import { textVisibilityScript } from "../../page/textVisibility.js"
import { page, type Parts } from "./contentBoundary.js"
import { nextActions } from "../actions/nextActions.js"

type Fields = Partial<{ -readonly [K in keyof ToolDetails]: ToolDetails[K] }>

export interface PageDiagnosticsView {
  readonly lines: ReadonlyArray<Parts>
  readonly fields: Fields
  readonly nextActions: ReadonlyArray<NextAction>
}

/** Selector diagnostics shown as lines; details keep them all. */
const SHOWN_SELECTORS = 3
/** Visible candidates named per line. */
const SHOWN_CANDIDATES = 2
const PREVIEW_CHARS = 40

const short = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const textLine = (d: SelectorTextVisibility, id: string): Parts => {
  const where = d.stepIndex !== undefined ? ` (step ${d.stepIndex + 1})` : ""
  const first = d.reason === "first-match-hidden" ? "the first, which is hidden" : "the first"
  const shown = d.visibleCandidates
    .slice(0, SHOWN_CANDIDATES)
    .flatMap(
      (c, i): Parts => [
        i === 0 ? "" : ", ",
        `[${c.index}] ${c.tagName}`,
        ...(c.textPreview !== undefined ? [" ", page(JSON.stringify(short(c.textPreview, PREVIEW_CHARS)))] : [])
      ]
    )
  return [
    `Selector warning${where}: ${short(d.selector, 60)} matches ${d.matchCount}; get text read ${first}. Visible ${d.visibleCount}`,
    ...(shown.length > 0 ? [": ", ...shown] : []),
    `. Use a visible @ref or a narrower selector (${id}).`
  ]
}

const scriptOf = (executed: Executed): string | undefined => {
  const { plan } = executed
  const [command, ...rest] = plan.line.positionals
  if (command !== "eval" || rest.includes("-b") || rest.includes("--base64")) return undefined
  return plan.stdin ?? rest.filter((t) => t !== "--stdin").join(" ")
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

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

/** Web fills whose read-back differed (a standalone fill, or job fill steps); Electron's own check is shown elsewhere. */
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

const waitAction = (session: string | undefined): NextAction => nextActions.waitForPageUi(session)

const GRID_ROLES: ReadonlySet<string> = new Set(["row", "gridcell", "columnheader", "rowheader"])

const STATIC_NEAR_EMPTY_LINE =
  "The page has loaded and shows almost nothing (no controls, hardly any text); " +
  "it has no scripts, so that is all of it."

const NEAR_EMPTY_LINE =
  "Almost nothing on the page yet (no controls, hardly any text): it may still be loading; wait, then snapshot -i."

/** A page shown and usable whose load event had not fired: what it still waits for. */
const stillLoadingLine = (pending: ReadonlyArray<string>): string =>
  `Still loading: the page is shown and usable (its DOM is ready) but its load event has not fired; waiting on ${
    pending.length > 0 ? pending.join(", ") : "a resource"
  }. ` + "Act on it as it is, or wait --load load first if you need everything."

const settleLine = (settle: PageSettle, command: string | undefined): string =>
  isStillLoading(settle)
    ? stillLoadingLine(settle.loading?.pending ?? [])
    : !settle.settled && command === "snapshot"
      ? `Page still changing after ${seconds(settle.waitedMs)} when this snapshot was taken: it may not show the settled page; wait, then snapshot -i again.`
      : !settle.settled
        ? `Page still changing after ${seconds(settle.waitedMs)}: its UI may still be building; wait, then snapshot -i.`
        : NEAR_EMPTY_LINE

/**
 * A `snapshot` of a page that shows almost nothing yet: no control or link has a ref, and the page's text (a full
 * tree's own, or the one read beside `-i`) is near empty. A page that loaded and simply has no controls is not one;
 * without the page's text (no full tree read) nothing is claimed.
 */
const nearEmptySnapshot = (executed: Executed): boolean => {
  const { plan, outcome } = executed
  if (plan.line.command !== "snapshot" || outcome.kind !== "single") return false
  const refs = readPayload(SnapshotRefs, outcome.data, (d) => d.refs) ?? {}
  // a data grid's rows, headers and cells are what a model acts on there (AG Grid gives no button a ref)
  const controls = Object.values(refs).filter(
    (r) => CONTROL_ROLES.has(String(r.role ?? "")) || GRID_ROLES.has(String(r.role ?? "")) || r.role === "link"
  ).length
  const interactive = plan.line.positionals.some((t) => t === "-i" || t === "--interactive")
  const tree = readPayload(SnapshotText, outcome.data, (d) => d.snapshot)
  const textChars = interactive
    ? executed.snapshotNaming?.pageTextChars
    : tree !== undefined
      ? treeTextChars(tree)
      : undefined
  return textChars !== undefined && isNearEmpty(controls, textChars)
}

export const pageDiagnostics = (executed: Executed, shownData: unknown): PageDiagnosticsView => {
  const session = executed.plan.sessionName
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const { scrollNoop, selectorTextVisibility: texts, overlayBlockers: overlay } = executed
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
  const combo = executed.comboboxFocus
  if (combo !== undefined) {
    fields = { ...fields, comboboxFocus: combo }
    lines.push([
      "Combobox diagnostic: focused combobox did not expose visible options. Press ArrowDown (or Enter) to open it, then snapshot -i."
    ])
    actions.push(
      nextActions.inspectFocusedCombobox(session),
      nextActions.tryOpenComboboxWithArrow(session),
      nextActions.tryOpenComboboxWithEnter(session)
    )
  }
  const { scrollPage, scrollContainer } = executed
  if (scrollPage !== undefined) fields = { ...fields, scrollPage }
  if (scrollContainer !== undefined) fields = { ...fields, scrollContainer }
  // where the scroll went (its evidence; a scroll that moved nothing says so below)
  const moved = (axis: string, from: number, to: number) => (from !== to ? [`${axis} ${from} → ${to}`] : [])
  if (scrollPage?.moved === true)
    lines.push([
      `Page scrolled: ${[...moved("x", scrollPage.before.scrollX, scrollPage.after.scrollX), ...moved("y", scrollPage.before.scrollY, scrollPage.after.scrollY)].join(", ")}.`
    ])
  if (scrollContainer?.moved === true) {
    const { before: b, after: a } = scrollContainer
    lines.push([
      `Scrolled ${scrollContainer.selector}: ${[...moved("left", b.scrollLeft, a.scrollLeft), ...moved("top", b.scrollTop, a.scrollTop)].join(", ")}.`
    ])
  }
  if (scrollNoop !== undefined) {
    const data = shownData !== null && typeof shownData === "object" ? shownData : {}
    fields = { ...fields, scrollNoop, data: { ...data, scrolled: false, noMovement: true } }
    lines.push([
      "Scroll diagnostic: no observed scroll movement. Scroll the region that scrolls (scroll <dir> <px> --selector <css>) or scrollintoview @ref."
    ])
    actions.push(nextActions.inspectAfterNoopScroll(session), nextActions.verifyNoopScrollVisually(session))
  }
  if (texts !== undefined && texts.length > 0) {
    fields = {
      ...fields,
      selectorTextVisibility: texts[0]!,
      ...(texts.length > 1 ? { selectorTextVisibilityAll: texts } : {})
    }
    texts.forEach((d, i) => {
      const action = nextActions.inspectTextCandidates(
        session,
        i,
        short(d.selector, 60),
        textVisibilityScript([d.selector])
      )
      actions.push(action)
      if (i < SHOWN_SELECTORS) lines.push(textLine(d, action.id))
    })
    if (texts.length > SHOWN_SELECTORS)
      lines.push([`… ${texts.length - SHOWN_SELECTORS} more selector warning(s) in details.selectorTextVisibilityAll.`])
  }
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
  const settle = executed.pageSettle
  // upstream's open succeeds on any status: an error status is said, so "Opened: Payment Required" is not read as ok
  if (settle?.httpStatus !== undefined) {
    lines.push([`HTTP status ${settle.httpStatus}: the server answered with an error; the page shows what it sent.`])
  }
  if (settle !== undefined) {
    fields = { ...fields, pageSettle: settle }
    // the snapshot after open is already suggested (inspect-after-navigation)
    if (needsSettleNote(settle) && settle.settled && !isStillLoading(settle) && isStaticLoaded(settle)) {
      // a loaded page without scripts is not "still loading": it is short, and waiting changes nothing
      lines.push([STATIC_NEAR_EMPTY_LINE])
    } else if (needsSettleNote(settle)) {
      lines.push([settleLine(settle, executed.plan.line.command)])
      actions.push(waitAction(session))
    }
  } else if (nearEmptySnapshot(executed)) {
    // said once per page: not again when the open that landed here said it
    if (executed.previousPage?.nearEmptyNoted !== true) lines.push([NEAR_EMPTY_LINE])
    actions.push(waitAction(session), nextActions.refreshRefs(session))
  }
  return { lines, fields, nextActions: actions }
}
