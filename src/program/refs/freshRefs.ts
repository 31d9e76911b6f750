/**
 * One fresh `snapshot -i` of the session's page (inside its pinned tab, if any) with the hidden-twin read in the
 * same process (page/hiddenTwins.ts): the current refs, and which of them a pointer cannot reach while a twin of the
 * same role and name can. For the wrapper's own look-ups (semantic pre-resolution, a missed locator's fallback); the
 * caller records the refs. Undefined when the snapshot did not answer.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { RefInfo } from "../../domain/RefSnapshot.js"
import { hiddenTwinsExpression, hiddenTwinsOf, type ReachFocus, reachOf } from "../../page/hiddenTwins.js"
import { OriginReply, readPayload } from "../../schema/UpstreamPayloads.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { observeDaemon, refsFrom } from "./refTracking.js"

export interface FreshRefs {
  readonly refs: ReadonlyMap<string, RefInfo>
  /** Hidden ref → its reachable twin. */
  readonly hidden: ReadonlyMap<string, string>
  /** With a focus: whether a pointer can reach each ref of that name (refs it could not match are absent). */
  readonly reach: ReadonlyMap<string, boolean>
  /** The snapshot step's reply (its `origin`). */
  readonly data: unknown
}

const resultOf = (
  row: { readonly success: boolean; readonly result?: unknown } | undefined
): Record<string, unknown> | undefined =>
  row?.success === true && row.result !== null && typeof row.result === "object"
    ? (row.result as Record<string, unknown>)
    : undefined

/**
 * `twins`: run the hidden-twin read (page script; not where it may be held for approval); `focus`: the role/name
 * whose every ref the read says reachable or not.
 */
export const freshRefs = (
  plan: Plan,
  pinnedTab: string | undefined,
  timeoutMs: number,
  twins = true,
  focus?: ReachFocus
) =>
  Effect.gen(function* () {
    const steps = [
      ...(pinnedTab !== undefined ? [["tab", pinnedTab]] : []),
      ["snapshot", "-i"],
      ...(twins ? [["eval", hiddenTwinsExpression(focus)]] : [])
    ]
    const rows = yield* (yield* SessionCommands).batch({ ...targetOf(plan), kind: "browser" }, steps, {
      timeoutMs,
      failFast: false
    })
    const at = pinnedTab !== undefined ? 1 : 0
    const snapshot = resultOf(rows[at])
    const refs = snapshot !== undefined ? refsFrom(snapshot) : undefined
    if (snapshot === undefined || refs === undefined) return undefined
    const tree = typeof snapshot["snapshot"] === "string" ? snapshot["snapshot"] : ""
    const read = resultOf(rows[at + 1])?.["result"]
    return {
      refs,
      hidden: hiddenTwinsOf(tree, read),
      reach: focus !== undefined ? reachOf(tree, read, focus) : new Map(),
      data: snapshot
    } satisfies FreshRefs
  })

/**
 * `freshRefs` in the session's page (its pinned tab), recorded as the session's latest refs, so a call resolved to
 * one of them passes the stale-ref guard. Undefined when there is no page or the snapshot did not answer.
 */
export const recordedFreshRefs = (plan: Plan, session: string, timeoutMs: number, twins = true, focus?: ReachFocus) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    const view = yield* registry.view(session)
    if (view.page === undefined) return undefined
    const fresh = yield* freshRefs(plan, view.pinnedTab, timeoutMs, twins, focus)
    if (fresh === undefined) return undefined
    const daemon = yield* observeDaemon(plan)
    const origin = readPayload(OriginReply, fresh.data, (d) => d.origin)
    yield* registry.recordRefSnapshot(session, {
      refs: fresh.refs,
      url: origin ?? daemon.url ?? "",
      daemonPid: daemon.pid,
      ...(fresh.hidden.size > 0 ? { hidden: fresh.hidden } : {})
    })
    return fresh
  })
