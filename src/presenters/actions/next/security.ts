/**
 * Security-policy and confirmation follow-ups: read without script, type a configured secret, confirm or deny a held
 * action.
 */
import { ConfirmationIds as C, SecurityIds as S } from "../../../schema/NextActionIds.js"
import { make, withSession } from "./make.js"

export const securityNextActions = {
  readWithoutScript: (session: string | undefined) =>
    make(
      S.readPageWithoutScript,
      "Page script is denied by policy; read the page from its accessibility snapshot instead.",
      withSession(session, ["snapshot", "-i"])
    ),
  typeSecret: (args: ReadonlyArray<string>, name: string) =>
    make(
      S.typeConfiguredSecret,
      `Type the configured secret ${name} instead of literal text; the tool puts the value in.`,
      args
    ),
  checkPageOrigin: (session: string | undefined) =>
    make(
      S.checkPageOrigin,
      "See which page has the focus before typing a secret.",
      withSession(session, ["get", "url"])
    ),
  inspectAfterPolicyBlock: (session: string | undefined) =>
    make(
      S.inspectAfterPolicyBlock,
      "Continue from the page as it is now (the refused action did not run).",
      withSession(session, ["snapshot", "-i"])
    ),
  confirm: (session: string | undefined, id: string) =>
    make(
      C.confirmPendingAction,
      "Run the action upstream is holding for confirmation.",
      withSession(session, ["confirm", id]),
      {
        safety: "Only confirm if the user wants this action."
      }
    ),
  deny: (session: string | undefined, id: string) =>
    make(C.denyPendingAction, "Drop the action upstream is holding.", withSession(session, ["deny", id]))
} as const
