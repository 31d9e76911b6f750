/**
 * What to do after a fill that did not hold its text, per reason (fillReadback.ts): each advice is a step that works
 * on that kind of field (a native date field takes keys: a job's type step sends real ones, upstream/keystrokes.ts;
 * a read-only one is set by its picker, opened and seen in one job; a rich editor that kept its text is selected
 * all and typed over). Pure.
 */
import type { FillVerification } from "../schema/PageDiagnostics.js"

const typeStep = (target: string, text: string): string =>
  `{"action":"type","selector":${JSON.stringify(target)},"text":"${text}"}`

/** The advice for a field of a kind (read-only, a native date or time field), or undefined for any other. */
const kindAdvice = (v: FillVerification): string | undefined => {
  if (v.maxLength !== undefined)
    return (
      `The field takes at most ${v.maxLength} characters: if the cut text is not what you meant, fill a shorter ` +
      "one."
    )
  // seen on the raw binary: Control+a in the focused editor selects all of its text, and typing replaces it
  if (v.added === true)
    return (
      "To replace its text, select all of it and type over it in one job: " +
      `{"action":"press","selector":${JSON.stringify(v.target)},"text":"Control+a"}, then a type step with your ` +
      "text and no selector (real keys over the selection)."
    )
  if (v.readOnly === true)
    return (
      "Open it and see what opens in one job (a click step, then a snapshot step); then choose in it with one more " +
      "job (a date picker: its month buttons, then the day)."
    )
  if (v.dateKeys !== undefined)
    return (
      "Type it as the field's keys, in the order it shows its parts, with one job type step: " +
      `${typeStep(v.target, v.dateKeys)}.`
    )
  if (v.fieldType === "date")
    return (
      "Type its digits in the order it shows them with a job type step (real keys), " +
      `e.g. ${typeStep(v.target, "01152024")} for 2024-01-15 in a month/day/year field.`
    )
  if (v.fieldType !== undefined)
    return `Type its parts in the order it shows them (snapshot -i) with a job type step (real keys) on ${v.target}.`
  return undefined
}

export const fillAdvice = (v: FillVerification): string =>
  v.spilledInto !== undefined
    ? `Check both fields (snapshot -i): fill ${v.target} again, and ${v.spilledInto} with its own text.`
    : v.disabled === true
      ? "Take snapshot -i: close what disabled it (a popup or overlay), then fill again."
      : (kindAdvice(v) ?? "Check the field (snapshot -i); for a custom widget, type into it instead (real keys).")
