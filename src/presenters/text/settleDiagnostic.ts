/**
 * A page still building after `open`, or a `snapshot` of a page that shows almost nothing yet (`pageSettle`; said once
 * per page, never for a loaded page without controls), and an error status the server answered `open` with.
 */
import type { Executed } from "../../domain/Executed.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { PageSettle } from "../../schema/PageDiagnostics.js"
import { readPayload, SnapshotRefs, SnapshotText } from "../../schema/UpstreamPayloads.js"
import { isNearEmpty, isStaticLoaded, isStillLoading, needsSettleNote } from "../../page/pageSettle.js"
import { treeTextChars } from "../../snapshot/controlContext.js"
import { CONTROL_ROLES } from "../../snapshot/renderFlow.js"
import { nextActions } from "../actions/nextActions.js"
import type { Parts } from "./contentBoundary.js"
import type { DiagnosticPart, Fields } from "./diagnosticPart.js"

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const waitAction = (session: string | undefined): NextAction => nextActions.waitForPageUi(session)

const GRID_ROLES: ReadonlySet<string> = new Set(["row", "gridcell", "columnheader", "rowheader"])

const STATIC_NEAR_EMPTY_LINE =
  "The page has loaded and shows almost nothing (no controls, hardly any text); " +
  "it has no scripts, so that is all of it."

// an error page the server sent (404, 500) that settled is what the server answered: waiting does not change it
const ERROR_NEAR_EMPTY_LINE = "The error page has loaded and shows almost nothing (no controls, hardly any text)."

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
      ? `Page still changing after ${seconds(settle.waitedMs)} when this snapshot was taken: it may not show the ` +
        "settled page; wait, then snapshot -i again."
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

/** How the page settled after `open` (or looks in a `snapshot`), and what to wait for. */
export const settleDiagnostic = (executed: Executed, session: string | undefined): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const settle = executed.pageSettle
  // upstream's open succeeds on any status: an error status is said, so "Opened: Payment Required" is not read as ok
  if (settle?.httpStatus !== undefined) {
    lines.push([`HTTP status ${settle.httpStatus}: the server answered with an error; the page shows what it sent.`])
  }
  if (settle !== undefined) {
    fields = { ...fields, pageSettle: settle }
    // the snapshot after open is already suggested (inspect-after-navigation)
    const loaded = needsSettleNote(settle) && settle.settled && !isStillLoading(settle)
    if (loaded && (isStaticLoaded(settle) || settle.httpStatus !== undefined)) {
      // a loaded page without scripts, or an error page, is not "still loading": waiting changes nothing
      lines.push([settle.httpStatus !== undefined ? ERROR_NEAR_EMPTY_LINE : STATIC_NEAR_EMPTY_LINE])
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
