/**
 * One tool call through the normal path (plan → execute → verdict), for the electron program's own upstream steps
 * (`connect`, the handoff reads, probe reads, the cleanup `close`): the registry records each exactly as if the
 * model had made it. The caller holds the session lock; nothing here takes it.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Executed } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { CallContext } from "../pipeline/planSession.js"
import { execute } from "../pipeline/execute.js"
import { prepare } from "../pipeline/prepare.js"
import { verdictOf } from "../pipeline/judgePhase.js"

export type ManagedCallError =
  | Effect.Effect.Error<ReturnType<typeof prepare>>
  | Effect.Effect.Error<ReturnType<typeof execute>>
  | NonNullable<ReturnType<typeof verdictOf>>

export interface ManagedCall {
  readonly plan?: Plan
  readonly executed?: Executed
  readonly error?: ManagedCallError
}

export const runManagedCall = (input: Record<string, unknown>, call: CallContext) =>
  Effect.gen(function* () {
    const planned = yield* Effect.either(prepare(input, call))
    if (Either.isLeft(planned)) return { error: planned.left } satisfies ManagedCall
    const plan = planned.right
    const ran = yield* Effect.either(execute(plan, call))
    if (Either.isLeft(ran)) return { plan, error: ran.left } satisfies ManagedCall
    const error = verdictOf(ran.right)
    return { plan, executed: ran.right, ...(error !== undefined ? { error } : {}) } satisfies ManagedCall
  }).pipe(Effect.map((result): ManagedCall => result))

/** Per-read budget for the wrapper's own reads: the caller's electron.timeoutMs, within the tool's accepted range. */
export const readTimeout = (timeoutMs: number | undefined): Record<string, number> =>
  timeoutMs === undefined ? {} : { timeoutMs: Math.min(600_000, Math.max(1_000, timeoutMs)) }
