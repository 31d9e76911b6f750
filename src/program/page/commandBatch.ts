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
import { behindPin, type PinPrefix } from "../tabs/tabPinning.js"

export type CommandBatch =
  /** The batch process itself failed (no rows). */
  | { readonly kind: "failed"; readonly error: CommandError }
  /** The pinned tab is gone (its pin is dropped): the command should run as usual. */
  | { readonly kind: "unpinned" }
  /** `row` is the command's own row (with its wait recorded); `at` its index among `rows`. */
  | {
      readonly kind: "ran"
      readonly rows: ReadonlyArray<StepRow>
      readonly row: StepRow | undefined
      readonly at: number
    }

/**
 * Runs `before` → the planned command → `after` as one batch (with the pinned tab first); `bail`: stop at the first
 * failed step. `command`: the rows the planned command runs as, when not its own argv (typing key by key); `at` is
 * their first.
 */
export const runCommandBatch = (
  plan: Plan,
  session: string,
  before: ReadonlyArray<ReadonlyArray<string>>,
  after: ReadonlyArray<ReadonlyArray<string>>,
  bail = false,
  command: ReadonlyArray<ReadonlyArray<string>> = [plan.line.positionals]
) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    // the pinned tab behind a guard, not selected (a select would void the refs): tabPinning.ts
    const view = yield* registry.view(session)
    const commands = yield* SessionCommands
    const started = yield* Clock.currentTimeMillis
    const runWith = (prefix: PinPrefix) => {
      const at = prefix.steps.length + before.length
      const attempt = Effect.flatMap(Clock.currentTimeMillis, (now) =>
        commands.batch(targetOf(plan), [...prefix.steps, ...before, ...command, ...after], {
          timeoutMs: plan.timeoutMs - (now - started),
          failFast: prefix.guard || bail
        })
      )
      return Effect.map(
        retryWhileMissing(planWaits(plan) ? readinessBudgetMs(plan.timeoutMs) : 0, attempt, (r) => {
          const row = Either.isRight(r) ? r.right[at] : undefined
          return row !== undefined && !row.success && isReadinessMiss(row.error)
        }),
        (waited) => ({ waited, at })
      )
    }
    const pin = view.pinnedTab !== undefined ? { tab: view.pinnedTab, pageUrl: view.page?.url } : undefined
    const pinned = yield* behindPin(pin, plan.line.positionals, runWith, ({ waited }) =>
      Either.isRight(waited.result) ? waited.result.right[0] : undefined
    )
    if (pinned.kind === "moved") return { kind: "failed", error: pinned.error } satisfies CommandBatch as CommandBatch
    const {
      ran: { waited, at },
      prefix
    } = pinned
    const ran = waited.result
    if (Either.isLeft(ran)) return { kind: "failed", error: ran.left } satisfies CommandBatch as CommandBatch
    const rows = ran.right
    if (view.pinnedTab !== undefined && !prefix.guard && rows[0]?.success !== true) {
      yield* registry.dropPin(session)
      return { kind: "unpinned" } satisfies CommandBatch as CommandBatch
    }
    const answered = rows[at]
    const row = answered !== undefined ? withWaitedRow(answered, waited.waitedMs, waited.attempts) : undefined
    return { kind: "ran", rows, row, at } satisfies CommandBatch as CommandBatch
  })
