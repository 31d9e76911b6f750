/**
 * A job or batch step `check|uncheck <sel>` with the same guard as a direct one (page/checkGuard.ts): a ref the latest
 * snapshot lists as another kind of control is refused before anything is sent; a CSS target runs behind the guard's
 * read in one upstream process that stops at its first failed step, so a target that is no box is refused and the
 * check never runs; a ref runs behind upstream's reads of whether it is enabled and checked, so a disabled box is said
 * as such. A box is checked exactly as before.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { type CheckTarget, checkProbeRows, checkRefusedAt, refCheckRefusal } from "../../page/checkGuard.js"
import { SessionCommands } from "../../services/SessionCommands.js"

export const runCheckStep = (
  target: SessionTarget,
  row: ReadonlyArray<string>,
  check: CheckTarget,
  refs: RefSnapshot | undefined,
  timeoutMs: number
) =>
  Effect.gen(function* () {
    const refused = refCheckRefusal(check, refs)
    if (refused !== undefined) return yield* refused
    const commands = yield* SessionCommands
    const before = checkProbeRows(check.selector)
    const rows = yield* commands.batch(target, [...before, row], { timeoutMs, failFast: true })
    const found = checkRefusedAt(check, rows, before.length, refs)
    if (found !== undefined) return yield* found
    const own = rows[before.length]
    // the guard's read could not run (not a refusal): the step runs as it would have
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) return yield* own.error
    return { kind: "single", data: own.result, warning: own.warning } satisfies UpstreamOutcome
  })
