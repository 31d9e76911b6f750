/**
 * A `sourceLookup` with no candidates in a wrapper-launched Electron app's session: the workspace scan covered only
 * the pi cwd, and an installed app's sources sit in its resources (`app.asar`), which the wrapper never unpacks. The
 * report gains `workspaceRoot`, `electronContext` (which app and session) and limitations saying so; the Presenter
 * adds live-inspection next actions from the context. Pure.
 */
import type { ElectronLaunchRecord } from "../../schema/ElectronRecord.js"
import type { Executed } from "../../domain/Executed.js"
import type { ElectronLookupContext } from "../../domain/Lookup.js"

export const ELECTRON_LOOKUP_LIMITATIONS = [
  "The workspace scan covered only the pi tool cwd; an installed Electron app's sources are not there.",
  "The wrapper does not unpack installed app resources or app.asar; " +
    "inspect the live app instead (snapshot, probe, tab list)."
] as const

export const withElectronLookupContext = (
  executed: Executed,
  record: ElectronLaunchRecord,
  url: string | undefined
): Executed => {
  const lookup = executed.lookup
  if (lookup?.mode !== "sourceLookup" || lookup.report.status !== "no-candidates") return executed
  const electronContext: ElectronLookupContext = {
    launchId: record.launchId,
    appName: record.appName,
    ...(record.appPath !== undefined ? { appPath: record.appPath } : {}),
    executablePath: record.executablePath,
    ...(record.sessionName !== undefined ? { sessionName: record.sessionName } : {}),
    ...(url !== undefined ? { url } : {})
  }
  const report = {
    ...lookup.report,
    workspaceRoot: lookup.report.workspaceRoot ?? executed.plan.cwd,
    electronContext,
    limitations: [...lookup.report.limitations, ...ELECTRON_LOOKUP_LIMITATIONS]
  }
  return { ...executed, lookup: { mode: "sourceLookup", report } }
}
