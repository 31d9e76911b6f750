/**
 * `hover|focus`: the text it made appear or hid: a tooltip, a menu, a CSS `:hover` or `:focus-within` rule's
 * (page/hoverReveal.ts, page/appearedText.ts).
 */
import * as Effect from "effect/Effect"
import { APPEARED_READ, appearedInstall, field, shownEffectsOf } from "../../page/appearedText.js"
import { cssTargetOf, flipsWatch } from "../../page/hoverReveal.js"
import { evalAt, plain, type ProbeKind, replyOf } from "./probed.js"

/** The text a watch saw appear or hide, as the outcome's effects (none when it saw nothing). */
export const shownSaid = (appeared: unknown) => {
  const shown = shownEffectsOf(appeared)
  return Object.keys(shown).length > 0 ? { effects: shown } : {}
}

export const hoverFocusProbe: ProbeKind = {
  commands: ["hover", "focus"],
  applies: (argv) => argv[0] === "hover" || argv[0] === "focus",
  probes: ({ plan }) => {
    if (plan.line.command !== "hover" && plan.line.command !== "focus") return undefined
    return {
      before: [["eval", appearedInstall(flipsWatch(cssTargetOf(plan.line.positionals)))]],
      after: [["eval", APPEARED_READ]],
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        return Effect.succeed(plain(replyOf(ran.row, shownSaid(field(evalAt(ran, ran.at + 1), "appeared")))))
      }
    }
  }
}
