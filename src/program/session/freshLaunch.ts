/** What a failed `sessionMode: "fresh"` launch leaves: the previous browser kept, or nothing; never a half-start. */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Plan } from "../../schema/Plan.js"
import type { ToolResult } from "../../schema/ToolDetails.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { closeManagedSession } from "./closeSession.js"

/**
 * A fresh launch that failed never becomes the managed session: the previous one stays current (`preserved`), or,
 * when there was none, the attempt is dropped (`abandoned`). Either way its half-started browser is closed.
 */
export const reportFreshFailure = (plan: Plan, failed: ToolResult) =>
  Effect.gen(function*() {
    const registry = yield* SessionRegistry
    const state = yield* registry.snapshot
    const current = Option.getOrUndefined(state)?.managed
    const outcome = current?.active === true ? "preserved" as const : "abandoned" as const
    // closed without its launch flags: they may be exactly what failed (a bad executable path, an unreachable CDP)
    if (plan.sessionName !== undefined) yield* closeManagedSession({ name: plan.sessionName, active: true, launchFlags: [] }, plan.env)
    const line = outcome === "preserved"
      ? `Managed session outcome: the fresh launch failed; later calls keep using ${current?.name ?? "the previous browser"}.`
      : "Managed session outcome: the fresh launch failed and there was no earlier managed browser; the next call starts a new one."
    return {
      ...failed,
      content: failed.content.map((c, i) => (i === 0 && c.type === "text" ? { ...c, text: `${c.text}\n${line}` } : c)),
      details: { ...failed.details, managedSessionOutcome: { outcome, attemptedSession: plan.sessionName ?? "", ...(current?.active === true ? { currentSession: current.name } : {}) } }
    } satisfies ToolResult
  })

