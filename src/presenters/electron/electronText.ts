/**
 * The model-visible lines of an electron call (before the body of its last upstream call, if any, and the failure
 * text): short, with the ids the next call needs. Pure.
 */
import type { ElectronLaunchStatus } from "../../schema/ElectronRecord.js"
import type {
  ElectronActionReport,
  ElectronFocusedElement,
  ElectronReport,
  ElectronSessionMismatch
} from "../../domain/ElectronReport.js"
import { probeSummary } from "./electronDetails.js"

const ISOLATION = "It runs with a new temporary profile: signed out, none of the user's local app data."

const liveness = (s: ElectronLaunchStatus): string =>
  `${s.launchId} (${s.appName}): ${s.cleanupState}` +
  `${s.ownership === "stale" ? " (stale: not provably the wrapper's, left alone)" : ""}, pid ${s.pid} ` +
  `${s.pidUnchecked !== undefined ? "not checked" : s.pidAlive ? "alive" : "gone"}, port ${s.port} ` +
  `${s.portAlive ? "open" : "closed"}, ${s.targets.length} target(s)` +
  `${s.sessionName !== undefined ? `, session ${s.sessionName}` : ""}`

const mismatchLine = (m: ElectronSessionMismatch): string =>
  m.reason === "managed-session-not-attached"
    ? `The current managed session ${m.managedSession} is not attached to a live launch (` +
      `${m.launchSessions.join(", ")}).`
    : `Session ${m.sessionName} shows ${m.observedUrl}` +
      `${m.observedTitle !== undefined ? ` ("${m.observedTitle}")` : ""}, which is none of ${m.launchId}'s own ` +
      `pages (${m.launchTargets.map((t) => t.url).join(", ")}): reattach, or pick the app's tab, before trusting ` +
      "reads or refs."

const focusedLine = (f: ElectronFocusedElement): string =>
  [
    f.role ?? f.tag,
    f.type !== undefined ? `type=${f.type}` : undefined,
    f.name !== undefined ? `"${f.name}"` : undefined,
    f.id !== undefined ? `#${f.id}` : undefined,
    f.editable ? "editable" : undefined
  ]
    .filter((x) => x !== undefined)
    .join(" ")

const listLines = (r: Extract<ElectronActionReport, { action: "list" }>): ReadonlyArray<string> => {
  const { result } = r
  if (result.platform === "unsupported")
    return ["Electron app discovery is not supported on this platform; launch by executablePath or appPath."]
  const head =
    `Electron apps${result.query !== undefined ? ` matching "${result.query}"` : ""}: ${result.apps.length}` +
    `${result.omittedCount !== undefined ? ` (+${result.omittedCount} more; raise maxResults)` : ""}.`
  const rows = result.apps.map(
    (a) =>
      `- ${a.name}: ${a.executablePath}${a.desktopId !== undefined ? ` [${a.desktopId}]` : ""}` +
      `${a.sensitivity !== undefined ? ` [likely sensitive: ${a.sensitivity.categories.join(", ")}]` : ""}`
  )
  return [head, ...rows, ...(result.apps.length > 0 ? [`Launch with electron.launch appName. ${ISOLATION}`] : [])]
}

const launchLines = (r: Extract<ElectronActionReport, { action: "launch" }>): ReadonlyArray<string> => {
  const l = r.launch
  if (r.status === "failed") {
    const cleaned =
      r.cleanup === undefined
        ? ""
        : r.cleanup.partial
          ? " Cleaning up the launch was partial: see details.electron.cleanup."
          : " The launch was cleaned up."
    return r.failure?.stage === "attach" && l !== undefined
      ? [`Launched ${l.appName} but could not attach a browser session to port ${l.port}.${cleaned}`]
      : []
  }
  if (l === undefined) return []
  const handoff =
    r.handoff.handoff === "snapshot"
      ? r.handoff.refCount === 0
        ? " The first snapshot has no refs yet: run snapshot -i once more before treating the UI as unusable."
        : ""
      : r.handoff.handoff === "tabs"
        ? " Next: snapshot -i for refs."
        : " Next: tab list, then snapshot -i."
  return [
    `Launched ${l.appName}: launchId ${l.launchId}, pid ${l.pid}, debug port ${l.port}; attached as session ` +
      `${l.sessionName ?? "?"}. ${ISOLATION}`,
    `Clean up when done: electron { action: "cleanup", launchId: "${l.launchId}" }.${handoff}` +
      `${r.failure?.stage === "handoff" ? " The handoff read failed (below); the app stays attached." : ""}`,
    // targetType chose a target that could not be made the session's tab: the session is elsewhere
    ...(r.connect?.selected === false
      ? [
          `The ${l.targetType} target ${r.connect.targetId ?? "?"} could not be selected as the session's tab; ` +
            "the session is on the page agent-browser chose (tab list shows it)."
        ]
      : [])
  ]
}

const lines = (r: ElectronActionReport): ReadonlyArray<string> => {
  switch (r.action) {
    case "list":
      return listLines(r)
    case "launch":
      return launchLines(r)
    case "status":
      return [
        r.statuses.length === 0
          ? "No wrapper-launched Electron app is open."
          : `Electron launches (${r.statuses.length}):`,
        ...r.statuses.map((s) => `- ${liveness(s)}`),
        ...(r.sessionMismatch !== undefined ? [mismatchLine(r.sessionMismatch)] : [])
      ]
    case "probe":
      return [
        `Probe of ${r.probeContext.launchId ?? `session ${r.probeContext.sessionName ?? "?"}`}: ${probeSummary(r)}.`,
        ...(r.launchStatus !== undefined ? [`Launch: ${liveness(r.launchStatus)}.`] : []),
        ...(r.probe.focusedElement !== undefined ? [`Focused: ${focusedLine(r.probe.focusedElement)}.`] : []),
        ...(r.sessionMismatch !== undefined ? [mismatchLine(r.sessionMismatch)] : []),
        ...(r.probe.errors.length > 0 ? [`Not read: ${r.probe.errors.join("; ")}.`] : [])
      ]
    case "cleanup": {
      const results = r.cleanup?.results ?? []
      return [
        ...r.sessionSteps.map(
          (s) =>
            `Session ${s.sessionName}: ` +
            `${s.status === "ok" ? "closed" : `${s.status}${s.reason !== undefined ? ` (${s.reason})` : ""}`}.`
        ),
        ...results.map(
          (x) => `${x.launchId}: ${x.status} (${x.steps.map((s) => `${s.step} ${s.status}`).join(", ")}).`
        ),
        ...(results.length === 0 && r.status === "succeeded"
          ? ["No open wrapper-launched Electron app to clean up."]
          : [])
      ]
    }
  }
}

/** Lines shown first; a post-command-health report explains the tab-drift failure. */
export const electronLines = (report: ElectronReport): ReadonlyArray<string> =>
  report.action === "post-command-health"
    ? [
        `The Electron app of ${report.launchId} did not survive this command (${report.reason}): ` +
          `${liveness(report.status)}. Check it with electron status/probe; clean it up if it is gone.`
      ]
    : lines(report)

/** A one-line summary for details.summary, when the electron call succeeded. */
export const electronSummary = (report: ElectronReport): string | undefined => {
  switch (report.action) {
    case "list":
      return `${report.result.apps.length} Electron app(s)`
    case "launch":
      return report.launch !== undefined ? `Launched ${report.launch.appName} (${report.launch.launchId})` : undefined
    case "status":
      return `${report.statuses.length} Electron launch(es)`
    case "probe":
      return `Probe: ${probeSummary(report)}`
    case "cleanup":
      return `Electron cleanup ${report.status}`
    default:
      return undefined
  }
}
