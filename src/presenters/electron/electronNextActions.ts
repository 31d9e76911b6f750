/**
 * The Electron next actions: a live launch's follow-ups, a fill that did not take, a lookup without candidates, a
 * session on none of its launch's pages, a cleanup to retry, a text read of the whole shell, refs after a re-render.
 */
import type { ElectronSessionMismatch } from "../../domain/ElectronReport.js"
import type { FillVerification } from "../../domain/Executed.js"
import type { ElectronLookupContext } from "../../domain/Lookup.js"
import { ElectronIds as E, type NextActionId } from "../../schema/NextActionIds.js"
import type { NextAction } from "../../schema/NextAction.js"

const act = (id: NextActionId, reason: string, electron: Record<string, unknown>, safety?: string): NextAction => ({
  tool: "agent_browser",
  id,
  reason,
  ...(safety !== undefined ? { safety } : {}),
  params: { electron }
})

const argsAct = (id: NextActionId, reason: string, args: ReadonlyArray<string>, safety?: string): NextAction => ({
  tool: "agent_browser",
  id,
  reason,
  ...(safety !== undefined ? { safety } : {}),
  params: { args }
})

/** The follow-ups of a live launch (status, probe, tabs, snapshot, cleanup), as the contract names them. */
export const liveLaunchActions = (launchId: string, session: string | undefined): ReadonlyArray<NextAction> => [
  act(E.statusElectronLaunch, "Check the app's process, debug port and targets.", { action: "status", launchId }),
  act(E.probeElectronLaunch, "Read the app's current title, url, tabs and refs.", { action: "probe", launchId }),
  ...(session !== undefined
    ? [
        argsAct(E.listElectronTabs, "List the attached app's windows and tabs.", ["--session", session, "tab", "list"]),
        argsAct(
          E.snapshotElectronSession,
          "Refresh interactive refs for the attached Electron session.",
          ["--session", session, "snapshot", "-i"],
          "Use current Electron refs only after a fresh snapshot for this session."
        )
      ]
    : []),
  act(
    E.cleanupElectronLaunch,
    "Clean the wrapper-owned Electron process and isolated userDataDir when the run is complete.",
    { action: "cleanup", launchId },
    "Only operates on the launchId created by electron.launch; explicit artifacts and manually launched apps " +
      "remain host-owned."
  )
]

/** After a fill whose field does not hold what was typed: look at the control, then read it again. */
export const fillVerificationActions = (
  v: FillVerification,
  session: string | undefined
): ReadonlyArray<NextAction> => {
  const prefix = session !== undefined ? ["--session", session] : []
  // a read-only field is set by its widget: opening it is the step that makes progress
  if (v.readOnly === true)
    return [
      argsAct(
        E.openReadOnlyFieldWidget,
        "Open the widget that sets this read-only field, then choose in it.",
        [...prefix, "click", v.target],
        "Opens a picker or list; changes nothing until you choose."
      )
    ]
  return [
    argsAct(
      E.inspectAfterFillVerification,
      "See which control holds focus and what it shows before typing again.",
      [...prefix, "snapshot", "-i"],
      v.fieldType !== undefined
        ? "A native date or time field takes keys: a job type step on it sends real ones."
        : v.added === true
          ? "A rich editor keeps its text under fill: press Control+a in it, then keyboard inserttext the text."
          : "For custom quick-inputs and rich editors: focus the field, then keyboard type instead of fill."
    ),
    argsAct(
      E.verifyFilledValue,
      "Read the field again to confirm what it holds now.",
      [...prefix, ...(v.verifiedWith === "get text" ? ["get", "text"] : ["get", "value"]), v.target],
      "Read-only; the result may contain what was typed."
    )
  ]
}

/** After a sourceLookup without candidates in a wrapper-launched app: inspect the live app instead. */
export const lookupContextActions = (context: ElectronLookupContext): ReadonlyArray<NextAction> =>
  context.launchId === undefined
    ? []
    : liveLaunchActions(context.launchId, context.sessionName).filter(
        (a) => a.id === E.snapshotElectronSession || a.id === E.probeElectronLaunch || a.id === E.listElectronTabs
      )

/** The session shows none of the launch's own pages: reattach its session to the app, then look again. */
export const mismatchActions = (m: ElectronSessionMismatch): ReadonlyArray<NextAction> =>
  m.reason !== "url-not-in-launch-targets"
    ? []
    : [
        argsAct(
          E.reattachElectronLaunch,
          "Attach this launch's session to the app's debug port again.",
          ["--session", m.sessionName, "connect", String(m.port)],
          "Only reconnects the wrapper's own session to the wrapper-launched app; the app and its profile are " +
            "untouched."
        ),
        ...liveLaunchActions(m.launchId, m.sessionName).filter(
          (a) => a.id === E.listElectronTabs || a.id === E.snapshotElectronSession
        )
      ]

export const retryCleanup = (launchIds: ReadonlyArray<string>): ReadonlyArray<NextAction> =>
  launchIds.flatMap((launchId) => [
    act(E.statusElectronLaunch, "See which of the launch's process, port or profile remain.", {
      action: "status",
      launchId
    }),
    act(
      E.retryElectronCleanup,
      "Retry cleanup of what remains of this launch.",
      { action: "cleanup", launchId },
      "Only the wrapper-tracked process group and its temporary profile are touched."
    )
  ])

/** After `get text` on the whole app shell: find the panel to read instead. */
export const textScopeActions = (session: string | undefined): ReadonlyArray<NextAction> => [
  argsAct(E.snapshotForElectronTextScope, "Find the panel's ref or selector, then get text on it alone.", [
    ...(session !== undefined ? ["--session", session] : []),
    "snapshot",
    "-i"
  ])
]

/** After an `@e…` mutation in a desktop app: refs may be stale although the URL did not change. */
export const refFreshnessActions = (session: string | undefined): ReadonlyArray<NextAction> => [
  argsAct(
    E.refreshElectronRefsAfterRerender,
    "The app may have re-rendered in place: refresh refs before reusing older ones.",
    [...(session !== undefined ? ["--session", session] : []), "snapshot", "-i"]
  )
]
