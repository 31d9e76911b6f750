/**
 * A call's `details` (`resultDetails`, the one entry): the echo, its category, summary, what ran or why it failed,
 * the page checks, artifacts and spills, the failed step of a batch, next actions, the session outcome and recovery,
 * and a --json caller's notes. Pure; the layer scrubs it once. And the next actions (`actionsOf`), in the order the
 * model should weigh them: an Electron action's own; else the honesty notes' follow-ups, the lost page to reopen, then
 * a failure's way out or the success's (reading on, network follow-ups, the page change's and the page checks'), then
 * the session outcome's. One the policy would refuse is not offered.
 */
import type { Executed, ManagedSessionOutcome } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import type { SpillResult } from "../../schema/Artifacts.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import { categoryOf, type ToolError } from "../../schema/ToolError.js"
import { managedSessionOutcomeDetails, sessionOutcomeActions } from "../actions/managedSessionOutcome.js"
import { pageChange } from "../actions/pageChange.js"
import { verificationOf } from "../details/artifactSummary.js"
import { executedDetails, failedStep, optional } from "../details/details.js"
import { errorDetails } from "../details/errorDetails.js"
import { electronSummary } from "../electron/electronText.js"
import type { ElectronView } from "../electron/electronView.js"
import type { Body } from "../text/body.js"
import type { FormattedFailure } from "../text/formatFailure.js"
import type { Honesty } from "../text/honestyNotes.js"
import type { PageDiagnosticsView } from "../text/diagnosticPart.js"
import type { ReadinessWait } from "../../schema/PageDiagnostics.js"
import { preflight } from "../../security/preflight.js"
import { distinctActions } from "../actions/distinctActions.js"
import { dialogFirst, leavesDialogOpen } from "../actions/pageChange.js"
import { nextActions } from "../actions/nextActions.js"
import { networkFollowUps } from "../text/networkFollowUps.js"
import { isNavigating, mutatesPage } from "../../upstream/commandEffects.js"

const successCategory = (executed: Executed): NonNullable<ToolDetails["successCategory"]> => {
  const rows = executed.verified.rows
  if (executed.outcome.kind === "inspection") return "inspection"
  return rows.some((r) => r.state === "unverified")
    ? "artifact-unverified"
    : rows.some((r) => r.state === "verified")
      ? "artifact-saved"
      : "completed"
}

/** The call's input, as far as details and actions need it (the service's PresentInput). */
export interface DetailsInput {
  readonly plan: Plan | undefined
  readonly args: ReadonlyArray<string>
  readonly sessionMode: ToolDetails["sessionMode"]
  readonly executed?: Executed
  readonly error?: ToolError
  readonly electron?: ElectronReport
  readonly managedSession?: ToolDetails["managedSession"]
  readonly managedSessionOutcome?: ManagedSessionOutcome
}

/** What the echo (details.ts), the text (resultText.ts) and the files (spills, manifest rows) made of the call. */
export interface ResultParts {
  /** The echo: args as given and as run, the command, the session. */
  readonly fields: Pick<ToolDetails, "args" | "effectiveArgs"> & Partial<ToolDetails>
  readonly redact: (args: ReadonlyArray<string>) => ReadonlyArray<string>
  readonly body: Body | undefined
  readonly failure: FormattedFailure | undefined
  readonly sides: {
    readonly diagnostics: PageDiagnosticsView | undefined
    readonly electron: ElectronView | undefined
    readonly honesty: Honesty | undefined
    readonly recovery: Recovery | undefined
  }
  readonly json: boolean
  readonly jsonNotes: ReadonlyArray<string>
  readonly spills: ReadonlyArray<SpillResult>
  readonly fullOutputPath: string | undefined
  /** What this call changed in the artifact manifest; none when it spilled or saved no file. */
  readonly delta:
    | {
        readonly manifest: ToolDetails["artifactManifest"]
        readonly summary: string | undefined
        readonly note: string
      }
    | undefined
  readonly cleanup: ToolDetails["artifactCleanup"]
}

/** What the next actions are made of: the call, its parts and its page change. */
interface ActionParts extends DetailsInput, ResultParts {
  readonly change: ReturnType<typeof pageChange> | undefined
}

interface DetailParts extends ActionParts {
  readonly actions: ReadonlyArray<NextAction>
}

/** Whether the call succeeded, and in which category. */
const categoryFields = (d: DetailParts) =>
  d.error === undefined
    ? { successCategory: d.executed !== undefined ? successCategory(d.executed) : "completed" }
    : { failureCategory: categoryOf(d.error) }

/** A batch's failed step, with the actions that lead on from it. */
const batchFailure = (d: DetailParts) => {
  const step = failedStep(d.executed, d.error)
  if (step === undefined || d.error === undefined) return {}
  const actions = d.actions.length > 0 ? { nextActions: d.actions } : {}
  const failure = { index: step.index, command: d.redact(step.row.command), failureCategory: categoryOf(d.error) }
  return { batchFailure: { failedStep: { ...failure, error: d.error.message, ...actions } } }
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
const readinessDetails = (
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

/** What ran (with its body) or why it failed, and the page checks. */
const outcomeFields = (d: DetailParts) => {
  const { executed, body, error } = d
  const step = failedStep(executed, error)
  const recovery = step !== undefined ? { index: step.index, nextActions: d.actions } : undefined
  return {
    ...(executed !== undefined && body !== undefined ? executedDetails(executed, body, d.redact, recovery) : {}),
    ...(error !== undefined ? errorDetails(error, d.redact, d.plan) : {}),
    // a wait is said by a call that ran or a missing element; files only by a call that saved or spilled some
    ...(executed !== undefined || error?._tag === "SelectorNotFound" ? readinessDetails(executed, error) : {}),
    ...((executed?.verified.rows.length ?? 0) + d.spills.length > 0
      ? optional(
          "artifactVerification",
          verificationOf(executed?.verified.rows ?? [], d.spills, { cwd: d.plan?.cwd, session: d.plan?.sessionName })
        )
      : {}),
    ...d.sides.diagnostics?.fields
  }
}

/** A --json caller's notes, with the manifest's line: its visible text is the JSON alone. */
const notesOf = (d: DetailParts): ReadonlyArray<string> => {
  const note = d.delta?.note ?? ""
  return d.json ? [...d.jsonNotes, ...(note !== "" ? [note.trim()] : [])] : []
}

const detailsOf = (d: DetailParts): ToolDetails => ({
  ...d.fields,
  sessionMode: d.plan?.sessionMode ?? d.sessionMode,
  resultCategory: d.error === undefined ? "success" : "failure",
  ...categoryFields(d),
  summary:
    d.failure?.summary ?? (d.electron !== undefined ? electronSummary(d.electron) : undefined) ?? d.body?.summary ?? "",
  ...outcomeFields(d),
  ...optional("fullOutputPath", d.fullOutputPath),
  ...optional("fullOutputPaths", d.fullOutputPath !== undefined ? [d.fullOutputPath] : undefined),
  ...optional("pageChangeSummary", d.change?.summary),
  ...batchFailure(d),
  ...(d.actions.length > 0 ? { nextActions: d.actions } : {}),
  ...optional("artifactCleanup", d.cleanup),
  ...optional("artifactManifest", d.delta?.manifest),
  ...optional("artifactRetentionSummary", d.delta?.summary),
  ...optional("managedSessionOutcome", managedSessionOutcomeDetails(d.managedSessionOutcome)),
  ...optional("recovery", d.sides.recovery),
  ...optional("managedSession", d.managedSession),
  ...(d.sides.electron?.fields ?? {}),
  ...d.sides.honesty?.details,
  ...(notesOf(d).length > 0 ? { notes: notesOf(d) } : {})
})

/** A next action the security policy would refuse is not offered (eval probes under `eval: "deny"`, a blocked URL). */
const allowedByPolicy = (plan: Plan | undefined, actions: ReadonlyArray<NextAction>): ReadonlyArray<NextAction> => {
  const policy = plan?.security
  if (policy === undefined) return actions
  return actions.filter(
    (a) =>
      a.params === undefined ||
      a.params.args === undefined ||
      preflight(policy, [{ argv: a.params.args, authored: true }], a.params.stdin)?.kind !== "blocked"
  )
}

/** A fill check's own follow-ups lead (the warning's way out, e.g. opening a read-only field's picker). */
const pageActions = (
  change: ReadonlyArray<NextAction>,
  diagnostics: PageDiagnosticsView | undefined
): ReadonlyArray<NextAction> =>
  diagnostics === undefined
    ? change
    : diagnostics.fields.fillVerification !== undefined
      ? [...diagnostics.nextActions, ...change]
      : [...change, ...diagnostics.nextActions]

/** `network requests` (not --clear): the follow-ups its listed requests and the session's routes call for. */
const networkActions = (a: ActionParts): ReadonlyArray<NextAction> => {
  const { plan, executed } = a
  return executed !== undefined &&
    a.error === undefined &&
    executed.outcome.kind === "single" &&
    plan?.line.command === "network" &&
    plan.line.subcommand === "requests" &&
    !plan.args.includes("--clear")
    ? networkFollowUps(
        plan.sessionName,
        (executed.outcome.data ?? {}) as Record<string, unknown>,
        executed.routeDiagnostics
      )
    : []
}

const actionsOf = (a: ActionParts): ReadonlyArray<NextAction> => {
  const { plan, error } = a
  // the browser was ended after a call that hung it: its last page, reopened in the next one, comes first
  const lastUrl = a.sides.recovery?.kind === "browser-ended" && error?._tag === "TimedOut" ? error.lastUrl : undefined
  const reopen =
    lastUrl !== undefined && /^https?:/.test(lastUrl) ? [nextActions.reopenLostPage(plan?.sessionName, lastUrl)] : []
  const outcomeActions =
    error !== undefined ? sessionOutcomeActions(a.managedSessionOutcome, a.redact(plan?.args ?? a.args)) : []
  const readOn =
    a.body?.snapshot?.readOn !== undefined ? [nextActions.readOnInOrder(plan?.sessionName, a.body.snapshot.readOn)] : []
  const succeeded = () => [
    ...readOn,
    ...networkActions(a),
    ...pageActions(a.change?.nextActions ?? [], a.sides.diagnostics)
  ]
  // an electron action names its own follow-ups; the generic failure fallbacks would only add noise
  const shown = a.sides.electron
  const electron = shown !== undefined && shown.nextActions.length > 0 ? shown.nextActions : undefined
  const all = electron ?? [
    ...(a.sides.honesty?.nextActions ?? []),
    ...reopen,
    ...(a.failure?.nextActions ?? succeeded()),
    ...outcomeActions
  ]
  // a dialog left open: answering it comes first, and nothing it would block (pageChange.ts)
  const offered = allowedByPolicy(
    plan,
    electron === undefined && leavesDialogOpen(a.executed, error) ? dialogFirst(plan?.sessionName, all) : all
  )
  // one action is offered once already
  return offered.length > 1 ? distinctActions(offered) : offered
}

/**
 * Whether a successful call has what pageChange.ts speaks of: upstream's warning (a dialog), saved files, or a browser
 * command that streams, connects, navigates or changes the page. A read (`get`, `is`, `tab list`) does not enter it.
 */
const mayChangePage = ({ plan, outcome, verified }: Executed): boolean => {
  const command = plan.line.command ?? ""
  return (
    verified.rows.length > 0 ||
    (outcome.kind === "single" &&
      (outcome.warning !== undefined ||
        (plan.kind === "browser" &&
          (command === "stream" || command === "connect" || isNavigating(command) || mutatesPage(command)))))
  )
}

/** A call's `details`, with its next actions (what its page change offers among them). */
export const resultDetails = (input: DetailsInput, parts: ResultParts): ToolDetails => {
  const { executed, error } = input
  const change =
    executed !== undefined && error === undefined && mayChangePage(executed)
      ? pageChange(executed.plan, executed.outcome, executed.navigation, executed.verified.rows)
      : undefined
  const actionParts = { ...input, ...parts, change }
  return detailsOf({ ...actionParts, actions: actionsOf(actionParts) })
}
