/**
 * `mouse down|up|move`: where the pointer acted, the element there, and the text it made appear (page/mousePoint.ts).
 */
import * as Effect from "effect/Effect"
import { field, shownEffectsOf } from "../../page/appearedText.js"
import { isMousePointCommand, mousePointOf, mouseProbeRows } from "../../page/mousePoint.js"
import { evalAt, plain, type ProbeKind, replyOf } from "./probed.js"

export const mouseProbe: ProbeKind = {
  commands: ["mouse"],
  applies: isMousePointCommand,
  probes: ({ plan }) => {
    if (!isMousePointCommand(plan.line.positionals)) return undefined
    return {
      ...mouseProbeRows(plan.line.positionals),
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        if (!ran.row.success) return Effect.succeed(plain(replyOf(ran.row)))
        const pointer = mousePointOf(evalAt(ran, ran.at + 1))
        const shown = shownEffectsOf(field(evalAt(ran, ran.at + 2), "appeared"))
        const said =
          pointer !== undefined || Object.keys(shown).length > 0
            ? { effects: { ...(pointer !== undefined ? { pointer } : {}), ...shown } }
            : {}
        return Effect.succeed(plain(replyOf(ran.row, said)))
      }
    }
  }
}
