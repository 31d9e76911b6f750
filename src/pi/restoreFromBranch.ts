/**
 * Rebuilds the managed-session state from the active pi branch: the newest agent_browser result that recorded a
 * managed session wins. Pure and idempotent (pi may fire session_start twice).
 */
import type { SessionState } from "../schema/SessionState.js"
import type { ToolDetails } from "../schema/ToolDetails.js"
import type { ManifestEntry } from "../schema/Artifacts.js"

interface BranchEntry {
  readonly type?: string
  readonly message?: { readonly role?: string; readonly toolName?: string; readonly details?: unknown }
}

export const restoreFromBranch = (entries: ReadonlyArray<unknown>, baseName: string): SessionState | undefined => {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as BranchEntry
    const message = entry.message
    if (entry.type !== "message" || message?.role !== "toolResult" || message.toolName !== "agent_browser") continue
    const managed = (message.details as Partial<ToolDetails> | undefined)?.managedSession
    if (managed === undefined || typeof managed.name !== "string") continue
    return {
      baseName,
      generation: typeof managed.generation === "number" ? managed.generation : 0,
      managed: { name: managed.name, active: managed.active === true, launchFlags: Array.isArray(managed.launchFlags) ? managed.launchFlags : [] },
      epoch: 0
    }
  }
  return undefined
}

/** The artifact manifest as the branch last knew it: every recorded row, newest state per path, in order. */
export const manifestFromBranch = (entries: ReadonlyArray<unknown>): ReadonlyArray<ManifestEntry> => {
  const byPath = new Map<string, ManifestEntry>()
  for (const entry of entries as ReadonlyArray<BranchEntry>) {
    const message = entry.message
    if (entry.type !== "message" || message?.role !== "toolResult" || message.toolName !== "agent_browser") continue
    const rows = (message.details as Partial<ToolDetails> | undefined)?.artifactManifest?.entries
    if (!Array.isArray(rows)) continue
    for (const row of rows) {
      if (typeof row?.path !== "string") continue
      byPath.delete(row.path)
      byPath.set(row.path, row)
    }
  }
  return [...byPath.values()]
}

/** The newest saved ref map on the branch (its file path and session), if any. */
export const refSnapshotFromBranch = (entries: ReadonlyArray<unknown>): ToolDetails["refSnapshot"] => {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as BranchEntry
    const message = entry.message
    if (entry.type !== "message" || message?.role !== "toolResult" || message.toolName !== "agent_browser") continue
    const record = (message.details as Partial<ToolDetails> | undefined)?.refSnapshot
    if (record !== undefined && typeof record.path === "string") return record
  }
  return undefined
}
