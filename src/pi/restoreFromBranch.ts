/**
 * Rebuilds the managed-session state from the active pi branch: the newest agent_browser result that recorded a
 * managed session wins. Pure and idempotent (pi may fire session_start twice). Persisted details are decoded with
 * the ToolDetails schema, never trusted: a corrupt or foreign entry is skipped, never fatal.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { SessionState } from "../domain/SessionState.js"
import { ToolDetails } from "../schema/ToolDetails.js"
import type { ManifestEntry } from "../schema/Artifacts.js"

/** A pi branch entry that is an agent_browser tool result; its details are left for the field decoders below. */
const AgentBrowserResult = Schema.Struct({
  type: Schema.Literal("message"),
  message: Schema.Struct({
    role: Schema.Literal("toolResult"),
    toolName: Schema.Literal("agent_browser"),
    details: Schema.Unknown
  })
})
const decodeResult = Schema.decodeUnknownOption(AgentBrowserResult)

/** The fields a restore reads, each with its ToolDetails schema; an entry failing here is skipped as a whole. */
const Restorable = ToolDetails.pick(
  "managedSession",
  "artifactManifest",
  "refSnapshot",
  "refSnapshotInvalidation",
  "sessionName"
)
const decodeRestorable = Schema.decodeUnknownOption(Restorable)

type Restorable = typeof Restorable.Type

const restorableOf = (entry: unknown): Restorable | undefined =>
  Option.getOrUndefined(Option.flatMap(decodeResult(entry), (result) => decodeRestorable(result.message.details)))

/** The newest decodable entry for which `pick` answers, scanning the branch from its end. */
const newest = <A>(entries: ReadonlyArray<unknown>, pick: (r: Restorable) => A | undefined): A | undefined => {
  for (let i = entries.length - 1; i >= 0; i--) {
    const restorable = restorableOf(entries[i])
    const value = restorable === undefined ? undefined : pick(restorable)
    if (value !== undefined) return value
  }
  return undefined
}

export const restoreFromBranch = (entries: ReadonlyArray<unknown>, baseName: string): SessionState | undefined => {
  const managed = newest(entries, (r) => r.managedSession)
  if (managed === undefined) return undefined
  return {
    baseName,
    generation: managed.generation,
    managed: { name: managed.name, active: managed.active, launchFlags: managed.launchFlags },
    epoch: 0
  }
}

/** The artifact manifest as the branch last knew it: every recorded row, newest state per path, in order. */
export const manifestFromBranch = (entries: ReadonlyArray<unknown>): ReadonlyArray<ManifestEntry> => {
  const byPath = new Map<string, ManifestEntry>()
  for (const entry of entries) {
    for (const row of restorableOf(entry)?.artifactManifest?.entries ?? []) {
      byPath.delete(row.path)
      byPath.set(row.path, row)
    }
  }
  return [...byPath.values()]
}

/** The branch's latest refs: a saved ref map's file, or a session whose refs a snapshot with no active page voided. */
export type BranchRefs = { readonly path: string } | { readonly invalidatedSession: string }

/** The newest of a saved ref map and a ref invalidation on the branch, so a resume voids refs as the session did. */
export const refSnapshotFromBranch = (entries: ReadonlyArray<unknown>): BranchRefs | undefined =>
  newest(entries, (r): BranchRefs | undefined =>
    r.refSnapshot !== undefined
      ? { path: r.refSnapshot.path }
      : r.refSnapshotInvalidation !== undefined && r.sessionName !== undefined
        ? { invalidatedSession: r.sessionName }
        : undefined
  )
