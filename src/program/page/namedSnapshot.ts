/**
 * `snapshot -i` (and `-i -C`) run as one upstream `batch`: the interactive snapshot the model asked for, the full
 * tree of the same page right after it (where an unnamed control's row, label or heading is), which repeated
 * role/name refs a pointer cannot reach while a twin can (page/hiddenTwins.ts), and for `-C` the
 * scripts around the snapshot that give list items and labels refs (page/refTargets.ts). The interactive row is
 * the outcome, exactly as if it ran alone; the rest only adds naming, and a step that cannot answer adds none. After
 * a click that left the page changing (pageSettle.ts), it first waits for the DOM to go quiet (at most the cap) and
 * says when it did not (`settle`). Runs inside the session's pinned tab when there is one; skipped where probes are (mayProbe) and for `--delta`.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import type { OverlayBlockers } from "../../schema/PageDiagnostics.js"
import { overlayBlockersOf } from "../../snapshot/overlayBlockers.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { markScript, readRefTargets, scopeOf, UNMARK_SCRIPT, wantsRefTargets, withoutRefTargetFlags } from "../../page/refTargets.js"
import { targetOf } from "../../session/target.js"
import { controlContexts, treeTextChars, unnamedControlRefs } from "../../snapshot/controlContext.js"
import { HIDDEN_TWINS_EXPRESSION, hiddenNote, hiddenTwinsOf } from "../../page/hiddenTwins.js"
import { pageSettleOf, quietSinceExpression } from "../../page/pageSettle.js"
import type { PageSettle } from "../../schema/PageDiagnostics.js"
import { mayProbe } from "../../session/mayProbe.js"

export interface NamedSnapshot {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  readonly naming: SnapshotNaming | undefined
  /** An open dialog in the full tree, with the controls that read like closing it. */
  readonly overlayBlockers?: OverlayBlockers
  /** The page was still changing (after a click) when the snapshot was taken. */
  readonly settle?: PageSettle
}

const isInteractive = (argv: ReadonlyArray<string>): boolean => argv.includes("-i") || argv.includes("--interactive")

const snapshotText = (row: StepRow | undefined): string | undefined => {
  if (row?.success !== true || row.result === null || typeof row.result !== "object") return undefined
  const text = (row.result as Record<string, unknown>)["snapshot"]
  return typeof text === "string" ? text : undefined
}

const evalResult = (row: StepRow | undefined): unknown =>
  row?.success === true && row.result !== null && typeof row.result === "object" ? (row.result as Record<string, unknown>)["result"] : undefined

/** Runs the interactive snapshot with its naming reads; undefined when the plan is not one (it then runs as usual). */
export const runNamedSnapshot = (plan: Plan) =>
  Effect.gen(function*() {
    const argv = plan.line.positionals
    if (plan.line.command !== "snapshot" || plan.sessionName === undefined || plan.stdin !== undefined) return undefined
    if (!isInteractive(argv) || argv.includes("--delta") || !mayProbe(plan)) return undefined
    const registry = yield* SessionRegistry
    const pinned = (yield* registry.view(plan.sessionName)).pinnedTab
    const mark = wantsRefTargets(argv)
    const steps = [
      ...(pinned !== undefined ? [["tab", pinned]] : []),
      // a page a click left changing is read once it went quiet (no wait without a click's watch)
      ["eval", quietSinceExpression({ end: true, onlyIfLate: false })],
      ...(mark ? [["eval", markScript(scopeOf(argv))]] : []),
      withoutRefTargetFlags(argv),
      ["snapshot"],
      ["eval", HIDDEN_TWINS_EXPRESSION],
      ...(mark ? [["eval", UNMARK_SCRIPT]] : [])
    ]
    const ran = yield* Effect.either((yield* SessionCommands).batch(targetOf(plan), steps, { timeoutMs: plan.timeoutMs, failFast: false }))
    // a reply that is not a batch at all: the snapshot runs alone instead
    if (Either.isLeft(ran)) return ran.left._tag === "ParseFailure" ? undefined : ({ replied: Either.left(ran.left), naming: undefined } satisfies NamedSnapshot)
    const rows = ran.right
    if (pinned !== undefined && rows[0]?.success !== true) {
      // the pinned tab is gone: forget it and let the command run normally
      yield* registry.dropPin(plan.sessionName)
      return undefined
    }
    const at = (pinned !== undefined ? 2 : 1) + (mark ? 1 : 0)
    const settle = pageSettleOf(evalResult(rows[at - 1 - (mark ? 1 : 0)]))
    const row = rows[at]
    if (row === undefined) return undefined
    if (!row.success) return { replied: Either.left(row.error), naming: undefined } satisfies NamedSnapshot
    const replied: Either.Either<UpstreamOutcome, CommandError> = Either.right({ kind: "single", data: row.result, warning: undefined })
    const unsettled = settle !== undefined && !settle.settled ? { settle } : {}
    const tree = snapshotText(row) ?? ""
    const full = snapshotText(rows[at + 1])
    const unnamed = unnamedControlRefs(tree)
    const named = full !== undefined && unnamed.length > 0 ? controlContexts(full, unnamed) : {}
    // a ref a pointer cannot reach while its twin (same role and name) can is said on its line, with the twin
    const hidden = hiddenTwinsOf(tree, evalResult(rows[at + 2]))
    const contexts = { ...named }
    for (const [ref, twin] of hidden) contexts[ref] = contexts[ref] !== undefined ? `${contexts[ref]}; ${hiddenNote(twin)}` : hiddenNote(twin)
    const targets = mark ? readRefTargets(evalResult(rows[at - 1])) : undefined
    const pageTextChars = full !== undefined ? treeTextChars(full) : undefined
    const naming: SnapshotNaming | undefined = Object.keys(contexts).length > 0 || targets !== undefined || pageTextChars !== undefined
      ? { contexts, ...(targets !== undefined ? { targets } : {}), ...(hidden.size > 0 ? { hidden: Object.fromEntries(hidden) } : {}), ...(pageTextChars !== undefined ? { pageTextChars } : {}) }
      : undefined
    const overlay = full !== undefined ? overlayBlockersOf(full) : undefined
    return {
      replied,
      naming,
      ...(overlay !== undefined ? { overlayBlockers: overlay } : {}),
      ...unsettled
    } satisfies NamedSnapshot
  })
