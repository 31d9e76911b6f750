/**
 * A JavaScript dialog (a confirm, a prompt) left open blocks the page: upstream refuses every page command until it is
 * answered (0.41; `get title|url` and `screenshot` wait for it about 30 s instead). So a result that leaves one open
 * offers first what makes progress, `dialog dismiss` then `dialog accept`, and no follow-up the dialog would refuse
 * (a snapshot after the click, a read, a retry): only other `dialog` calls and saved files stay. The one home of that
 * precedence, for every command: a click, a key, typing, or a command the dialog refused. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { NextAction } from "../../schema/NextAction.js"
import { DIALOG_BLOCKING, type ToolError } from "../../schema/ToolError.js"
import { mentionsBlockingDialog } from "../../upstream/classifyErrorText.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { nextActions } from "./nextActions.js"

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
