/**
 * The model-visible text of a call, before redaction and budgets: the body with its notes, a failure's line (the
 * upstream words it quotes marked as page content), the recovery, honesty and session-outcome lines; or, for a
 * caller who asked for --json, the JSON alone with every note moved to details. What is said beside the body
 * (`sidesOf`: notes, page diagnostics, the Electron view, honesty) is decided here once, from the call's facts: a
 * side whose fact is absent is not entered. Pure.
 */
import type { Executed, ManagedSessionOutcome } from "../../domain/Executed.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import type { Plan } from "../../domain/Plan.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import type { ContentPart } from "../../schema/ToolResult.js"
import { categoryOf, type ToolError } from "../../schema/ToolError.js"
import { failedStep } from "../details/details.js"
import { assertionFailureLine } from "../text/assertionFailure.js"
import { joinParts, page, type Parts, plain } from "../text/contentBoundary.js"
import { electronView } from "../electron/electronView.js"
import { type Body, bodyOf, originOf } from "../text/body.js"
import { honestyOf } from "../text/honestyNotes.js"
import { notesOf } from "../text/notes.js"
import type { DiagnosticPart, Fields, PageDiagnosticsView } from "../text/diagnosticPart.js"
import { fillDiagnostic } from "../text/fillDiagnostic.js"
import { formatFailure, resultCategoryLine } from "../text/formatFailure.js"
import { sessionOutcomeLines } from "../actions/managedSessionOutcome.js"
import { comboboxDiagnostic, evalDiagnostic, overlayDiagnostic, scrollDiagnostic } from "../text/pageDiagnostics.js"
import { selectorTextDiagnostic } from "../text/selectorTextDiagnostic.js"
import { settleDiagnostic } from "../text/settleDiagnostic.js"
import { frameDiagnostic } from "../text/frameDiagnostic.js"
import { stepRefusalNote } from "../text/securityRefusal.js"
import { pageChanged } from "../../session/sessionTransitions.js"
import { loadsState } from "../../upstream/commandEffects.js"

/** Upstream's own error text can quote the page (a thrown message, option labels): it is page content in a failure. */
const upstreamQuote = (error: ToolError): string | undefined =>
  error._tag === "UpstreamFailed" ||
  error._tag === "SelectorNotFound" ||
  error._tag === "SelectorUnsupported" ||
  (error._tag === "StaleRef" && error.source === "upstream") ||
  (error._tag === "TimedOut" && error.source === "upstream")
    ? error.message
    : undefined

/** A failure line with the upstream text it quotes marked as page content (the rest is the tool's). */
const quotingPage = (text: string, error: ToolError): Parts => {
  const quote = upstreamQuote(error)
  const at = quote !== undefined && quote !== "" ? text.indexOf(quote) : -1
  return at < 0 || quote === undefined ? [text] : [text.slice(0, at), page(quote), text.slice(at + quote.length)]
}

const nonEmpty = (lines: ReadonlyArray<Parts>): ReadonlyArray<Parts> => lines.filter((line) => plain(line) !== "")

/**
 * The text of a call, before redaction and budgets: the body's page parts stay marked as page content. `failure`: a
 * failed call's rendering (formatFailure.ts, made once by `resultText`).
 */
export const textOf = (
  failure: string | undefined,
  executed: Executed | undefined,
  body: Parts,
  notes: ReadonlyArray<Parts>,
  error: ToolError | undefined
): Parts => {
  const withNotes = joinParts(nonEmpty([body, ...notes]), "\n")
  const approved = executed?.approval !== undefined ? `Approved by the user: ${executed.approval.action}.\n` : ""
  if (error === undefined) return [approved, ...withNotes]
  const step = failedStep(executed, error)
  if (error._tag === "QaFailed" && executed?.qa !== undefined) return withNotes
  const refusal =
    error._tag === "PolicyBlocked" && error.violation !== undefined ? `\n${stepRefusalNote(error.violation)}` : ""
  if (step !== undefined) {
    const assertion = assertionFailureLine(error)
    const line = `\nResult: step ${step.index + 1} failed (${categoryOf(error)}).`
    const result = assertion !== "" ? `${line} ${assertion}` : line
    return [approved, ...withNotes, `${result}${refusal}`]
  }
  const failed = quotingPage(`Failed (${categoryOf(error)}): ${failure ?? ""}`, error)
  if (executed === undefined) return failed
  // a click that reached nothing did not happen: its body ("Clicked …") would say it did
  const shown =
    error._tag === "UpstreamFailed" && error.clickDispatch !== undefined ? joinParts(nonEmpty(notes), "\n") : withNotes
  return [...failed, `\n${approved}`, ...shown]
}

/** The recovery line: what a lost or hung browser's recovery did (or that the loss was not checked). */
const recoveryLines = (recovery: Recovery | undefined): ReadonlyArray<Parts> => {
  if (recovery === undefined) return []
  const kind = recovery.kind
  const label = kind === "loss-not-checked" ? "Not checked" : kind === "session-checked" ? "Checked" : "Recovered"
  return [[`${label}: ${recovery.summary}`]]
}

/** A caller who asked for --json parses the visible text: it is the JSON alone, every note goes to details.notes. */
const jsonOnly = ({ plan, error, executed }: TextInput, body: Body | undefined): boolean =>
  plan?.callerRequestedJson === true &&
  error === undefined &&
  body !== undefined &&
  executed?.outcome.kind !== "inspection"

/** The text's lines (`failure`: formatFailure.ts's rendering), and the notes a --json caller gets in details. */
const resultLines = (
  input: TextInput,
  failure: string | undefined,
  body: Parts | undefined,
  sides: Sides,
  json: boolean
) => {
  const { executed, error } = input
  const asLines = (ls: ReadonlyArray<string>) => ls.map((l) => [l])
  const electron = asLines(sides.electron?.lines ?? [])
  const recovered = recoveryLines(sides.recovery)
  const honesty = asLines(sides.honesty?.lines ?? [])
  if (json) {
    const approval = executed?.approval !== undefined ? [[`Approved by the user: ${executed.approval.action}.`]] : []
    const notes = [...approval, ...electron, ...sides.notes, ...recovered, ...honesty]
    return { lines: joinParts(nonEmpty([body ?? []]), "\n"), jsonNotes: notes.map(plain).filter((l) => l !== "") }
  }
  const outcome = error !== undefined ? asLines(sessionOutcomeLines(input.managedSessionOutcome)) : []
  const text = textOf(failure, executed, body ?? [], sides.notes, error)
  return { lines: joinParts(nonEmpty([...electron, text, ...recovered, ...honesty, ...outcome]), "\n"), jsonNotes: [] }
}

/** A long failing batch/job/qa: its failed step's line leads the preview (F12); its words only outside page markers. */
const failedStepLead = (executed: Executed | undefined, error: ToolError | undefined, bounded: boolean): string => {
  const failed = failedStep(executed, error)
  if (failed === undefined || error === undefined) return ""
  const words = bounded ? "." : `: ${error.message.slice(0, 300)}`
  return `Result: step ${failed.index + 1} failed (${categoryOf(error)})${words}\n`
}

type Diagnostic = (executed: Executed, session: string | undefined, shownData: unknown) => DiagnosticPart

/** Fields of a fill's read-back, on the call's one outcome or a batch's rows (fillDiagnostic.ts reads them). */
const hasFillChecks = ({ outcome }: Executed): boolean =>
  outcome.kind === "batch" ||
  (outcome.kind === "single" && (outcome.fillVerification !== undefined || outcome.fillNotVerifiable !== undefined))

/**
 * Each page diagnostic, in the order they are said, with the one cheap test of whether the call has what it reads
 * (the fact it says, or the command it looks at): a diagnostic whose fact is absent is not entered.
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
  [(e) => e.pageSettle !== undefined || e.plan.line.command === "snapshot", settleDiagnostic],
  [(e) => e.plan.line.command === "snapshot", frameDiagnostic]
]

/** The page diagnostics that apply to a call that ran, composed: their lines, `details` fields and next actions. */
const pageDiagnostics = (executed: Executed, shownData: unknown): PageDiagnosticsView => {
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

/** What a call's text is composed from (the service's PresentInput, as far as the text needs it). */
export interface TextInput {
  readonly plan: Plan | undefined
  readonly args: ReadonlyArray<string>
  readonly executed?: Executed
  readonly error?: ToolError
  readonly electron?: ElectronReport
  readonly recovery?: Recovery
  readonly managedSessionOutcome?: ManagedSessionOutcome
}

/** What only an Electron app's call gains (electron/afterCommand.ts): the Electron view is entered for it alone. */
const hasElectronFacts = (executed: Executed): boolean =>
  executed.fillVerification !== undefined ||
  executed.electronGetTextScopeWarning !== undefined ||
  executed.electronRefFreshness !== undefined ||
  (executed.lookup?.mode === "sourceLookup" && executed.lookup.report.electronContext !== undefined)

/**
 * Whether a call that ran has a line for notes.ts to say (each fact it reads: a resolved find, a page change or a
 * loaded state, a tab recovery, saved files, an image, warnings, route diagnostics, launch defaults, a replaced
 * browser left open, an output file): a call with none does not enter it.
 */
const hasNotes = (e: Executed): boolean =>
  e.plan.resolvedFind !== undefined ||
  (e.navigation !== undefined && (pageChanged(e.previousPage, e.navigation) || loadsState(e.plan.line))) ||
  e.tabCorrection !== undefined ||
  (e.openedTab ?? e.closedTab) !== undefined ||
  (e.ranInOpenedTab ?? e.pageMovedOn) !== undefined ||
  e.verified.rows.length > 0 ||
  e.verified.image !== undefined ||
  e.verified.inlineImage !== undefined ||
  e.verified.warnings.length > 0 ||
  (e.routeDiagnostics?.length ?? 0) > 0 ||
  e.browserDefaults !== undefined ||
  e.replacedCloseFailure !== undefined ||
  e.outputFile?.status === "saved"

/** What the page checks, notes, Electron view, honesty and recovery say beside the body. */
const sidesOf = (
  input: TextInput,
  redact: (argv: ReadonlyArray<string>) => ReadonlyArray<string>,
  body: Body | undefined
) => {
  const { plan, executed, error } = input
  // a call refused before it ran has no body, notes, page checks or Electron view: its failure is what is said
  const ran = executed !== undefined
  const diagnostics = ran && error === undefined ? pageDiagnostics(executed, body?.data) : undefined
  const shownDefaults = executed?.browserDefaults !== undefined ? redact(executed.browserDefaults.flags) : []
  const notes = ran
    ? [...(hasNotes(executed) ? notesOf(executed, shownDefaults) : []), ...(diagnostics?.lines ?? [])]
    : []
  const electron =
    input.electron !== undefined || (ran && hasElectronFacts(executed))
      ? electronView(input.electron, executed, redact, error !== undefined)
      : undefined
  return {
    diagnostics,
    notes,
    recovery: input.recovery ?? executed?.recovery,
    electron,
    // only a challenge page a call landed on, or a missing element, has an honesty note
    honesty:
      (error === undefined && executed?.challengePage !== undefined) || error?._tag === "SelectorNotFound"
        ? honestyOf(plan, executed, error)
        : undefined
  }
}

type Sides = ReturnType<typeof sidesOf>

/**
 * The body, read from the outcome as scrubbed, and where its page content came from (the call's own facts). A call
 * refused before it ran has neither.
 */
export const resultBody = (executed: Executed | undefined, scrubbed: Executed["outcome"] | undefined) => {
  if (executed === undefined || scrubbed === undefined) return { body: undefined, origin: undefined }
  const body = bodyOf({ ...executed, outcome: scrubbed })
  return { body, origin: originOf(executed, body.snapshot?.data.origin) }
}

/**
 * The text of a call, composed once: what is said beside the body (`sides`), a failure's rendering (formatFailure.ts,
 * made here once), the lines and a --json caller's notes, a failed step's lead and the spill label for the budget.
 * `bodyParts`: the body's parts, with the line that points to its spilled snapshot.
 */
export const resultText = (
  input: TextInput,
  redact: (argv: ReadonlyArray<string>) => ReadonlyArray<string>,
  body: Body | undefined,
  bodyParts: Parts
) => {
  const { plan, executed, error } = input
  const sides = sidesOf(input, redact, body)
  const failure = error !== undefined ? formatFailure(plan, error, input.args) : undefined
  const json = jsonOnly(input, body)
  const { lines, jsonNotes } = resultLines(
    input,
    failure?.text,
    body !== undefined ? bodyParts : undefined,
    sides,
    json
  )
  return {
    sides,
    failure,
    lines,
    jsonNotes,
    json,
    lead: failedStepLead(executed, error, plan?.contentNonce !== undefined),
    label: error !== undefined && executed === undefined ? "error" : (plan?.line.command ?? "output")
  }
}

/**
 * What the model is shown: the text (a --json caller's without the manifest's line, which goes to details; a
 * failure's with its category line) and a successful call's trusted screenshot.
 */
export const resultContent = (
  input: Pick<TextInput, "executed" | "error">,
  text: { readonly text: string; readonly json: boolean },
  manifestNote: string
): Array<ContentPart> => {
  const { error } = input
  const shown = text.json ? text.text : text.text + manifestNote
  const image = input.executed?.verified.image
  return [
    { type: "text", text: error !== undefined ? shown + resultCategoryLine(categoryOf(error), shown) : shown },
    ...(image !== undefined && error === undefined
      ? [{ type: "image" as const, data: image.data, mimeType: image.mimeType }]
      : [])
  ]
}
