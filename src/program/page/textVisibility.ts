/**
 * `selectorTextVisibility` for a successful `batch` (or job) whose steps read `get text <css>`: one read-only probe
 * after the batch, for every qualifying selector at once (one extra process, only when such a step exists). A
 * standalone `get text` is checked inside its own process instead (probedCommand). Never fails the call.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SelectorTextVisibility } from "../../schema/PageDiagnostics.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/planRun.js"
import { textSelectorOf, textVisibilityOf, textVisibilityScript } from "../../page/textVisibility.js"
import { mayProbe } from "../../session/planRun.js"

/** A probe is a quick read; a page that cannot answer within this adds no diagnostic. */
const PROBE_TIMEOUT_MS = 8_000
/** Selectors checked per batch. */
const SELECTOR_LIMIT = 10

export const batchTextVisibility = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    if (outcome.kind !== "batch" || !mayProbe(plan) || outcome.rows.some((row) => !row.success)) return undefined
    const steps = outcome.rows
      .flatMap((row, index) => {
        const selector = textSelectorOf(row.command)
        return selector !== undefined ? [{ selector, index }] : []
      })
      .filter((s, i, all) => all.findIndex((t) => t.selector === s.selector) === i)
      .slice(0, SELECTOR_LIMIT)
    if (steps.length === 0) return undefined
    const outcomeOf = yield* (yield* SessionCommands).run(
      targetOf(plan),
      ["eval", textVisibilityScript(steps.map((s) => s.selector))],
      { timeoutMs: PROBE_TIMEOUT_MS }
    )
    const data =
      outcomeOf.kind === "single" && outcomeOf.data !== null && typeof outcomeOf.data === "object"
        ? (outcomeOf.data as Record<string, unknown>)["result"]
        : undefined
    const found: ReadonlyArray<SelectorTextVisibility> = textVisibilityOf(
      data,
      steps.map((s) => s.index)
    )
    return found.length > 0 ? found : undefined
  }).pipe(
    Effect.tapErrorCause((cause) => Effect.logDebug("text visibility probe failed: no visibility notes", cause)),
    Effect.catchAll(() => Effect.succeed(undefined))
  )
