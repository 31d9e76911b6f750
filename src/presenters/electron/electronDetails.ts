/**
 * `details.compiledElectron`, `details.electron` (per action, as the contract lists) and the Electron next actions.
 * Pure; PresenterLive scrubs the whole details object once afterwards. App arguments pass the argv redactor.
 */
import type { ElectronRequest } from "../../schema/ElectronInput.js"
import type { ElectronActionReport, ElectronReport, ElectronSessionMismatch } from "../../domain/ElectronReport.js"
import type { FillVerification } from "../../domain/Executed.js"
import type { ElectronLookupContext } from "../../domain/Lookup.js"
import { ElectronIds as E, type NextActionId } from "../../schema/NextActionIds.js"
import type { NextAction } from "../../schema/NextAction.js"

type RedactArgs = (args: ReadonlyArray<string>) => ReadonlyArray<string>

export const PROFILE_ISOLATION = {
  isolatedLaunch: true,
  reusesExistingSignedInProfile: false,
  attachesToAlreadyRunningApp: false,
  hostDebugLaunchExample:
    'Linux: <app> --remote-debugging-port=9222; macOS: open -a <App Name> --args --remote-debugging-port=9222; then agent_browser args ["connect","9222"] with sessionMode fresh'
} as const

/** The normalized action plan, as echoed (app arguments redacted). */
export const compiledElectron = (request: ElectronRequest, redact: RedactArgs): Record<string, unknown> => {
  switch (request.action) {
    case "launch": {
      const l = request.launch
      return {
        action: "launch",
        [l.target._tag]: l.target.value,
        handoff: l.handoff,
        targetType: l.targetType,
        timeoutMs: l.timeoutMs,
        ...(l.appArgs.length > 0 ? { appArgs: redact(l.appArgs) } : {}),
        ...(l.allow !== undefined ? { allow: l.allow } : {}),
        ...(l.deny !== undefined ? { deny: l.deny } : {})
      }
    }
    case "status":
    case "cleanup":
      return {
        action: request.action,
        ...(request.selector._tag === "one"
          ? { launchId: request.selector.launchId }
          : request.selector._tag === "all"
            ? { all: true }
            : {}),
        ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {})
      }
    default:
      return { ...request }
  }
}

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
    "Only operates on the launchId created by electron.launch; explicit artifacts and manually launched apps remain host-owned."
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
const mismatchActions = (m: ElectronSessionMismatch): ReadonlyArray<NextAction> =>
  m.reason !== "url-not-in-launch-targets"
    ? []
    : [
        argsAct(
          E.reattachElectronLaunch,
          "Attach this launch's session to the app's debug port again.",
          ["--session", m.sessionName, "connect", String(m.port)],
          "Only reconnects the wrapper's own session to the wrapper-launched app; the app and its profile are untouched."
        ),
        ...liveLaunchActions(m.launchId, m.sessionName).filter(
          (a) => a.id === E.listElectronTabs || a.id === E.snapshotElectronSession
        )
      ]

const retryCleanup = (launchIds: ReadonlyArray<string>): ReadonlyArray<NextAction> =>
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

const launchDetails = (r: Extract<ElectronActionReport, { action: "launch" }>) => ({
  action: "launch",
  status: r.status,
  ...(r.launch !== undefined ? { launch: r.launch } : {}),
  ...(r.targets !== undefined ? { targets: r.targets.map((t) => ({ type: t.type, title: t.title, url: t.url })) } : {}),
  ...(r.browserVersion !== undefined ? { version: r.browserVersion } : {}),
  handoff: r.handoff,
  ...(r.connect !== undefined ? { connect: r.connect } : {}),
  ...(r.cleanup !== undefined ? { cleanup: r.cleanup } : {}),
  ...(r.failure !== undefined ? { failure: r.failure } : {}),
  ...(r.launch !== undefined
    ? {
        identifiers: {
          launchId: r.launch.launchId,
          ...(r.launch.sessionName !== undefined ? { sessionName: r.launch.sessionName } : {})
        }
      }
    : {}),
  profileIsolation: PROFILE_ISOLATION
})

const actionDetails = (r: ElectronActionReport): Record<string, unknown> => {
  switch (r.action) {
    case "list":
      return { action: "list", status: "succeeded", ...r.result, profileIsolation: PROFILE_ISOLATION }
    case "launch":
      return launchDetails(r)
    case "status": {
      const identifierList = r.launches.map((l) => ({
        launchId: l.launchId,
        ...(l.sessionName !== undefined ? { sessionName: l.sessionName } : {})
      }))
      return {
        action: "status",
        status: "succeeded",
        launches: r.launches,
        statuses: r.statuses,
        targets: r.statuses.flatMap((s) =>
          s.targets.map((t) => ({ launchId: s.launchId, type: t.type, title: t.title, url: t.url }))
        ),
        ...(identifierList.length === 1
          ? { identifiers: identifierList[0] }
          : identifierList.length > 1
            ? { identifierList }
            : {}),
        ...(r.sessionMismatch !== undefined ? { sessionMismatch: r.sessionMismatch } : {})
      }
    }
    case "probe":
      return {
        action: "probe",
        status: r.status,
        probe: { ...r.probe, summary: probeSummary(r) },
        probeContext: r.probeContext,
        ...(r.sessionMismatch !== undefined ? { sessionMismatch: r.sessionMismatch } : {}),
        ...(r.probeContext.launchId !== undefined
          ? {
              identifiers: {
                launchId: r.probeContext.launchId,
                ...(r.probeContext.sessionName !== undefined ? { sessionName: r.probeContext.sessionName } : {})
              }
            }
          : {}),
        ...(r.launchStatus !== undefined ? { launchStatus: r.launchStatus, statusTargets: r.launchStatus.targets } : {})
      }
    case "cleanup":
      return {
        action: "cleanup",
        status: r.status,
        sessionSteps: r.sessionSteps,
        ...(r.cleanup !== undefined ? { cleanup: r.cleanup } : {})
      }
  }
}

export const probeSummary = (r: Extract<ElectronActionReport, { action: "probe" }>): string => {
  const p = r.probe
  const parts = [
    p.title !== undefined ? `title "${p.title}"` : undefined,
    p.url !== undefined ? `url ${p.url}` : undefined,
    p.focusedElement !== undefined ? `focus ${p.focusedElement.role ?? p.focusedElement.tag}` : undefined,
    p.tabs !== undefined ? `${p.tabs.length} tab(s)` : undefined,
    p.refCount !== undefined ? `${p.refCount} ref(s)` : undefined
  ].filter((x) => x !== undefined)
  return parts.length > 0 ? parts.join(", ") : "nothing read"
}

/** The details fields and next actions of an electron report. */
export const electronDetails = (report: ElectronReport, redact: RedactArgs, failed: boolean) => {
  if (report.action === "post-command-health") {
    return {
      fields: {
        electronPostCommandHealth: {
          ...report,
          nextActionIds: [E.statusElectronLaunch, E.probeElectronLaunch, E.cleanupElectronLaunch]
        }
      },
      nextActions: liveLaunchActions(report.launchId, undefined).filter(
        (a) => a.id !== E.probeElectronLaunch || report.reason === "about-blank"
      )
    }
  }
  const fields = { compiledElectron: compiledElectron(report.request, redact), electron: actionDetails(report) }
  const nextActions: ReadonlyArray<NextAction> =
    report.action === "launch" && report.status === "succeeded" && report.launch !== undefined
      ? liveLaunchActions(report.launch.launchId, report.launch.sessionName)
      : report.action === "cleanup" && report.status === "partial"
        ? retryCleanup((report.cleanup?.results ?? []).filter((x) => x.status === "partial").map((x) => x.launchId))
        : (report.action === "status" || report.action === "probe") &&
            !failed &&
            report.sessionMismatch?.reason === "url-not-in-launch-targets"
          ? mismatchActions(report.sessionMismatch)
          : report.action === "status" && !failed
            ? report.statuses
                .filter((s) => s.cleanupState !== "cleaned" && s.ownership !== "stale")
                .slice(0, 1)
                .flatMap((s) =>
                  s.pidAlive
                    ? liveLaunchActions(s.launchId, s.sessionName).filter((a) => a.id !== E.statusElectronLaunch)
                    : liveLaunchActions(s.launchId, undefined).filter((a) => a.id === E.cleanupElectronLaunch)
                )
            : report.action === "probe" && report.probeContext.launchId !== undefined && !failed
              ? liveLaunchActions(report.probeContext.launchId, report.probeContext.sessionName).filter(
                  (a) => a.id !== E.probeElectronLaunch
                )
              : []
  return { fields, nextActions }
}

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
