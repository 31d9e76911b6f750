/**
 * `select <css|ref> <values>`: an asked option that is disabled is refused by the step before it, and the select is
 * not sent (page/selectGuard.ts). After it: what the select shows when that is not what was asked (a change handler
 * put another option back: page/selectShown.ts), and the text its change made appear or hid (appearedText.ts).
 */
import * as Effect from "effect/Effect"
import { field } from "../../page/appearedText.js"
import { EVENT_WATCH_INSTALL, EVENT_WATCH_READ, stayedOf } from "../../page/fillTimers.js"
import { selectBeforeScript, selectGuardApplies, selectRefusedOf, selectTargetOf } from "../../page/selectGuard.js"
import { selectShownOf, selectShownScript } from "../../page/selectShown.js"
import { evalAt, plain, type ProbeKind, refused, replyOf } from "./probed.js"
import { shownSaid, withPending } from "./timedAction.js"

export const selectProbe: ProbeKind = {
  commands: ["select"],
  applies: selectGuardApplies,
  probes: ({ plan, refs }) => {
    const select = selectTargetOf(plan.line.positionals, refs)
    if (select === undefined) return undefined
    return {
      before: [
        ["eval", selectBeforeScript(select)],
        ["eval", EVENT_WATCH_INSTALL]
      ],
      after: [
        ["eval", selectShownScript(select)],
        ["eval", EVENT_WATCH_READ]
      ],
      bail: true,
      read: (ran) => {
        const refusal = selectRefusedOf(select, ran.rows[ran.at - 2])
        if (refusal !== undefined) return Effect.succeed(refused(refusal))
        if (ran.row === undefined) return Effect.succeed(undefined)
        if (!ran.row.success) return Effect.succeed(plain(replyOf(ran.row)))
        const shows = selectShownOf(evalAt(ran, ran.at + 1))
        const holds = shows !== undefined ? { fieldHolds: { value: shows, own: false } } : {}
        const read = evalAt(ran, ran.at + 2)
        const said = { ...holds, ...withPending(shownSaid(field(read, "appeared")), read) }
        // its change handler left the page unless the read saw it stay (the read phase then reads where it went)
        return Effect.succeed({ ...plain(replyOf(ran.row, said)), ...stayedOf(read) })
      }
    }
  }
}
