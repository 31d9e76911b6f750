/**
 * A job or batch step `check|uncheck <sel>` with the same guard as a direct one (page/checkGuard.ts): a ref the latest
 * snapshot lists as another kind of control is refused before anything is sent; a CSS target runs behind the guard's
 * read in one upstream process that stops at its first failed step, so a target that is no box is refused and the
 * check never runs; a ref runs behind upstream's reads of whether it is enabled and checked, so a disabled box is said
 * as such. A box is checked exactly as before; one whose page went on to another document before upstream read it
 * back is said with that page, as a direct check (page/checkReadBack.ts).
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { type CheckTarget, checkProbeRows, checkRefusedAt, refCheckRefusal } from "../../page/checkGuard.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { EVENT_WATCH_INSTALL, EVENT_WATCH_STILL_ON } from "../../page/fillTimers.js"
import { lostAfterClick, readBackLost } from "../probed/check.js"

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
    const guard = checkProbeRows(check.selector)
    // the watch marks the box's document (and is taken off after the check): a box upstream loses once it clicked
    // it is read back on the page then (probed/check.ts)
    const before = [...guard, ["eval", EVENT_WATCH_INSTALL]]
    const steps = [...before, row, ["eval", EVENT_WATCH_STILL_ON]]
    const rows = yield* commands.batch(target, steps, { timeoutMs, failFast: true })
    const found = checkRefusedAt(check, rows, guard.length, refs)
    if (found !== undefined) return yield* found
    const own = rows[before.length]
    // the guard's read could not run (not a refusal): the step runs as it would have
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) {
      const back = lostAfterClick(check, rows, guard.length, own.error)
        ? yield* readBackLost(target, check, own.error)
        : undefined
      if (back === "same") return yield* commands.run(target, row, { timeoutMs })
      if (back === undefined) return yield* own.error
      return { ...back.outcome, landed: { title: back.page.title, url: back.page.url } } satisfies UpstreamOutcome
    }
    return { kind: "single", data: own.result, warning: own.warning } satisfies UpstreamOutcome
  })
