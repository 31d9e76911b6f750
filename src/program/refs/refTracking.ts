/**
 * The session's ref record: what the latest snapshot allocated, from which page and daemon, and the preflight that
 * refuses stale refs before upstream acts (rules in refPreflight).
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { DaemonProbe } from "../../services/DaemonProbe.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { noActivePageRefs, type RefInfo } from "../../domain/RefSnapshot.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import {
  hiddenRefOf,
  isNoActivePageSnapshot,
  preflightArgs,
  preflightBatch,
  refsIn,
  staleInRecord
} from "../../session/refPreflight.js"
import { type StaleRef, withFields } from "../../schema/ToolError.js"
import { twinOf } from "../../page/clickDispatch.js"
import { readPayload, SnapshotRefs } from "../../schema/UpstreamPayloads.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/** The refs a `snapshot` reply allocated, by id; undefined when the reply carries no ref map. */
export const refsFrom = (data: unknown): ReadonlyMap<string, RefInfo> | undefined =>
  readPayload(SnapshotRefs, data, (d) => new Map(Object.entries(d.refs)))

/**
 * A `screenshot --annotate` reply as a snapshot's ref map: the refs its labels stand for (upstream numbered them
 * afresh), so the refs its text lists are the session's; undefined when it has no annotations.
 */
export const annotatedRefs = (data: unknown): { readonly refs: Record<string, RefInfo> } | undefined => {
  const list = data !== null && typeof data === "object" ? (data as Record<string, unknown>)["annotations"] : undefined
  if (!Array.isArray(list) || list.length === 0) return undefined
  const refs: Record<string, RefInfo> = {}
  for (const a of list as ReadonlyArray<Record<string, unknown> | null>) {
    const [ref, role, name] = [a?.["ref"], a?.["role"], a?.["name"]]
    if (typeof ref === "string") refs[ref] = { role: typeof role === "string" ? role : "", name: String(name ?? "") }
  }
  return Object.keys(refs).length > 0 ? { refs } : undefined
}

export const observeDaemon = (plan: Plan) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const probe = yield* DaemonProbe
    return plan.sessionName === undefined
      ? { pid: undefined, url: undefined }
      : yield* probe.observe(socketDirOf(config, plan.env), plan.sessionName)
  })

/** Refuses stale `@eN` refs before anything runs (see refPreflight). */
export const guardRefs = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined) return
    const isBatch = plan.line.command === "batch" && plan.stdin !== undefined
    if (!isBatch && refsIn(plan.line.positionals).length === 0) return
    const registry = yield* SessionRegistry
    const snapshot = yield* registry.refSnapshotOf(plan.sessionName)
    if (snapshot === undefined) return
    const current = yield* observeDaemon(plan)
    const stale = isBatch
      ? preflightBatch(plan.stdin ?? "", snapshot, current)
      : preflightArgs(plan.line.positionals, snapshot, current)
    if (stale !== undefined) return yield* stale
    const hidden = isBatch ? undefined : hiddenRefOf(plan.line.positionals, snapshot)
    if (hidden !== undefined) return yield* hidden
  })

/**
 * A direct command's stale `@eN` that the session's recorded snapshot proves alone (refPreflight `staleInRecord`), read
 * without asking the daemon; undefined when only `guardRefs` can tell. A batch is left to `guardRefs` (its steps are
 * judged in order, a snapshot step among them).
 */
export const staleOnRecord = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined || plan.line.command === "batch") return undefined
    const refs = refsIn(plan.line.positionals)
    if (refs.length === 0) return undefined
    const snapshot = yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName)
    return snapshot === undefined ? undefined : staleInRecord(refs, snapshot)
  })

/**
 * Upstream could not find a ref's element again (its "Stale ref for role=… name=…": several elements share that
 * role and name): when the latest snapshot has a reachable twin of that ref, the error names it, so the next action
 * is the twin rather than a snapshot that lists the same pair again.
 */
export const withTwin = (plan: Plan, error: StaleRef) =>
  Effect.gen(function* () {
    if (error.source !== "upstream" || error.twin !== undefined || plan.sessionName === undefined || error.ref === "")
      return error
    const snapshot = yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName)
    const twin = twinOf(error.ref, snapshot)
    const info = twin !== undefined ? snapshot?.refs.get(twin) : undefined
    return twin === undefined || info === undefined
      ? error
      : withFields(error, { twin: { ref: twin, role: info.role, name: info.name } })
  })

/**
 * A `snapshot` that found no active page voids the session's refs (the contract's `refSnapshotInvalidation`): the
 * registry keeps an empty, marked ref record, so every mutation-prone `@eN` is refused as stale until a later
 * snapshot records refs again.
 */
export const invalidateRefsOnNoActivePage = (
  plan: Plan,
  error: { readonly _tag: string; readonly code?: string | undefined }
) =>
  Effect.gen(function* () {
    if (!isNoActivePageSnapshot(plan, error) || plan.sessionName === undefined) return
    const registry = yield* SessionRegistry
    const previous = yield* registry.refSnapshotOf(plan.sessionName)
    yield* registry.recordRefSnapshot(plan.sessionName, noActivePageRefs(previous?.daemonPid))
  })
