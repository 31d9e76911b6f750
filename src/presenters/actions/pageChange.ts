/**
 * What a successful call changed and what to do next: `pageChangeSummary` (navigation, mutation, artifact) with the
 * ids of the `nextActions` it implies. Evidence that upstream attempted the action, not proof the app handled it.
 * Entered only for a call that has what it reads (resultDetails.ts's `mayChangePage`: a new case here goes there too).
 * Pure.
 */

import type { Executed, Navigation } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { VerificationRow } from "../../schema/Artifacts.js"
import type { NextAction } from "../../schema/NextAction.js"
import { DIALOG_BLOCKING, type ToolError } from "../../schema/ToolError.js"
import { mentionsBlockingDialog } from "../../upstream/classifyErrorText.js"
import { isNavigating, isOpening, mutatesPage } from "../../upstream/commandEffects.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { distinctActions } from "./distinctActions.js"
import { nextActions } from "./nextActions.js"

export interface PageChangeSummary {
  readonly changeType: "navigation" | "mutation" | "artifact"
  readonly command: string
  readonly summary: string
  readonly title?: string
  readonly url?: string
  readonly artifactCount?: number
  /** The first file the call saved (R1). */
  readonly savedFilePath?: string
  readonly nextActionIds: ReadonlyArray<string>
}

/** Saved-file follow-ups per call; artifactVerification lists every file. */
const SAVED_FILE_ACTIONS = 5

type PageChange = { readonly summary?: PageChangeSummary; readonly nextActions: ReadonlyArray<NextAction> }

/** The change and its follow-ups; a dialog it left open comes first, and no read it blocks (below). */
export const pageChange = (
  plan: Plan,
  outcome: UpstreamOutcome,
  navigation: Navigation | undefined,
  artifacts: ReadonlyArray<VerificationRow>
): PageChange => {
  const change = changeOf(plan, outcome, navigation, artifacts)
  if (!warnsOfOpenDialog(outcome)) return change
  const actions = distinctActions(dialogFirst(plan.sessionName, change.nextActions))
  const ids = actions.map((a) => a.id)
  return {
    ...(change.summary !== undefined ? { summary: { ...change.summary, nextActionIds: ids } } : {}),
    nextActions: actions
  }
}

const changeOf = (
  plan: Plan,
  outcome: UpstreamOutcome,
  navigation: Navigation | undefined,
  artifacts: ReadonlyArray<VerificationRow>
): PageChange => {
  const command = plan.line.command ?? ""
  const session = plan.sessionName
  const data =
    outcome.kind === "single" && outcome.data !== null && typeof outcome.data === "object"
      ? (outcome.data as Record<string, unknown>)
      : {}
  const actions: Array<NextAction> = []
  if (outcome.kind === "single" && typeof outcome.warning === "string" && /dialog/i.test(outcome.warning)) {
    actions.push(nextActions.dismissDialog(session), nextActions.acceptDialog(session))
  }
  const verified = artifacts.filter((a) => a.state === "verified")
  if (verified.length > 0) {
    // the saved files themselves, as the contract's artifactPath follow-ups (a batch's too)
    actions.push(...verified.slice(0, SAVED_FILE_ACTIONS).map((a) => nextActions.useSavedArtifact(a.path)))
    return {
      summary: {
        changeType: "artifact",
        command,
        summary: `Saved ${verified.length} file(s)`,
        artifactCount: verified.length,
        savedFilePath: verified[0]?.path ?? "",
        nextActionIds: actions.map((a) => a.id)
      },
      nextActions: actions
    }
  }
  if (outcome.kind !== "single" || plan.kind !== "browser") return { nextActions: actions }
  // a stream keeps running after the call: its status, and the stop (X15), also when it was already enabled
  if (command === "stream" && plan.line.subcommand === "enable")
    return { nextActions: [...actions, nextActions.checkStreamStatus(session), nextActions.disableStream(session)] }
  // attached to a running browser: which of its tabs is the one to work in is the caller's choice, made from the list
  if (command === "connect") return { nextActions: [nextActions.listConnectedTabs(session)] }
  // title and URL from one source: a page the open moved on to has no title read (not the opened page's)
  const url = navigation !== undefined ? navigation.url : typeof data["url"] === "string" ? data["url"] : undefined
  const title =
    navigation !== undefined ? navigation.title : typeof data["title"] === "string" ? data["title"] : undefined
  const where = { ...(title !== undefined ? { title } : {}), ...(url !== undefined ? { url } : {}) }
  if (isNavigating(command) && url !== undefined) {
    actions.unshift(nextActions.inspectOpenedPage(session))
    return {
      summary: {
        changeType: "navigation",
        command,
        summary: `${isOpening(command) ? "Opened" : "Now at"} ${title || url}`,
        ...where,
        nextActionIds: actions.map((a) => a.id)
      },
      nextActions: actions
    }
  }
  if (mutatesPage(command) && (command !== "find" || plan.line.positionals.some((t) => mutatesPage(t)))) {
    actions.unshift(nextActions.inspectAfterMutation(session))
    return {
      summary: {
        changeType: "mutation",
        command,
        summary: `${command} done${url !== undefined ? `; page ${title || url}` : ""}`,
        ...where,
        nextActionIds: actions.map((a) => a.id)
      },
      nextActions: actions
    }
  }
  return { nextActions: actions }
}

/**
 * A JavaScript dialog (a confirm, a prompt) left open blocks the page: upstream refuses every page command until it is
 * answered (0.41; `get title|url` and `screenshot` wait for it about 30 s instead). So a result that leaves one open
 * offers first what makes progress, `dialog dismiss` then `dialog accept`, and no follow-up the dialog would refuse
 * (a snapshot after the click, a read, a retry): only other `dialog` calls and saved files stay. The one home of that
 * precedence, for every command: a click, a key, typing, or a command the dialog refused. Pure.
 */
/** Upstream's warning beside a reply that a dialog is left blocking the page (a click's, a key's, typing's). */
export const warnsOfOpenDialog = (outcome: UpstreamOutcome): boolean =>
  outcome.kind === "single" && mentionsBlockingDialog(outcome.warning)

/** Whether the call's reply says a dialog is left blocking the page: upstream's warning beside it, or its refusal. */
export const leavesDialogOpen = (executed: Executed | undefined, error: ToolError | undefined): boolean =>
  error !== undefined
    ? error._tag === "UpstreamFailed" && error.code === DIALOG_BLOCKING
    : executed !== undefined && warnsOfOpenDialog(executed.outcome)

/** A follow-up that still works while the dialog is open: another `dialog` call, or a saved file (no page). */
const runsWhileOpen = (action: NextAction): boolean =>
  action.params === undefined
    ? action.artifactPath !== undefined
    : action.params.args !== undefined && parseCommandLine(action.params.args).command === "dialog"

/** The dialog's answers first, then the follow-ups it does not block (each call once: distinctActions). */
export const dialogFirst = (
  session: string | undefined,
  actions: ReadonlyArray<NextAction>
): ReadonlyArray<NextAction> => [
  nextActions.dismissDialog(session),
  nextActions.acceptDialog(session),
  ...actions.filter(runsWhileOpen)
]
