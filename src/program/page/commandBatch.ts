/**
 * A command with its read-only probes in one upstream `batch`, inside the session's pinned tab when there is one, and
 * run again while the command only missed its target (upstream did nothing; the probes only read), within the
 * readiness budget. Shared by the one-process commands (click, scroll, get text, fill).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { isReadinessMiss, readinessBudgetMs } from "../../page/readiness.js"
import { targetOf } from "../../session/target.js"
import { planWaits, retryWhileMissing, withWaitedRow } from "./readinessWait.js"
import { selectsPinnedTab } from "../tabs/tabPinning.js"

export type CommandBatch =
  /** The batch process itself failed (no rows). */
  | { readonly kind: "failed"; readonly error: CommandError }
  /** The pinned tab is gone (its pin is dropped): the command should run as usual. */
  | { readonly kind: "unpinned" }
  /** `row` is the command's own row (with its wait recorded); `at` its index among `rows`. */
  | { readonly kind: "ran"; readonly rows: ReadonlyArray<StepRow>; readonly row: StepRow | undefined; readonly at: number }

/** Runs `before` → the planned command → `after` as one batch (with the pinned tab first). */
export const runCommandBatch = (plan: Plan, session: string, before: ReadonlyArray<ReadonlyArray<string>>, after: ReadonlyArray<ReadonlyArray<string>>) =>
  Effect.gen(function*() {
    const registry = yield* SessionRegistry
    // a command by @ref runs without selecting its pinned tab (the select would void its refs: tabPinning.ts)
    const pinned = selectsPinnedTab(plan.line.positionals) ? (yield* registry.view(session)).pinnedTab : undefined
    const steps = [...(pinned !== undefined ? [["tab", pinned]] : []), ...before, plan.line.positionals, ...after]
    const at = (pinned !== undefined ? 1 : 0) + before.length
    const commands = yield* SessionCommands
    const started = yield* Clock.currentTimeMillis
    const attempt = Effect.flatMap(Clock.currentTimeMillis, (now) => commands.batch(targetOf(plan), steps, { timeoutMs: plan.timeoutMs - (now - started), failFast: false }))
    const waited = yield* retryWhileMissing(planWaits(plan) ? readinessBudgetMs(plan.timeoutMs) : 0, attempt, (r) => {
      const row = Either.isRight(r) ? r.right[at] : undefined
      return row !== undefined && !row.success && isReadinessMiss(row.error)
    })
    const ran = waited.result
    if (Either.isLeft(ran)) return { kind: "failed", error: ran.left } satisfies CommandBatch as CommandBatch
    const rows = ran.right
    if (pinned !== undefined && rows[0]?.success !== true) {
      yield* registry.dropPin(session)
      return { kind: "unpinned" } satisfies CommandBatch as CommandBatch
    }
    const answered = rows[at]
    const row = answered !== undefined ? withWaitedRow(answered, waited.waitedMs, waited.attempts) : undefined
    return { kind: "ran", rows, row, at } satisfies CommandBatch as CommandBatch
  })
