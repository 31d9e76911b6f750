/**
 * `drag <src> <dst>`: whether an HTML5 drag was dropped (a drop no element took is refused), and the text it made
 * appear, a card's new column (page/dragWatch.ts), and where the moved element landed when not where it was aimed
 * (page/dragLanding.ts).
 */
import * as Effect from "effect/Effect"
import { field, shownEffectsOf } from "../../page/appearedText.js"
import { withDragMiss } from "../../page/dragLanding.js"
import {
  DRAG_WATCH_INSTALL,
  DRAG_WATCH_READ,
  dragRefusedOf,
  dragUnseenOf,
  isDragCommand
} from "../../page/dragWatch.js"
import { evalAt, plain, type ProbeKind, refused, replyOf } from "./probed.js"
import { shownSaid } from "./timedAction.js"

/**
 * What a drag's read (`after`) says it did: the text it made appear or go, or, with no dragstart and nothing new on the
 * page, that (the element may not be one the page drags). A direct drag and a job's drag step say the same.
 */
export const dragSaid = (after: unknown) => {
  const shown = shownEffectsOf(field(after, "appeared"))
  return dragUnseenOf(after, shown) ? { effects: { noDragStart: true as const } } : shownSaid(field(after, "appeared"))
}

export const dragProbe: ProbeKind = {
  commands: ["drag"],
  applies: isDragCommand,
  probes: ({ plan }) => {
    if (!isDragCommand(plan.line.positionals)) return undefined
    return {
      before: DRAG_WATCH_INSTALL.map((js) => ["eval", js]),
      after: [["eval", DRAG_WATCH_READ]],
      read: (ran) => {
        const after = evalAt(ran, ran.at + 1)
        const refusal = dragRefusedOf(after, plan.line.positionals[2] ?? "")
        if (refusal !== undefined) return Effect.succeed(refused(refusal))
        if (ran.row === undefined) return Effect.succeed(undefined)
        // where the moved element landed, when not where it was aimed (page/dragLanding.ts)
        const data = ran.row.success ? withDragMiss(ran.row.result, after) : undefined
        return Effect.succeed(plain(replyOf(ran.row, dragSaid(after), data)))
      }
    }
  }
}
