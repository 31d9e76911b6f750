/**
 * The model-visible text of a call, before redaction and budgets: the body with its notes, a failure's line (the
 * upstream words it quotes marked as page content), the recovery, honesty and session-outcome lines; or, for a
 * caller who asked for --json, the JSON alone with every note moved to details. What is said beside the body
 * (`sidesOf`: notes, page diagnostics, the Electron view, honesty) is decided here once, from the call's facts: a
 * side whose fact is absent is not entered. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import type { Plan } from "../../domain/Plan.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import { categoryOf, type ToolError } from "../../schema/ToolError.js"
import { failedStep } from "../details/details.js"
import { assertionFailureLine } from "../text/assertionFailure.js"
import { joinParts, page, type Parts, plain } from "../text/contentBoundary.js"
import { electronView } from "../electron/electronView.js"
import type { Body } from "../text/body.js"
import { honestyOf } from "../text/honestyNotes.js"
import { notesOf } from "../text/notes.js"
import type { DiagnosticPart, Fields, PageDiagnosticsView } from "../text/diagnosticPart.js"
import { fillDiagnostic } from "../text/fillDiagnostic.js"
import { comboboxDiagnostic, evalDiagnostic, overlayDiagnostic, scrollDiagnostic } from "../text/pageDiagnostics.js"
import { selectorTextDiagnostic } from "../text/selectorTextDiagnostic.js"
import { settleDiagnostic } from "../text/settleDiagnostic.js"
import { stepRefusalNote } from "../text/securityRefusal.js"
import { pageChanged } from "../../session/lastPage.js"
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
 * failed call's rendering (formatFailure.ts, made once by the Presenter).
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

/** Where the page content came from: the snapshot's origin, the page the call ended on or reported, or started on. */
export const originOf = (executed: Executed | undefined, snapshotOrigin: string | undefined): string | undefined => {
  const data = executed?.outcome.kind === "single" ? executed.outcome.data : undefined
  const reported =
    data !== null && typeof data === "object" && typeof (data as Record<string, unknown>)["url"] === "string"
      ? (data as Record<string, string>)["url"]
      : undefined
  return [snapshotOrigin, executed?.navigation?.url, reported, executed?.previousPage?.url].find(
    (u) => u !== undefined && u !== ""
  )
}

/** The recovery line: what a lost or hung browser's recovery did (or that the loss was not checked). */
export const recoveryLines = (recovery: Recovery | undefined): ReadonlyArray<Parts> => {
  if (recovery === undefined) return []
  const kind = recovery.kind
  const label = kind === "loss-not-checked" ? "Not checked" : kind === "session-checked" ? "Checked" : "Recovered"
  return [[`${label}: ${recovery.summary}`]]
}

/** What the text is made of, beside the body. */
export interface TextParts {
  readonly plan: Plan | undefined
  /** A failed call's rendering (formatFailure.ts). */
  readonly failure: string | undefined
  readonly executed: Executed | undefined
  readonly error: ToolError | undefined
  readonly body: Parts | undefined
  readonly notes: ReadonlyArray<Parts>
  readonly electron: ReadonlyArray<string>
  readonly recovered: ReadonlyArray<Parts>
  readonly honesty: ReadonlyArray<string>
  readonly outcome: ReadonlyArray<string>
}

/** A caller who asked for --json parses the visible text: it is the JSON alone, every note goes to details.notes. */
export const jsonOnly = (t: Pick<TextParts, "plan" | "error" | "body" | "executed">): boolean =>
  t.plan?.callerRequestedJson === true &&
  t.error === undefined &&
  t.body !== undefined &&
  t.executed?.outcome.kind !== "inspection"

/** The text's lines, and the notes a --json caller gets in details instead. */
export const resultLines = (t: TextParts): { readonly lines: Parts; readonly jsonNotes: ReadonlyArray<string> } => {
  const asLines = (ls: ReadonlyArray<string>) => ls.map((l) => [l])
  if (jsonOnly(t)) {
    const approval =
      t.executed?.approval !== undefined ? [[`Approved by the user: ${t.executed.approval.action}.`]] : []
    const notes = [...approval, ...asLines(t.electron), ...t.notes, ...t.recovered, ...asLines(t.honesty)]
    return { lines: joinParts(nonEmpty([t.body ?? []]), "\n"), jsonNotes: notes.map(plain).filter((l) => l !== "") }
  }
  const lines = [
    ...asLines(t.electron),
    textOf(t.failure, t.executed, t.body ?? [], t.notes, t.error),
    ...t.recovered,
    ...asLines(t.honesty),
    ...asLines(t.outcome)
  ]
  return { lines: joinParts(nonEmpty(lines), "\n"), jsonNotes: [] }
}

/** A long failing batch/job/qa: its failed step's line leads the preview (F12); its words only outside page markers. */
export const failedStepLead = (
  executed: Executed | undefined,
  error: ToolError | undefined,
  bounded: boolean
): string => {
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
  [(e) => e.pageSettle !== undefined || e.plan.line.command === "snapshot", settleDiagnostic]
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

/** What a call's input says beside its body (the service's PresentInput, as far as the text needs it). */
export interface SideInput {
  readonly plan: Plan | undefined
  readonly executed?: Executed
  readonly error?: ToolError
  readonly electron?: ElectronReport
  readonly recovery?: Recovery
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
  e.verified.rows.length > 0 ||
  e.verified.image !== undefined ||
  e.verified.inlineImage !== undefined ||
  e.verified.warnings.length > 0 ||
  (e.routeDiagnostics?.length ?? 0) > 0 ||
  e.browserDefaults !== undefined ||
  e.replacedCloseFailure !== undefined ||
  e.outputFile?.status === "saved"

/** What the page checks, notes, Electron view, honesty and recovery say beside the body. */
export const sidesOf = (
  input: SideInput,
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

export type Sides = ReturnType<typeof sidesOf>
