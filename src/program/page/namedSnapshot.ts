/**
 * `snapshot -i` (and `-i -C`) run as one upstream `batch`: the interactive snapshot the model asked for, the full
 * tree of the same page right after it (where an unnamed control's row, label or heading is), which repeated
 * role/name refs a pointer cannot reach while a twin can (page/hiddenTwins.ts), and around the snapshot the script
 * that gives refs to what the page marks draggable or a drop target, and for `-C` to list items and labels too
 * (page/refTargets.ts; it rides on the settle read before, and the twins read after removes its handlers: no step
 * more). The interactive row is the outcome, exactly as if it ran alone; the rest only adds naming, and a step that
 * cannot answer adds none. After a click that left the page changing (pageSettle.ts), it first waits for the DOM to
 * go quiet (at most the cap) and says when it did not (`settle`). Runs inside the session's pinned tab when there is
 * one; skipped where probes are (mayProbe) and for `--delta`. A `snapshot -i` step of a job or a caller's batch gets
 * the same naming reads and marks in its own process (`runNamedStep`); what the reads are and tell lives in
 * page/namingReads.ts.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import type { OverlayBlockers } from "../../schema/PageDiagnostics.js"
import { overlayBlockersOf } from "../../snapshot/overlayBlockers.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import {
  markScript,
  readRefTargets,
  scopeOf,
  thenMark,
  wantsRefTargets,
  withoutRefTargetFlags
} from "../../page/refTargets.js"
import { field } from "../../page/appearedText.js"
import { targetOf } from "../../session/planRun.js"
import { evalResultOf, namesControls, NAMING_ROWS, namingOf, snapshotTextOf } from "../../page/namingReads.js"
import { pageSettleOf, quietSinceExpression } from "../../page/pageSettle.js"
import type { PageSettle } from "../../schema/PageDiagnostics.js"
import { mayProbe } from "../../session/planRun.js"

export interface NamedSnapshot {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  readonly naming: SnapshotNaming | undefined
  /** An open dialog in the full tree, with the controls that read like closing it. */
  readonly overlayBlockers?: OverlayBlockers
  /** The page was still changing (after a click) when the snapshot was taken. */
  readonly settle?: PageSettle
}

/** Runs the interactive snapshot with its naming reads; undefined when the plan is not one (it then runs as usual). */
export const runNamedSnapshot = (plan: Plan) =>
  Effect.gen(function* () {
    const argv = plan.line.positionals
    if (plan.line.command !== "snapshot" || plan.sessionName === undefined || plan.stdin !== undefined) return undefined
    if (!namesControls(argv) || !mayProbe(plan)) return undefined
    const registry = yield* SessionRegistry
    const pinned = (yield* registry.view(plan.sessionName)).pinnedTab
    const asked = wantsRefTargets(argv)
    const steps = [
      ...(pinned !== undefined ? [["tab", pinned]] : []),
      // a page a click left changing is read once it went quiet (no wait without a click's watch), then the mark
      // script gives refs to what the page marks draggable (the naming rows' last read removes its handlers)
      ["eval", thenMark(quietSinceExpression({ end: true, onlyIfLate: false }), scopeOf(argv), asked)],
      withoutRefTargetFlags(argv),
      ...NAMING_ROWS
    ]
    const ran = yield* Effect.either(
      (yield* SessionCommands).batch(targetOf(plan), steps, { timeoutMs: plan.timeoutMs, failFast: false })
    )
    // a reply that is not a batch at all: the snapshot runs alone instead
    if (Either.isLeft(ran))
      return ran.left._tag === "ParseFailure"
        ? undefined
        : ({ replied: Either.left(ran.left), naming: undefined } satisfies NamedSnapshot)
    const rows = ran.right
    if (pinned !== undefined && rows[0]?.success !== true) {
      // the pinned tab is gone: forget it and let the command run normally
      yield* registry.dropPin(plan.sessionName)
      return undefined
    }
    const at = pinned !== undefined ? 2 : 1
    const settled = evalResultOf(rows[at - 1])
    const settle = pageSettleOf(field(settled, "value"))
    const row = rows[at]
    if (row === undefined) return undefined
    if (!row.success) return { replied: Either.left(row.error), naming: undefined } satisfies NamedSnapshot
    // upstream's warning on the snapshot's own row (a dialog blocking the page) is the snapshot's, as when it runs
    // alone
    const replied: Either.Either<UpstreamOutcome, CommandError> = Either.right({
      kind: "single",
      data: row.result,
      warning: row.warning
    })
    const unsettled = settle !== undefined && !settle.settled ? { settle } : {}
    const targets = targetsOf(field(settled, "marks"), asked)
    const naming = namingOf(snapshotTextOf(row) ?? "", rows[at + 1], rows[at + 2], targets)
    const full = snapshotTextOf(rows[at + 1])
    const overlay = full !== undefined ? overlayBlockersOf(full) : undefined
    return {
      replied,
      naming,
      ...(overlay !== undefined ? { overlayBlockers: overlay } : {}),
      ...unsettled
    } satisfies NamedSnapshot
  })

/** The mark script's answer: all of it after `-C`; else only when the page marks something draggable or droppable. */
const targetsOf = (result: unknown, asked: boolean): SnapshotNaming["targets"] => {
  const read = readRefTargets(result)
  if (asked || read === undefined) return read
  return read.names.length > 0 || read.more > 0 ? { ...read, dragOnly: true } : undefined
}

/**
 * A `snapshot -i` step of a job or a caller's batch, with the same naming reads and ref targets in the step's own
 * process: the outcome is the step's own reply (its row stays the caller's, numbered as theirs), plus what the reads
 * tell.
 */
export const runNamedStep = (
  target: SessionTarget,
  row: ReadonlyArray<string>,
  timeoutMs: number
): Effect.Effect<UpstreamOutcome, CommandError, SessionCommands> =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const asked = wantsRefTargets(row)
    const steps = [["eval", markScript(scopeOf(row), asked)], row, ...NAMING_ROWS]
    const ran = yield* Effect.either(commands.batch(target, steps, { timeoutMs, failFast: false }))
    // a reply that is not a batch at all: the step runs alone instead
    if (Either.isLeft(ran))
      return ran.left._tag === "ParseFailure" ? yield* commands.run(target, row, { timeoutMs }) : yield* ran.left
    const [marked, own, full, twins] = ran.right
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) return yield* own.error
    const naming = namingOf(snapshotTextOf(own) ?? "", full, twins, targetsOf(evalResultOf(marked), asked))
    const outcome: UpstreamOutcome = {
      kind: "single",
      data: own.result,
      warning: own.warning,
      ...(naming !== undefined ? { snapshotNaming: naming } : {})
    }
    return outcome
  })
