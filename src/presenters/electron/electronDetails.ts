/**
 * `details.compiledElectron`, `details.electron` (per action, as the contract lists) and which Electron next actions
 * apply (built in `electronNextActions.ts`). Pure; PresenterLive scrubs the whole details object once afterwards. App
 * arguments pass the argv redactor.
 */
import type { ElectronRequest } from "../../schema/ElectronInput.js"
import type { ElectronActionReport, ElectronReport } from "../../domain/ElectronReport.js"
import { ElectronIds as E } from "../../schema/NextActionIds.js"
import type { NextAction } from "../../schema/NextAction.js"
import { liveLaunchActions, mismatchActions, retryCleanup } from "./electronNextActions.js"

type RedactArgs = (args: ReadonlyArray<string>) => ReadonlyArray<string>

export const PROFILE_ISOLATION = {
  isolatedLaunch: true,
  reusesExistingSignedInProfile: false,
  attachesToAlreadyRunningApp: false,
  hostDebugLaunchExample:
    "Linux: <app> --remote-debugging-port=9222; macOS: open -a <App Name> --args --remote-debugging-port=9222; " +
    `then agent_browser args ["connect","9222"] with sessionMode fresh`
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
