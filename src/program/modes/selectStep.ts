/**
 * A job or batch step `select <sel> <value>...` with the same guard as a direct one (page/selectGuard.ts): the guard's
 * read runs before the select in one upstream process that stops at its first failed step, so an asked option that is
 * disabled is refused and the select never runs. Any other select runs exactly as before.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { type SelectTarget, selectBeforeScript, selectRefusedOf } from "../../page/selectGuard.js"
import { SessionCommands } from "../../services/SessionCommands.js"

export const runSelectStep = (
  target: SessionTarget,
  row: ReadonlyArray<string>,
  select: SelectTarget,
  timeoutMs: number
) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const rows = yield* commands.batch(target, [["eval", selectBeforeScript(select)], row], {
      timeoutMs,
      failFast: true
    })
    const refused = selectRefusedOf(select, rows[0])
    if (refused !== undefined) return yield* refused
    const own = rows[1]
    // the guard's read could not run (not a refusal): the step runs as it would have
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) return yield* own.error
    return { kind: "single", data: own.result, warning: own.warning } satisfies UpstreamOutcome
  })
