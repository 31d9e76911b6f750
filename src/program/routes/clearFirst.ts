/**
 * agent-browser 0.41.2 keeps a session's routes in a list it searches in order, the first match answering: a second
 * `network route` on a glob is appended behind the first and never reached (checked with the raw binary: `--abort`
 * then `--body` on one glob, and the page's fetch still failed). So every route runs after upstream's own
 * `network unroute <glob>`, in the same upstream `batch` process, behind the session's pinned tab like any
 * active-tab command (page/commandBatch.ts): the route upstream answers is the one the call set. Always, not only
 * when the route book knows the glob: a route set on it outside the tool, or before the tool's record was lost, is
 * cleared too, and the extra step costs about half a millisecond in the same process (raw binary, 25 runs: median
 * 10.4 ms for the route alone, 10.9 ms for unroute + route as one batch).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { CommandError, SessionCommands } from "../../services/SessionCommands.js"
import type { SessionRegistry } from "../../services/SessionRegistry.js"
import { type CommandBatch, runCommandBatch } from "../page/commandBatch.js"

/** The reply of the last of `rows`, or the error of the first that failed (a failed step stops the batch). */
const replyOf = (ran: Extract<CommandBatch, { kind: "ran" }>, steps: number) => {
  const rows = ran.rows.slice(ran.at, ran.at + steps)
  const failed = rows.find((row) => !row.success)
  if (failed !== undefined && !failed.success) return Either.left(failed.error)
  const last = rows[rows.length - 1]
  return Either.right({
    kind: "single",
    data: last?.success === true ? last.result : null,
    warning: last?.warning
  } satisfies UpstreamOutcome)
}

/**
 * `network unroute <pattern>`, then `then` (none, or the route itself), as one upstream batch in the session's pinned
 * tab (or the active one): the last step's reply, or the first failure. A pinned tab found gone drops its pin, and
 * the batch runs again in the active tab (once: the pin is gone then).
 */
export const clearThenRun = (
  plan: Plan,
  session: string,
  pattern: string,
  then: ReadonlyArray<ReadonlyArray<string>>
): Effect.Effect<Either.Either<UpstreamOutcome, CommandError>, never, SessionCommands | SessionRegistry> =>
  Effect.gen(function* () {
    const steps = [["network", "unroute", pattern], ...then]
    const ran = yield* runCommandBatch(plan, session, [], [], { bail: true, command: steps })
    if (ran.kind === "unpinned") return yield* clearThenRun(plan, session, pattern, then)
    return ran.kind === "failed" ? Either.left(ran.error) : replyOf(ran, steps.length)
  })
