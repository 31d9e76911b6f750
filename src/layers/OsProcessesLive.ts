/**
 * OsProcessesLive: the process table for this platform (Linux: `/proc`, or `ps` where `/proc` cannot be read;
 * Windows: PowerShell/CIM; every other system: `ps`), or the one `PI_AGENT_BROWSER_PROCESS_TABLE=proc|ps|windows`
 * names (tests run Linux with `ps`). The tables are run in `layers/processTables/` (reading `/proc`, running `ps` or
 * PowerShell); what they print is parsed, pure, in `os/` (`procStat.ts`, `psOutput.ts`, `windowsOutput.ts`).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ProcessTableKind } from "../domain/Processes.js"
import { OsProcesses, ProcessTableUnavailable } from "../services/OsProcesses.js"
import { ToolConfig } from "../services/ToolConfig.js"
import { nodeProcIo, type ProcIo, procTable, procUnreadable } from "./processTables/procTable.js"
import { psTable } from "./processTables/psTable.js"
import { deriveTable, type TableReads } from "./processTables/tableCore.js"
import { windowsTable } from "./processTables/windowsTable.js"

export const PROCESS_TABLE_VARIABLE = "PI_AGENT_BROWSER_PROCESS_TABLE"

export type LiveTableKind = Exclude<ProcessTableKind, "test">

/** The variable's choice when it names a table, else the platform's. */
export const tableKindFor = (platform: string, env: Readonly<Record<string, string | undefined>>): LiveTableKind => {
  const chosen = env[PROCESS_TABLE_VARIABLE]
  if (chosen === "proc" || chosen === "ps" || chosen === "windows") return chosen
  return platform === "linux" ? "proc" : platform === "win32" ? "windows" : "ps"
}

/**
 * The `ps` table standing in for a `/proc` that cannot be read (a hardened container, a sandboxed runtime), chosen
 * once when the table is made: identities recorded through one table are compared through the same one. Its facts
 * say why, so the doctor shows it.
 */
export const psInsteadOfProc = (why: ProcessTableUnavailable, path: string | undefined): TableReads => {
  const ps = psTable("ps", path)
  const both = (e: ProcessTableUnavailable) =>
    new ProcessTableUnavailable({ table: e.table, reason: e.reason, detail: `${e.detail}, and ${why.detail}` })
  return {
    facts: { ...ps.facts, source: `${ps.facts.source}, since ${why.detail}` },
    stat: (pid) => Effect.mapError(ps.stat(pid), both),
    list: Effect.mapError(ps.list, both)
  }
}

/** `env`: the environment whose PATH finds `ps` (the tool's, from ToolConfig); `procIo`: how `/proc` is read. */
export const makeOsProcesses = (
  kind: LiveTableKind,
  env: Readonly<Record<string, string | undefined>> = process.env,
  procIo: ProcIo = nodeProcIo
) => {
  if (kind === "proc") {
    const why = procUnreadable("/proc", procIo)
    const reads = why === undefined ? procTable("/proc", procIo) : psInsteadOfProc(why, env["PATH"])
    return OsProcesses.of(deriveTable(reads))
  }
  if (kind === "ps") return OsProcesses.of(deriveTable(psTable("ps", env["PATH"])))
  const windows = windowsTable()
  return OsProcesses.of(deriveTable(windows.reads, windows.signal))
}

/** One named table (tests and embedders). */
export const osProcessesLayer = (kind: LiveTableKind): Layer.Layer<OsProcesses> =>
  Layer.sync(OsProcesses, () => makeOsProcesses(kind))

/** The table ToolConfig's environment and this platform choose. */
export const OsProcessesLive: Layer.Layer<OsProcesses, never, ToolConfig> = Layer.effect(
  OsProcesses,
  Effect.map(ToolConfig, (config) => makeOsProcesses(tableKindFor(process.platform, config.env), config.env))
)
