/**
 * `check|uncheck`: a CSS target that is no box, or a disabled box, is refused by the step before it; a ref is read
 * with upstream's own `is enabled` and `is checked` first; a ref the snapshot lists as another kind of control is
 * refused before anything is sent (page/checkGuard.ts). Once the guard let it through, a watch around it says the
 * text its change made appear or hid (a filter that narrows a list: appearedText.ts).
 */
import * as Effect from "effect/Effect"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { field } from "../../page/appearedText.js"
import { EVENT_WATCH_INSTALL, EVENT_WATCH_READ, stayedOf } from "../../page/fillTimers.js"
import { checkProbeRows, checkRefusedAt, checkTargetOf, refCheckRefusal } from "../../page/checkGuard.js"
import { evalAt, plain, type ProbeKind, refused, replyOf } from "./probed.js"
import { shownSaid, withPending } from "./timedAction.js"

/** A check aimed at a ref the snapshot lists as another kind of control: its refusal (nothing is sent). */
export const refusedCheck = (positionals: ReadonlyArray<string>, refs: RefSnapshot | undefined) =>
  refCheckRefusal(checkTargetOf(positionals), refs)

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
      read: (ran) => {
        // the guard's rows end just before the watch's install
        const refusal = checkRefusedAt(check, ran.rows, ran.at - 1, refs)
        if (refusal !== undefined) return Effect.succeed(refused(refusal))
        if (ran.row === undefined) return Effect.succeed(undefined)
        const read = evalAt(ran, ran.at + 1)
        const said = ran.row.success ? withPending(shownSaid(field(read, "appeared")), read) : {}
        // its change handler left the page unless the read saw it stay (the read phase then reads where it went)
        return Effect.succeed({ ...plain(replyOf(ran.row, said)), ...stayedOf(read) })
      }
    }
  }
}
