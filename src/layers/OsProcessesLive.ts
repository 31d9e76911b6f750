/**
 * OsProcessesLive: the process table for this platform (Linux: `/proc`; Windows: PowerShell/CIM; every other
 * system: `ps`), or the one `PI_AGENT_BROWSER_PROCESS_TABLE=proc|ps|windows` names (tests run Linux with `ps`).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ProcessTableKind } from "../domain/Processes.js"
import { OsProcesses } from "../services/OsProcesses.js"
import { ToolConfig } from "../services/ToolConfig.js"
import { procTable } from "./osProcesses/procTable.js"
import { psTable } from "./osProcesses/psTable.js"
import { deriveTable } from "./osProcesses/tableCore.js"
import { windowsTable } from "./osProcesses/windowsTable.js"

export const PROCESS_TABLE_VARIABLE = "PI_AGENT_BROWSER_PROCESS_TABLE"

export type LiveTableKind = Exclude<ProcessTableKind, "test">

/** The variable's choice when it names a table, else the platform's. */
export const tableKindFor = (platform: string, env: Readonly<Record<string, string | undefined>>): LiveTableKind => {
  const chosen = env[PROCESS_TABLE_VARIABLE]
  if (chosen === "proc" || chosen === "ps" || chosen === "windows") return chosen
  return platform === "linux" ? "proc" : platform === "win32" ? "windows" : "ps"
}

/** `env`: the environment whose PATH finds `ps` (the tool's, from ToolConfig). */
export const makeOsProcesses = (kind: LiveTableKind, env: Readonly<Record<string, string | undefined>> = process.env) => {
  if (kind === "proc") return OsProcesses.of(deriveTable(procTable()))
  if (kind === "ps") return OsProcesses.of(deriveTable(psTable("ps", env["PATH"])))
  const windows = windowsTable()
  return OsProcesses.of(deriveTable(windows.reads, windows.signal))
}

/** One named table (tests and embedders). */
export const osProcessesLayer = (kind: LiveTableKind): Layer.Layer<OsProcesses> => Layer.sync(OsProcesses, () => makeOsProcesses(kind))

/** The table ToolConfig's environment and this platform choose. */
export const OsProcessesLive: Layer.Layer<OsProcesses, never, ToolConfig> = Layer.effect(
  OsProcesses,
  Effect.map(ToolConfig, (config) => makeOsProcesses(tableKindFor(process.platform, config.env), config.env))
)
