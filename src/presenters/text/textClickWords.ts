/**
 * The words for a text click the page resolved first (page/textPick.ts): the element clicked, by role and name, how
 * many elements held the text, why this one (exact, clickable) and the first others; or, for a control inside a shadow
 * root, the ref it was clicked by and why. Names are the page's text. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import { page, type Part, type Parts } from "./contentBoundary.js"

type ResolvedText = NonNullable<Plan["resolvedText"]>

const quoted = (text: string): Part => page(JSON.stringify(text))

export const textClickWords = (r: ResolvedText): Parts => {
  const head: Parts = [`Clicked ${r.role} `, quoted(r.name)]
  if (r.shadowRef !== undefined)
    return [...head, ` (inside a shadow root, found as ${r.shadowRef}; upstream's text locator does not read there)`]
  if (r.count === 1) return [...head, " (the only element with text ", quoted(r.text), ")"]
  const why = [r.exact ? "exact" : "", r.clickable ? "clickable" : ""].filter((w) => w !== "").join(", ")
  const others = r.others.flatMap((o, i): Parts => [i === 0 ? "; also " : ", ", `${o.role} `, quoted(o.name)])
  const unnamed = r.count - 1 - r.others.length
  const counted = `: ${r.count} matched, this one ${why !== "" ? why : "first"}`
  return [...head, " (text ", quoted(r.text), counted, ...others, `${unnamed > 0 ? ` and ${unnamed} more` : ""})`]
}
