/**
 * `check|uncheck`: a CSS target that is no box, or a disabled box, is refused by the step before it; a ref is read
 * with upstream's own `is enabled` and `is checked` first; a ref the snapshot lists as another kind of control is
 * refused before anything is sent (page/checkGuard.ts). Once the guard let it through, a watch around it says the
 * text its change made appear or hid (a filter that narrows a list: appearedText.ts). A box the step before it found,
 * which upstream then could not read back, was clicked, and the page went on (a filter that reloads): it is not
 * checked again on whatever page is there; the page is read instead (page/checkReadBack.ts).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { type RefSnapshot, refIdOf } from "../../domain/RefSnapshot.js"
import { field } from "../../page/appearedText.js"
import { EVENT_WATCH_INSTALL, EVENT_WATCH_READ, stayedOf } from "../../page/fillTimers.js"
import {
  type CheckTarget,
  checkProbeRows,
  checkRefusedAt,
  checkTargetOf,
  refCheckRefusal,
  targetFoundAt
} from "../../page/checkGuard.js"
import { checkReadBackExpression, checkReadBackOf } from "../../page/checkReadBack.js"
import type { Plan } from "../../domain/Plan.js"
import { PAGE_NAVIGATED } from "../../schema/ToolError.js"
import type { CommandError } from "../../services/SessionCommands.js"
import { probeLoadedPage } from "../page/pageProbes.js"
import type { StepRow } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { targetOf } from "../../session/planRun.js"
import { evalAt, plain, type ProbeKind, type Probed, refused, replyOf, type SingleOutcome } from "./probed.js"
import { shownSaid, withPending } from "./timedAction.js"

/** A check aimed at a ref the snapshot lists as another kind of control: its refusal (nothing is sent). */
export const refusedCheck = (positionals: ReadonlyArray<string>, refs: RefSnapshot | undefined) =>
  refCheckRefusal(checkTargetOf(positionals), refs)

/**
 * Whether the check's own error means upstream clicked its box and then lost it as it read it back: a locator miss or
 * a lost context, after the rows before it (ending at `at`, as `checkRefusedAt`) found the box.
 */
export const lostAfterClick = (check: CheckTarget, rows: ReadonlyArray<StepRow>, at: number, error: CommandError) =>
  (error._tag === "SelectorNotFound" || (error._tag === "UpstreamFailed" && error.code === PAGE_NAVIGATED)) &&
  targetFoundAt(check, rows, at)

/**
 * The page after a check whose box upstream lost once it clicked it (`lostAfterClick`), read once it loaded: when it
 * left the box's document, the check as done, with the page it led to and the box's state there; `same` when it is
 * still that document (the page took the box away and put one back); undefined when it could not be read.
 */
export const readBackLost = (target: SessionTarget, check: CheckTarget, error: CommandError) =>
  Effect.gen(function* () {
    const css = refIdOf(check.selector) === undefined ? check.selector : undefined
    const read = yield* probeLoadedPage(target, checkReadBackExpression(css))
    const back = checkReadBackOf(read?.value)
    if (read === undefined || back === undefined) return undefined
    if (!back.left) return "same" as const
    const outcome: SingleOutcome = {
      kind: "single",
      data: { [`${check.command}ed`]: check.selector },
      warning: undefined,
      effects: { readBackLost: { target: check.selector, box: back.box, upstream: error.message } }
    }
    return { outcome, page: read.page }
  })

/**
 * A check whose box upstream lost once it clicked it: the page it led to is said (`readBackLost`); on the same document
 * it runs as usual, as it did; a page that could not be read keeps upstream's error.
 */
const readBack = (plan: Plan, check: CheckTarget, error: CommandError) =>
  Effect.map(readBackLost(targetOf(plan), check, error), (back): Probed | undefined =>
    back === "same"
      ? undefined
      : back === undefined
        ? refused(error)
        : { ...plain(Either.right(back.outcome)), landed: back.page }
  )

export const checkProbe: ProbeKind = {
  commands: ["check", "uncheck"],
  applies: (argv) => checkTargetOf(argv) !== undefined,
  probes: ({ plan, refs }) => {
    const check = checkTargetOf(plan.line.positionals)
    if (check === undefined) return undefined
    return {
      before: [...checkProbeRows(check.selector), ["eval", EVENT_WATCH_INSTALL]],
      after: [["eval", EVENT_WATCH_READ]],
      bail: true,
      // the guard's rows end just before the watch's install: a box it found was clicked before upstream missed it
      retriesMiss: (rows, at) => !targetFoundAt(check, rows, at - 1),
      read: (ran) => {
        const refusal = checkRefusedAt(check, ran.rows, ran.at - 1, refs)
        if (refusal !== undefined) return Effect.succeed(refused(refusal))
        if (ran.row === undefined) return Effect.succeed(undefined)
        if (!ran.row.success && lostAfterClick(check, ran.rows, ran.at - 1, ran.row.error))
          return readBack(plan, check, ran.row.error)
        const read = evalAt(ran, ran.at + 1)
        const said = ran.row.success ? withPending(shownSaid(field(read, "appeared")), read) : {}
        // its change handler left the page unless the read saw it stay (the read phase then reads where it went)
        return Effect.succeed({ ...plain(replyOf(ran.row, said)), ...stayedOf(read) })
      }
    }
  }
}
