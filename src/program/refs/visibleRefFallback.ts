/**
 * After a `find` (or compiled semanticAction) misses, one fresh `snapshot -i` (with the hidden-twin read) looks for
 * the intended element among the current refs a pointer can reach, by exact role and name only: role locators need
 * `--name`; text clicks match buttons and links, or, when upstream's first match was hidden, any clickable role of
 * that exact name (an option only as the reachable twin of a hidden one), and the hidden match is named: what it
 * is; label fills match textboxes; placeholder fills searchboxes and textboxes. Matches become
 * `try-current-visible-ref` next actions; fill misses get focus/click recovery that never repeats the fill text. Never
 * fails the call further.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { type SelectorNotFound, withFields } from "../../schema/ToolError.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { findArgsOf } from "../../upstream/findArgs.js"
import { TWIN_ROLES } from "../../page/hiddenTwins.js"
import { mayProbe } from "../../session/planRun.js"
import { freshRefs } from "./freshRefs.js"
import { OriginReply, readPayload } from "../../schema/UpstreamPayloads.js"

/** Candidates offered; more than this means the name is not specific enough to act on. */
export const MAX_FALLBACK_REFS = 3
/** One interactive snapshot of the current page. */
const SNAPSHOT_TIMEOUT_MS = 10_000

export interface FallbackRef {
  readonly ref: string
  readonly role: string
  readonly name: string
}

export interface FindTarget {
  readonly locator: string
  readonly value: string
  readonly action: string
  readonly name: string | undefined
}

/** Reads `find <locator> <value> <action> [text] [--name n]` from argv. */
export const findTarget = (line: ReturnType<typeof parseCommandLine>): FindTarget | undefined => {
  const find = findArgsOf(line.positionals)
  if (find?.actionAt === undefined) return undefined
  return { locator: find.locator, value: find.value, action: find.action, name: find.name }
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()

/** Which current refs exactly match the missed target. */
export const matchRefs = (
  target: FindTarget,
  refs: ReadonlyMap<string, { readonly role: string; readonly name: string }>
): ReadonlyArray<FallbackRef> => {
  const accept = (role: string, name: string): boolean => {
    switch (target.locator) {
      case "role":
        return target.name !== undefined && role === target.value && norm(name) === norm(target.name)
      case "text":
        return (role === "button" || role === "link") && norm(name) === norm(target.value)
      case "label":
        return target.action === "fill" && role === "textbox" && norm(name) === norm(target.value)
      case "placeholder":
        return (
          target.action === "fill" && (role === "textbox" || role === "searchbox") && norm(name) === norm(target.value)
        )
      default:
        return false
    }
  }
  return [...refs.entries()]
    .filter(([, r]) => accept(r.role, r.name))
    .map(([ref, r]) => ({ ref, role: r.role, name: r.name }))
}

/** Roles a text click may land on: when upstream's first match was hidden, any of them named exactly so is offered. */
const CLICKABLE: ReadonlySet<string> = new Set(TWIN_ROLES)

export const visibleRefFallback = (plan: Plan, error: SelectorNotFound) =>
  Effect.gen(function* () {
    const target = findTarget(plan.line)
    if (target === undefined || plan.sessionName === undefined) return error
    const registry = yield* SessionRegistry
    const view = yield* registry.view(plan.sessionName)
    const fresh = yield* freshRefs(plan, view.pinnedTab, SNAPSHOT_TIMEOUT_MS, mayProbe(plan))
    if (fresh === undefined) return error
    const { refs, hidden } = fresh
    const origin = readPayload(OriginReply, fresh.data, (d) => d.origin)
    const existing = yield* registry.refSnapshotOf(plan.sessionName)
    yield* registry.recordRefSnapshot(plan.sessionName, {
      refs,
      url: origin ?? "",
      daemonPid: existing?.daemonPid,
      ...(hidden.size > 0 ? { hidden } : {})
    })
    // a text click whose first match is hidden (a widget's native <option>): what that match is, and the control of
    // that exact name a pointer can reach, whatever its role
    const hiddenText = error.reason === "first-match-hidden" && target.locator === "text" && target.action === "click"
    const named = [...refs.entries()]
      .filter(([, r]) => norm(r.name) === norm(target.value))
      .map(([ref, r]) => ({ ref, role: r.role, name: r.name }))
    const hiddenMatch = hiddenText ? named.find((r) => hidden.has(r.ref)) : undefined
    // an option is offered only as a proven reachable twin: a lone native <option> may be the hidden match itself
    const twins = new Set(hidden.values())
    const matches = (
      hiddenText
        ? named.filter((r) => CLICKABLE.has(r.role) && (r.role !== "option" || twins.has(r.ref)))
        : matchRefs(target, refs)
    ).filter((r) => !hidden.has(r.ref))
    return matches.length === 0 || matches.length > MAX_FALLBACK_REFS
      ? hiddenMatch !== undefined
        ? withFields(error, { hiddenMatch })
        : error
      : withFields(error, {
          ...(hiddenMatch !== undefined ? { hiddenMatch } : {}),
          fallback: { action: target.action, refs: matches }
        })
  }).pipe(
    Effect.tapErrorCause((cause) =>
      Effect.logDebug("visible-ref fallback failed: the miss keeps no candidates", cause)
    ),
    Effect.catchAll(() => Effect.succeed(error))
  )
