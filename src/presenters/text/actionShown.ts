/**
 * An action's head line where the plan or the outcome knows more than upstream's answer: a text click the page
 * resolved (the element, by role and name), a fill that set a slider or did not take; entered for those two commands
 * alone (formatSuccess.ts decides); and what a filled or typed-into field now holds (entered when it was read). Pure.
 */
import type { FieldHolds, UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { rangeFillText } from "../../page/fillGuard.js"
import { type Part, type Parts, page } from "./contentBoundary.js"
import { type Formatted, formatted } from "./contentBoundary.js"
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
    return { text, summary: `fill ${target}: ${outcome.rangeFill.field ?? "slider"} set` }
  }
  if (outcome.fillVerification?.notTaken !== true) return undefined
  return { text: `The fill did not take on ${target}.`, summary: `fill ${target}: not taken` }
}

/** A value this long or longer is said by its start and its length. */
const HOLDS_CUT = 80

/**
 * What the field holds after a fill, `type` or `keyboard` insert, or a select that shows other options than asked
 * (read in the same process), as a clause after the action's head: the model's own text as written, the page's other
 * value as page text; a long one by its start.
 */
export const fieldHoldsWords = (command: string, holds: FieldHolds): Parts => {
  const chars = [...holds.value]
  const start = chars.length >= HOLDS_CUT ? `${chars.slice(0, 60).join("")}…` : holds.value
  const quoted = JSON.stringify(start)
  const value: Part = holds.own ? quoted : page(quoted)
  const length = start !== holds.value ? [` (${chars.length} characters)`] : []
  // the browser's words for a value the field rejects: the page would not submit it as it is
  const invalid =
    holds.invalid !== undefined ? [", which the browser marks invalid: ", page(JSON.stringify(holds.invalid))] : []
  if (command === "fill" || command === "find")
    return [holds.formatted ? ": the page formatted it as " : ": it now holds ", value, ...length, ...invalid]
  // a select the page set to other options than asked (its change handler put one back)
  if (command === "select") return [", but it now shows ", value, ...length]
  const field = holds.field === undefined || holds.field === "iframe body" ? "The focused field" : holds.field
  return [` ${command === "keyboard" ? field : "It"} now holds `, value, ...length, "."]
}
