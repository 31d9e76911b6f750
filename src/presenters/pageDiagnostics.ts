/**
 * The post-action page diagnostics as the model reads them: one short line each, their `details` fields, and their
 * next actions. A scroll that moved nothing (`scrollNoop`, with `data.scrolled: false` / `data.noMovement: true`),
 * a `get text` selector that matched several elements (`selectorTextVisibility`), and eval results that look like a
 * scripting mistake (`evalStdinHint`, `evalResultWarning`, judged here from the script and the reply). Pure.
 */
import type { Executed } from "../schema/Executed.js"
import type { SelectorTextVisibility } from "../schema/PageDiagnostics.js"
import type { NextAction, ToolDetails } from "../schema/ToolDetails.js"
import { evalResultWarningOf, evalStdinHintOf } from "../session/evalHints.js"
import { textVisibilityScript } from "../session/textVisibility.js"
import { page, type Parts } from "./contentBoundary.js"
import { nextActions } from "./nextActions.js"

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
  const shown = d.visibleCandidates.slice(0, SHOWN_CANDIDATES).flatMap((c, i): Parts => [
    i === 0 ? "" : ", ",
    `[${c.index}] ${c.tagName}`,
    ...(c.textPreview !== undefined ? [" ", page(JSON.stringify(short(c.textPreview, PREVIEW_CHARS)))] : [])
  ])
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

export const pageDiagnostics = (executed: Executed, shownData: unknown): PageDiagnosticsView => {
  const session = executed.plan.sessionName
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const { scrollNoop, selectorTextVisibility: texts, overlayBlockers: overlay } = executed
  if (overlay !== undefined) {
    fields = { ...fields, overlayBlockers: overlay }
    lines.push(["Possible overlay blockers: ", page(overlay.dialogs.slice(0, 3).join(", ")), " open; dismiss candidates ",
      ...overlay.candidates.flatMap((c, i): Parts => [i > 0 ? ", " : "", `${c.ref} ${c.role} `, page(JSON.stringify(c.name))]), "."])
    actions.push(nextActions.inspectOverlay(session), ...overlay.candidates.map((c, i) => nextActions.tryOverlayCandidate(session, i, c.args, `${c.ref} ${c.role} ${JSON.stringify(c.name)}`)))
  }
  if (scrollNoop !== undefined) {
    const data = shownData !== null && typeof shownData === "object" ? shownData : {}
    fields = { ...fields, scrollNoop, data: { ...data, scrolled: false, noMovement: true } }
    lines.push(["Scroll diagnostic: no observed scroll movement. Scroll the region that scrolls (scroll <dir> <px> --selector <css>) or scrollintoview @ref."])
    actions.push(nextActions.inspectAfterNoopScroll(session), nextActions.verifyNoopScrollVisually(session))
  }
  if (texts !== undefined && texts.length > 0) {
    fields = { ...fields, selectorTextVisibility: texts[0]!, ...(texts.length > 1 ? { selectorTextVisibilityAll: texts } : {}) }
    texts.forEach((d, i) => {
      const action = nextActions.inspectTextCandidates(session, i, short(d.selector, 60), textVisibilityScript([d.selector]))
      actions.push(action)
      if (i < SHOWN_SELECTORS) lines.push(textLine(d, action.id))
    })
    if (texts.length > SHOWN_SELECTORS) lines.push([`… ${texts.length - SHOWN_SELECTORS} more selector warning(s) in details.selectorTextVisibilityAll.`])
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
  return { lines, fields, nextActions: actions }
}
