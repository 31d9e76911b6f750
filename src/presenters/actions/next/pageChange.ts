/** Page-change follow-ups: read on, refresh refs after a change, answer a dialog, the stream. */
import { PageChangeIds as P } from "../../../schema/NextActionIds.js"
import { make, withSession } from "./make.js"

export const pageChangeNextActions = {
  readOnInOrder: (session: string | undefined, place: string) =>
    make(
      P.readOnInOrder,
      "Read the rest of the main content as text, in order, from where this stopped.",
      withSession(session, ["snapshot", "--read", place])
    ),
  inspectOpenedPage: (session: string | undefined) =>
    make(
      P.inspectOpenedPage,
      "Get the new page's interactive refs before acting on it.",
      withSession(session, ["snapshot", "-i"])
    ),
  inspectAfterMutation: (session: string | undefined) =>
    make(
      P.inspectAfterMutation,
      "Refresh interactive refs after a browser mutation, navigation, scroll, or rerender.",
      withSession(session, ["snapshot", "-i"]),
      {
        safety: "Do not reuse prior @refs until a fresh snapshot confirms they still exist."
      }
    ),
  dismissDialog: (session: string | undefined) =>
    make(
      P.dismissDialog,
      "A dialog is blocking the page; dismiss it to continue.",
      withSession(session, ["dialog", "dismiss"])
    ),
  acceptDialog: (session: string | undefined) =>
    make(
      P.acceptDialog,
      "A dialog is blocking the page; accept it if that is what the user wants.",
      withSession(session, ["dialog", "accept"]),
      {
        safety: "Accepting may confirm a destructive action."
      }
    ),
  checkStreamStatus: (session: string | undefined) =>
    make(
      P.checkStreamStatus,
      "See the stream's port and whether a viewer is connected.",
      withSession(session, ["stream", "status"])
    ),
  disableStream: (session: string | undefined) =>
    make(P.disableStream, "Stop the stream when it is no longer watched.", withSession(session, ["stream", "disable"]))
} as const
