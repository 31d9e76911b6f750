/**
 * `open` (`goto`, `navigate`) on a session whose browser already runs, in one upstream process: `batch` open → the
 * opened-page read (title, URL, challenge facts, a brief settle). The open's row is the outcome, exactly as alone.
 * The first open of a session runs alone (a browser that cannot start answers outside a batch), and so do opens in a
 * pinned tab or where page script may be held for approval; their read is a second process afterwards.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/target.js"
import { type OpenedPage, OPENED_PAGE_EXPRESSION, openedPageOf } from "./pageProbes.js"
import { mayProbe } from "../../session/mayProbe.js"
import { isOpening } from "../../upstream/commandPolicy.js"

export interface OpenRun {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  /** The page the open landed on; undefined when the read did not answer (nothing is judged then). */
  readonly page: OpenedPage | undefined
}

export const runOpen = (plan: Plan) =>
  Effect.gen(function*() {
    const session = plan.sessionName
    if (session === undefined || !isOpening(plan.line.command) || !mayProbe(plan) || plan.stdin !== undefined) return undefined
    if (plan.compiled.mode === "job" || plan.compiled.mode === "qa") return undefined
    const view = yield* (yield* SessionRegistry).view(session)
    if (view.page === undefined || view.pinnedTab !== undefined) return undefined
    const ran = yield* Effect.either((yield* SessionCommands).batch(targetOf(plan), [plan.line.positionals, ["eval", OPENED_PAGE_EXPRESSION]], { timeoutMs: plan.timeoutMs, failFast: false }))
    // a reply that is not a batch (the browser had to start again and could not): the open runs alone instead
    if (Either.isLeft(ran)) return ran.left._tag === "ParseFailure" ? undefined : ({ replied: Either.left(ran.left), page: undefined } satisfies OpenRun)
    const row = ran.right[0]
    if (row === undefined) return undefined
    if (!row.success) return { replied: Either.left(row.error), page: undefined } satisfies OpenRun
    const replied: Either.Either<UpstreamOutcome, CommandError> = Either.right({ kind: "single", data: row.result, warning: row.warning })
    return { replied, page: openedPageOf(ran.right[1]) } satisfies OpenRun
  })
