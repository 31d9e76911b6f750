/** A `get text` selector that matched several elements (`selectorTextVisibility`): one line each, a few shown. */
import type { Executed } from "../../domain/Executed.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { SelectorTextVisibility } from "../../schema/PageDiagnostics.js"
import { textVisibilityScript } from "../../page/textVisibility.js"
import { nextActions } from "../actions/nextActions.js"
import { page, type Parts } from "./contentBoundary.js"
import type { DiagnosticPart, Fields } from "./diagnosticPart.js"

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
    `Selector warning${where}: ${short(d.selector, 60)} matches ${d.matchCount}; get text read ${first}. ` +
      `Visible ${d.visibleCount}`,
    ...(shown.length > 0 ? [": ", ...shown] : []),
    `. Use a visible @ref or a narrower selector (${id}).`
  ]
}

/** The selector warnings of `get text` reads, with a read-only look at each one's visible matches. */
export const selectorTextDiagnostic = (executed: Executed, session: string | undefined): DiagnosticPart => {
  const lines: Array<Parts> = []
  const actions: Array<NextAction> = []
  let fields: Fields = {}
  const texts = executed.selectorTextVisibility
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
  return { lines, fields, nextActions: actions }
}
