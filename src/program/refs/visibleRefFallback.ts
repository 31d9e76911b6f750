/**
 * After a `find` (or compiled semanticAction) misses, one fresh `snapshot -i` looks for the intended element among
 * the current refs, by exact role and name only: role locators need `--name`; text clicks match buttons and links;
 * label fills match textboxes; placeholder fills searchboxes and textboxes. Matches become `try-current-visible-ref`
 * next actions; fill misses get focus/click recovery that never repeats the fill text. Never fails the call further.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { type SelectorNotFound, withFields } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/target.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { refsFrom } from "./refTracking.js"
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
  const p = line.positionals
  if (p[0] !== "find" || p.length < 4) return undefined
  const at = p.indexOf("--name")
  return { locator: p[1] ?? "", value: p[2] ?? "", action: p[3] ?? "", name: at >= 0 ? p[at + 1] : undefined }
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()

/** Which current refs exactly match the missed target. */
export const matchRefs = (target: FindTarget, refs: ReadonlyMap<string, { readonly role: string; readonly name: string }>): ReadonlyArray<FallbackRef> => {
  const accept = (role: string, name: string): boolean => {
    switch (target.locator) {
      case "role":
        return target.name !== undefined && role === target.value && norm(name) === norm(target.name)
      case "text":
        return (role === "button" || role === "link") && norm(name) === norm(target.value)
      case "label":
        return target.action === "fill" && role === "textbox" && norm(name) === norm(target.value)
      case "placeholder":
        return target.action === "fill" && (role === "textbox" || role === "searchbox") && norm(name) === norm(target.value)
      default:
        return false
    }
  }
  return [...refs.entries()].filter(([, r]) => accept(r.role, r.name)).map(([ref, r]) => ({ ref, role: r.role, name: r.name }))
}

export const visibleRefFallback = (plan: Plan, error: SelectorNotFound) =>
  Effect.gen(function*() {
    const target = findTarget(plan.line)
    if (target === undefined || plan.sessionName === undefined) return error
    const commands = yield* SessionCommands
    const registry = yield* SessionRegistry
    const outcome = yield* commands.run({ ...targetOf(plan), kind: "browser" }, ["snapshot", "-i"], { timeoutMs: SNAPSHOT_TIMEOUT_MS })
    if (outcome.kind !== "single") return error
    const refs = refsFrom(outcome.data)
    if (refs === undefined) return error
    const origin = readPayload(OriginReply, outcome.data, (d) => d.origin)
    const existing = yield* registry.refSnapshotOf(plan.sessionName)
    yield* registry.recordRefSnapshot(plan.sessionName, { refs, url: origin ?? "", daemonPid: existing?.daemonPid })
    const matches = matchRefs(target, refs)
    return matches.length === 0 || matches.length > MAX_FALLBACK_REFS
      ? error
      : withFields(error, { fallback: { action: target.action, refs: matches } })
  }).pipe(Effect.tapErrorCause((cause) => Effect.logDebug("visible-ref fallback failed: the miss keeps no candidates", cause)), Effect.catchAll(() => Effect.succeed(error)))
