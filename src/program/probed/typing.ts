/**
 * `type|keyboard type|keyboard inserttext`: what the field holds after it; typed key by key (keyedTypingOf), also the
 * text its keys made appear and the dialogs they opened, read once the short timers their events started ran
 * (page/typeReadback.ts, page/typedEffects.ts).
 */
import * as Effect from "effect/Effect"
import { field } from "../../page/appearedText.js"
import { afterEventTimers } from "../../page/fillTimers.js"
import { KEYED_WATCH_INSTALL, KEYED_WATCH_READ, typedSaidOf } from "../../page/typedEffects.js"
import { fillReadScript } from "../../page/fillReadback.js"
import { keyedRowOf, keyedTypingOf, typedHoldsOf, typeTargetOf } from "../../page/typeReadback.js"
import { evalAt, plain, type ProbeKind, replyOf } from "./probed.js"

export const typingProbe: ProbeKind = {
  commands: ["type", "keyboard"],
  applies: (argv) => typeTargetOf(argv) !== undefined,
  probes: ({ plan }) => {
    const typed = typeTargetOf(plan.line.positionals)
    if (typed === undefined) return undefined
    const keyed = keyedTypingOf(plan.line.positionals)
    const rows =
      keyed === undefined
        ? { before: [], after: [["eval", fillReadScript(typed)]] }
        : {
            before: [["eval", KEYED_WATCH_INSTALL]],
            after: [
              ["eval", afterEventTimers(fillReadScript(typed))],
              ["eval", KEYED_WATCH_READ]
            ],
            bail: true,
            command: keyed.rows
          }
    return {
      ...rows,
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        // typed key by key: its rows as one (the first that failed, or the typing)
        const row = keyed !== undefined ? keyedRowOf(ran.rows, ran.at, keyed, ran.row) : ran.row
        if (!row.success) return Effect.succeed(plain(replyOf(row)))
        const read = ran.at + (keyed?.rows.length ?? 1)
        const fieldHolds = typedHoldsOf(typed, evalAt(ran, read))
        // a password field's read answers no value: what the keys made appear is said without the typed text
        const password = field(evalAt(ran, read), "password") === true ? typed.text : undefined
        const said = typedSaidOf(evalAt(ran, ran.at - 1), evalAt(ran, read + 1), fieldHolds, password)
        return Effect.succeed(plain(replyOf(row, { ...(fieldHolds !== undefined ? { fieldHolds } : {}), ...said })))
      }
    }
  }
}
