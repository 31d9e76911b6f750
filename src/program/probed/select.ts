/**
 * `select <css|ref> <values>`: an asked option that is disabled is refused by the step before it, and the select is
 * not sent (page/selectGuard.ts).
 */
import * as Effect from "effect/Effect"
import { selectBeforeScript, selectGuardApplies, selectRefusedOf, selectTargetOf } from "../../page/selectGuard.js"
import { plain, type ProbeKind, refused, replyOf } from "./probed.js"

export const selectProbe: ProbeKind = {
  commands: ["select"],
  applies: selectGuardApplies,
  probes: ({ plan, refs }) => {
    const select = selectTargetOf(plan.line.positionals, refs)
    if (select === undefined) return undefined
    return {
      before: [["eval", selectBeforeScript(select)]],
      after: [],
      bail: true,
      read: (ran) => {
        const refusal = selectRefusedOf(select, ran.rows[ran.at - 1])
        if (refusal !== undefined) return Effect.succeed(refused(refusal))
        return Effect.succeed(ran.row === undefined ? undefined : plain(replyOf(ran.row)))
      }
    }
  }
}
