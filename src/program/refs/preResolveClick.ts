/**
 * A role/name click or check (`find role <role> click|check --name <name>`, typed in args or compiled from
 * semanticAction) in a session with a page is resolved before it runs (contract P6): one fresh `snapshot -i` with
 * the reach read of that name, and the call becomes `click|check @ref` on the first exact match a pointer can reach
 * (session/reachableMatch.ts), so a hidden duplicate listed first cannot take it. When no match can be reached and
 * controls of that name can, it fails before acting, naming them. Runs under the session lock; its refs are recorded
 * as the session's latest. Anything it cannot decide (no page, script held for approval, a look that did not answer,
 * reach unknown) leaves the plan as it was: upstream's locator runs as asked.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { SelectorNotFound } from "../../schema/ToolError.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { mayProbe } from "../../session/planRun.js"
import { reachableMatch } from "../../session/reachableMatch.js"
import { recordedFreshRefs } from "./freshRefs.js"
import { preResolveTextClick } from "./preResolveTextClick.js"

/** The look's budget: one interactive snapshot and one read. */
const LOOK_TIMEOUT_MS = 10_000

/** `find role <role> click|check --name <name> [--exact]`, nothing else; undefined otherwise. */
const roleTargetOf = (positionals: ReadonlyArray<string>) => {
  const [find, locator, role, action, ...rest] = positionals
  const flags = rest.filter((t) => t !== "--exact")
  if (find !== "find" || locator !== "role" || role === undefined || (action !== "click" && action !== "check"))
    return undefined
  if (flags.length !== 2 || flags[0] !== "--name" || flags[1] === undefined || flags[1].trim() === "") return undefined
  return { role, action, name: flags[1] }
}

const decide = (plan: Plan, session: string, target: { role: string; action: string; name: string }) =>
  Effect.gen(function* () {
    const focus = { role: target.role, name: target.name }
    const fresh = yield* recordedFreshRefs(plan, session, Math.min(LOOK_TIMEOUT_MS, plan.timeoutMs), true, focus)
    return fresh === undefined ? undefined : reachableMatch(target, fresh.refs, fresh.reach, fresh.hidden)
  }).pipe(
    Effect.tapErrorCause((cause) =>
      Effect.logDebug("role/name pre-resolution failed: upstream's locator runs as asked", cause)
    ),
    Effect.catchAll(() => Effect.succeed(undefined))
  )

export const preResolveClick = (plan: Plan) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    const target = roleTargetOf(plan.line.positionals)
    // a text click is resolved in the page itself (preResolveTextClick.ts)
    if (target === undefined) return yield* preResolveTextClick(plan)
    if (session === undefined || plan.kind !== "browser" || plan.firstLaunch) return plan
    if (plan.stdin !== undefined || !mayProbe(plan)) return plan
    const decided = yield* decide(plan, session, target)
    if (decided === undefined || decided.kind === "upstream") return plan
    if (decided.kind === "unreachable") {
      return yield* new SelectorNotFound({
        selector: `role ${JSON.stringify(target.role)} named ${JSON.stringify(target.name)}`,
        reason: "unreachable-match",
        action: target.action,
        hiddenMatch: decided.hidden,
        fallback: { action: target.action, refs: decided.alternatives }
      })
    }
    const ref = `@${decided.match.ref}`
    const args = [...globalFlagTokens(plan.line), target.action, ref]
    const c = plan.compiled
    return {
      ...plan,
      args,
      line: parseCommandLine(args),
      effectiveArgs: [...globalFlagTokens(parseCommandLine(plan.effectiveArgs)), target.action, ref],
      ...(c.mode === "semanticAction"
        ? {
            compiled: {
              mode: "semanticAction" as const,
              semanticAction: { ...c.semanticAction, resolvedRef: ref, executedArgs: args }
            }
          }
        : {}),
      resolvedFind: {
        from: plan.line.positionals,
        ref,
        role: decided.match.role,
        name: decided.match.name,
        skipped: decided.skipped.map((r) => `@${r.ref}`)
      }
    } satisfies Plan
  })
