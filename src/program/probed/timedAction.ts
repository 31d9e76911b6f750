/**
 * `hover|focus|scrollintoview`: the text it made appear or hid (a tooltip, a menu, a CSS `:hover` or `:focus-within`
 * rule's, a lazy section), read after the short timers its own events started (page/actionTimers.ts,
 * page/hoverReveal.ts, page/appearedText.ts).
 */
import * as Effect from "effect/Effect"
import type { ActionEffects } from "../../domain/ActionEffects.js"
import { pendingRequestsOf } from "../../page/actionWatches.js"
import { field, shownEffectsOf } from "../../page/appearedText.js"
import { isTimedAction, timedActionRows } from "../../page/actionTimers.js"
import { evalAt, plain, type ProbeKind, replyOf } from "./probed.js"

/** The text a watch saw appear or hide, as the outcome's effects (none when it saw nothing). */
export const shownSaid = (appeared: unknown) => {
  const shown = shownEffectsOf(appeared)
  return Object.keys(shown).length > 0 ? { effects: shown } : {}
}

/** `said` with the requests the action started that had not answered when the event watch read the page (`read`). */
export const withPending = (said: { readonly effects?: ActionEffects }, read: unknown) => {
  const late = pendingRequestsOf(field(read, "pending"))
  return late.pending === undefined ? said : { ...said, effects: { ...said.effects, ...late } }
}

export const timedActionProbe: ProbeKind = {
  commands: ["hover", "focus", "scrollintoview"],
  applies: isTimedAction,
  probes: ({ plan }) => {
    const rows = timedActionRows(plan.line.positionals)
    if (rows === undefined) return undefined
    return {
      ...rows,
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        return Effect.succeed(plain(replyOf(ran.row, shownSaid(field(evalAt(ran, ran.at + 1), "appeared")))))
      }
    }
  }
}
