/**
 * What to do after a fill that did not hold its text, per reason (fillReadback.ts): each advice is a step that works
 * on that kind of field (a native date field takes keys: a job's type step sends real ones, upstream/keystrokes.ts).
 * Pure.
 */
import type { FillVerification } from "../schema/PageDiagnostics.js"

export const fillAdvice = (v: FillVerification): string =>
  v.spilledInto !== undefined
    ? `Check both fields (snapshot -i): fill ${v.target} again, and ${v.spilledInto} with its own text.`
    : v.disabled === true
      ? "Take snapshot -i: close what disabled it (a popup or overlay), then fill again."
      : v.readOnly === true
        ? "Click it, then choose in what opens (snapshot -i)."
        : v.fieldType === "date"
          ? "Type its digits in the order it shows them with a job type step (real keys), " +
            `e.g. {"action":"type","selector":${JSON.stringify(v.target)},"text":"01152024"} ` +
            "for 2024-01-15 in a month/day/year field."
          : v.fieldType !== undefined
            ? `Type its parts in the order it shows them (snapshot -i) with a job type step (real keys) on ${v.target}.`
            : "Check the field (snapshot -i); for a custom widget, focus it and type with a job type step (real keys)."
