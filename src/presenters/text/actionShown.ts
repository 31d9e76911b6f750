/**
 * An action's head line where the plan or the outcome knows more than upstream's answer: a text click the page
 * resolved (the element, by role and name), a fill that set a slider or did not take; entered for those two commands
 * alone (formatSuccess.ts decides). Pure.
 */
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { rangeFillText } from "../../page/fillGuard.js"
import { type Formatted, formatted } from "./formatted.js"
import { textClickWords } from "./textClickWords.js"

/** A text click the page resolved first (page/textPick.ts): the element clicked, by role and name, and the others. */
export const textClickShown = (r: NonNullable<Plan["resolvedText"]>): Formatted =>
  formatted(textClickWords(r), `Clicked ${r.role} ${JSON.stringify(r.name)}`)

/** A fill that set a slider, or that did not take (its reasons follow in the fill check line), said as such. */
export const fillShown = (
  positionals: ReadonlyArray<string>,
  outcome: Extract<UpstreamOutcome, { kind: "single" }>
): Formatted | undefined => {
  const target = positionals[1] ?? ""
  if (outcome.rangeFill !== undefined) {
    const text = rangeFillText(target, outcome.rangeFill, positionals.slice(2).join(" "))
    return { text, summary: `fill ${target}: slider set` }
  }
  if (outcome.fillVerification?.notTaken !== true) return undefined
  return { text: `The fill did not take on ${target}.`, summary: `fill ${target}: not taken` }
}
