/**
 * semanticAction helpers around the upstream call: a fill whose target is exactly one editable ref of a snapshot
 * proven current runs on that ref (otherwise upstream `find` resolves it), and a missed text click is offered as a
 * button or link of that exact name.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { type SelectorNotFound, withFields } from "../../schema/ToolError.js"
import { DaemonProbe } from "../../services/DaemonProbe.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import type { ResolvedInput } from "../../domain/Compiled.js"
import { provablyCurrent } from "../../session/refPreflight.js"
import { findTarget, matchRefs } from "./visibleRefFallback.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/**
 * A semantic fill in the managed session whose target is exactly one editable ref of the latest snapshot runs as
 * `fill @ref <text>` directly: the same element, without upstream's locator search (and its DOM marker attribute).
 */
export const preResolveFill = (resolved: ResolvedInput, managedSession: string) =>
  Effect.gen(function* () {
    const c = resolved.compiled
    if (c.mode !== "semanticAction" || c.semanticAction.action !== "fill" || c.semanticAction.locator === undefined)
      return resolved
    if (resolved.input.semanticAction?.session !== undefined) return resolved
    const target = findTarget(parseCommandLine(c.semanticAction.args))
    const snapshot = yield* (yield* SessionRegistry).refSnapshotOf(managedSession)
    if (target === undefined || snapshot === undefined) return resolved
    // only refs proven current: same daemon, same URL (query included), no call since that navigated or may have
    // changed the page. The daemon's target file records origin and path only, so a snapshot of a URL with a query
    // cannot be proven from it: upstream's locator search (`find`) runs instead.
    const config = yield* ToolConfig
    const observed = yield* (yield* DaemonProbe).observe(socketDirOf(config), managedSession)
    if (!provablyCurrent(snapshot, observed)) return resolved
    const matches = matchRefs(target, snapshot.refs)
    const match = matches[0]
    if (matches.length !== 1 || match === undefined) return resolved
    const args = ["fill", `@${match.ref}`, resolved.input.semanticAction?.text ?? ""]
    return {
      input: { ...resolved.input, args },
      compiled: {
        mode: "semanticAction" as const,
        semanticAction: { ...c.semanticAction, resolvedRef: `@${match.ref}`, executedArgs: args }
      }
    } satisfies ResolvedInput
  })

/** A text-locator click that missed may be a button or a link with that exact name: offer both, bounded. */
export const withCandidates = (plan: Plan, error: SelectorNotFound): SelectorNotFound => {
  const c = plan.compiled
  if (c.mode !== "semanticAction" || c.semanticAction.action !== "click" || c.semanticAction.locator !== "text")
    return error
  const name = plan.line.positionals[2] ?? ""
  return withFields(error, {
    candidates: [
      { role: "button", name },
      { role: "link", name }
    ]
  })
}
