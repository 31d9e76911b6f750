/**
 * The record phase: what the call did to its session, written once. The refs it allocated (or the held ones marked by
 * what it did), the page it landed on, a re-selected tab; a browser it replaced closed; the ref map saved to a file.
 * The facts read after it are factsPhase.ts's.
 */
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import { annotatedRefs, observeDaemon, refsFrom } from "../refs/refTracking.js"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { LastPage, TabCorrection } from "../../domain/PageFacts.js"
import type { Plan } from "../../domain/Plan.js"
import type { ManagedSession } from "../../domain/SessionState.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { Redactor } from "../../services/Redactor.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { batchSteps } from "../../redaction/batchSecrets.js"
import { afterCall } from "../../session/refPreflight.js"
import { refListOf, refSnapshotRecord } from "../../session/refSnapshotFile.js"
import { closeManagedSession } from "../lifecycle/closeSession.js"
import { type CallContext, ownerOf } from "./planSession.js"
import { type CommandFamily, guards, reads } from "../families/family.js"

/** Refs the call did not replace, marked when it navigated or may have changed the page (or re-selected a tab). */
const markedRefs = (plan: Plan, held: RefSnapshot | undefined, tabCorrection: TabCorrection | undefined) => {
  if (held === undefined) return undefined
  // a focus taken back with `tab <id>` (which clears agent-browser's ref map) changed the refs too
  const restoredTab = tabCorrection?.reason === "focus-stolen" ? [["tab", tabCorrection.reselected]] : []
  const marked = afterCall(held, [
    ...(plan.line.command === "batch" ? batchSteps(plan) : [plan.line.positionals]),
    ...restoredTab
  ])
  return marked !== held ? marked : undefined
}

/** The replaced managed browser, closed; a close that failed is a warning, not the call's failure. */
const closeReplaced = (plan: Plan, replaced: Option.Option<ManagedSession>) =>
  Option.isNone(replaced)
    ? Effect.succeed(undefined)
    : closeManagedSession(replaced.value, plan.env).pipe(
        Effect.as(undefined),
        Effect.catchTag("CleanupFailed", (e) => Effect.succeed({ session: replaced.value.name, message: e.message }))
      )

/** The ref map the call allocated, saved (scrubbed) beside the session's other files. */
const savedRefs = (session: string, refs: RefSnapshot, call: CallContext) =>
  Effect.gen(function* () {
    const record = yield* (yield* Redactor).scrubValue(refSnapshotRecord(session, refs))
    const path = yield* (yield* ArtifactStore).saveRefs(ownerOf(call, yield* ToolConfig), JSON.stringify(record))
    return { session, url: refs.url, refCount: refs.refs.size, ...refListOf(refs), path }
  })

/** What the call allocated and where it ended. */
export interface CallResult {
  readonly refs: RefSnapshot | undefined
  readonly tabCorrection: TabCorrection | undefined
  readonly page: LastPage | null | undefined
}

export const recordPhase = (plan: Plan, family: CommandFamily, record: CallResult, call: CallContext) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    const { refs, tabCorrection, page } = record
    const held = session !== undefined && refs === undefined ? yield* registry.refSnapshotOf(session) : undefined
    const kept = refs ?? markedRefs(plan, held, tabCorrection)
    const replaced = yield* registry.recordCall(plan, {
      ...(kept !== undefined ? { refSnapshot: kept } : {}),
      // a tab re-selected after open is pinned (upstream may drift again); refocusing before a read is not, nor the
      // focus taken back after a command (a pinned tab is selected before every command, and agent-browser 0.41.2
      // clears its ref map on every tab select, so no @ref would work in a pinned session)
      ...(tabCorrection !== undefined &&
      tabCorrection.reason !== "focus-lost" &&
      tabCorrection.reason !== "focus-stolen"
        ? { reselectedTab: tabCorrection.reselected }
        : {}),
      ...(page !== undefined ? { page } : {}),
      // captures and the route book change only in the families that guard captures or read the route book
      booksMayChange: guards(family, "captures") || reads(family, "routeBook")
    })
    const replacedCloseFailure = yield* closeReplaced(plan, replaced)
    const refSnapshot = refs === undefined || session === undefined ? undefined : yield* savedRefs(session, refs, call)
    return { replacedCloseFailure, refSnapshot }
  })

/** The refs a snapshot allocated, with the page and daemon they belong to. */
const snapshotRefs = (plan: Plan, data: unknown, hidden?: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const refs = refsFrom(data)
    if (refs === undefined) return undefined
    const origin = (data as { origin?: unknown } | null)?.origin
    const observed = yield* observeDaemon(plan)
    return {
      refs,
      url: typeof origin === "string" ? origin : (observed.url ?? ""),
      daemonPid: observed.pid,
      ...(hidden !== undefined ? { hidden: new Map(Object.entries(hidden)) } : {})
    } satisfies RefSnapshot
  })

/**
 * A job's or a caller's batch's last snapshot step: its refs, marked by what the steps after it did (current when
 * nothing followed), so the next call can act on the refs the model just read.
 */
const jobSnapshotRefs = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    if (outcome.kind !== "batch" || (plan.compiled.mode !== "job" && plan.line.command !== "batch")) return undefined
    let at = -1
    outcome.rows.forEach((row, i) => {
      if (row.success && row.command[0] === "snapshot") at = i
    })
    const row = outcome.rows[at]
    const refs = row?.success === true ? yield* snapshotRefs(plan, row.result, row.snapshotNaming?.hidden) : undefined
    return refs === undefined
      ? undefined
      : afterCall(
          refs,
          outcome.rows.slice(at + 1).map((r) => r.command)
        )
  })

/** The refs this call allocated in a browser session, if any. */
export const callRefs = (
  plan: Plan,
  outcome: UpstreamOutcome,
  read: { readonly snapshotNaming?: SnapshotNaming | undefined; readonly overlaySnapshot?: unknown }
) =>
  plan.kind !== "browser" || plan.sessionName === undefined
    ? Effect.succeed(undefined)
    : outcome.kind === "single" && plan.line.command === "snapshot"
      ? snapshotRefs(plan, outcome.data, read.snapshotNaming?.hidden)
      : // an annotated screenshot's labels are refs upstream allocated afresh: the session's now
        outcome.kind === "single" && plan.line.command === "screenshot" && annotatedRefs(outcome.data) !== undefined
        ? snapshotRefs(plan, annotatedRefs(outcome.data))
        : // a click's overlay check took a snapshot: its refs (the candidates') are the session's now
          read.overlaySnapshot !== undefined
          ? snapshotRefs(plan, read.overlaySnapshot)
          : jobSnapshotRefs(plan, outcome)
