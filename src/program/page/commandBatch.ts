/**
 * A command with its read-only probes in one upstream `batch`, inside the session's pinned tab when there is one, and
 * run again while the command only missed its target (upstream did nothing; the probes only read), within the
 * readiness budget. Shared by the one-process commands (click, scroll, get text, fill).
 */

import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { isReadinessMiss, mayRetry, pauseBefore, readinessBudgetMs, waitsForTarget } from "../../page/readiness.js"
import { SelectorNotFound, withFields } from "../../schema/ToolError.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { type BehindPin, behindPin, NO_PIN, type PinPrefix } from "../tabs/tabPinning.js"

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

/** How a command batch runs besides its rows. */
export interface BatchOptions {
  /** Stop at the first failed step. */
  readonly bail?: boolean
  /** The rows the planned command runs as, when not its own argv (typing key by key); `at` is their first. */
  readonly command?: ReadonlyArray<ReadonlyArray<string>>
  /** Whether a locator miss in these rows left the command undone, so it may run again (absent: always). */
  readonly retriesMiss?: (rows: ReadonlyArray<StepRow>, at: number) => boolean
}

/** Runs `before` → the planned command → `after` as one batch (with the pinned tab first). */
export const runCommandBatch = (
  plan: Plan,
  session: string,
  before: ReadonlyArray<ReadonlyArray<string>>,
  after: ReadonlyArray<ReadonlyArray<string>>,
  { bail = false, command = [plan.line.positionals], retriesMiss }: BatchOptions = {}
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
          return (
            row !== undefined &&
            !row.success &&
            isReadinessMiss(row.error) &&
            (retriesMiss === undefined || (Either.isRight(r) && retriesMiss(r.right, at)))
          )
        }),
        (waited) => ({ waited, at })
      )
    }
    // a session without a pinned tab runs the command as it is (nothing before it: behindPin is not entered)
    const pinned: BehindPin<Effect.Effect.Success<ReturnType<typeof runWith>>> =
      view.pinnedTab === undefined
        ? { kind: "ran", ran: yield* runWith(NO_PIN), prefix: NO_PIN }
        : yield* behindPin({ tab: view.pinnedTab, pageUrl: view.page?.url }, plan.line.positionals, runWith, (r) =>
            Either.isRight(r.waited.result) ? r.waited.result.right[0] : undefined
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

/**
 * The readiness wait (page/readiness.ts) as Effects: run an attempt, and while it only missed its target (upstream
 * did nothing) pause briefly and run it again, within a bounded budget taken from the call's own timeout. The result
 * says how long it waited: a single command's outcome, a step row, or the `SelectorNotFound` it finally failed with
 * carries `readinessWaitMs`. Pauses use the Effect clock (tests drive it with TestClock); no fixed sleeps.
 */
export interface Waited<A, E> {
  readonly result: Either.Either<A, E>
  /** From the first attempt's start to the last attempt's start (0: answered at once). */
  readonly waitedMs: number
  readonly attempts: number
}

/**
 * Runs `attempt` until `missed` says no, or the next pause would end past `budgetMs`. Never fails: the last result is
 * kept.
 */
export const retryWhileMissing = <A, E, R>(
  budgetMs: number,
  attempt: Effect.Effect<A, E, R>,
  missed: (result: Either.Either<A, E>) => boolean
) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    let attempts = 0
    for (;;) {
      const at = yield* Clock.currentTimeMillis
      const result = yield* Effect.either(attempt)
      attempts++
      const pause = pauseBefore(attempts)
      const done: Waited<A, E> = { result, waitedMs: at - started, attempts }
      if (!missed(result) || !mayRetry((yield* Clock.currentTimeMillis) - started, pause, budgetMs)) return done
      yield* Effect.sleep(Duration.millis(pause))
    }
  })

/** A locator miss that waited says so; any other error, or one that did not wait, is returned as it was. */
export const withWaitedError = <E extends { readonly _tag: string }>(
  error: E,
  waitedMs: number,
  attempts: number
): E | SelectorNotFound =>
  error instanceof SelectorNotFound && attempts > 1
    ? withFields<SelectorNotFound>(error, { readinessWaitMs: waitedMs })
    : error

/** A step row after a wait: its error annotated, its wait recorded (rows that answered at once are unchanged). */
export const withWaitedRow = (row: StepRow, waitedMs: number, attempts: number): StepRow => {
  if (attempts <= 1) return row
  return row.success
    ? { ...row, readinessWaitMs: waitedMs }
    : { ...row, error: withWaitedError(row.error, waitedMs, attempts), readinessWaitMs: waitedMs }
}

/** Whether a planned single command waits for its target (a browser command naming one element; never a raw batch). */
export const planWaits = (plan: Plan): boolean => plan.kind === "browser" && waitsForTarget(plan.line.positionals)

/**
 * A single planned command that waits for its target: `attempt` is given what remains of the call's timeout each
 * time, so waiting never stretches the call past `plan.timeoutMs`. Commands without an element target run once.
 */
export const waitForTarget = <E extends { readonly _tag: string }, R>(
  plan: Plan,
  attempt: (timeoutMs: number) => Effect.Effect<UpstreamOutcome, E, R>
) =>
  Effect.gen(function* () {
    if (!planWaits(plan)) return yield* attempt(plan.timeoutMs)
    const started = yield* Clock.currentTimeMillis
    const run = Effect.flatMap(Clock.currentTimeMillis, (now) => attempt(plan.timeoutMs - (now - started)))
    const { result, waitedMs, attempts } = yield* retryWhileMissing(
      readinessBudgetMs(plan.timeoutMs),
      run,
      (r) => Either.isLeft(r) && isReadinessMiss(r.left)
    )
    if (Either.isLeft(result)) return yield* Effect.fail(withWaitedError(result.left, waitedMs, attempts))
    const outcome = result.right
    return attempts > 1 && outcome.kind === "single"
      ? ({ ...outcome, readinessWaitMs: waitedMs } satisfies UpstreamOutcome)
      : outcome
  })
