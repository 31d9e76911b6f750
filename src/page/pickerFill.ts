/**
 * A fill on a native time, datetime-local, month, week or color field: upstream 0.41.2's fill types the text into it
 * and the field stays empty (a color field keeps #000000) while upstream answers success (seen on the raw binary;
 * found by bench:cases inputs.date-time-datetime, inputs.month-and-color). Such a field takes its value in one fixed
 * form (13:45, 2026-07, #ff8800), so the fill's guard (fillGuard.ts) sets it there, as for a slider: through the
 * input's own value setter with `input` and `change` events, as a picker's choice ends. A text in another form is
 * refused with the form the field takes (the browser would drop it), and nothing is set. The text is written into the
 * script only when it has the field's form (never another text, which may be a secret); one in the form that the
 * browser still drops (25:99) is put back and refused the same way. A date field keeps its own
 * path (typed as its keys: program/probed/dateKeysFill.ts). Pure.
 */

/** The form each picker field takes its value in: a pattern (the text is trimmed) and an example in words. */
export const PICKER_FORMS: Readonly<Record<string, { readonly pattern: RegExp; readonly example: string }>> = {
  time: { pattern: /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, example: "13:45 (HH:MM, 24-hour)" },
  "datetime-local": {
    pattern: /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
    example: "2026-03-15T13:45 (YYYY-MM-DDTHH:MM)"
  },
  month: { pattern: /^\d{4}-\d{2}$/, example: "2026-07 (YYYY-MM)" },
  week: { pattern: /^\d{4}-W\d{2}$/, example: "2026-W28 (YYYY-Www)" },
  color: { pattern: /^#[0-9a-fA-F]{6}$/, example: "#ff8800 (#rrggbb)" }
}

/** The texts (JSON, one per picker type) the script may set: only those in the field's form, or "" to clear it. */
const askedByType = (text: string): Record<string, string | null> =>
  Object.fromEntries(
    Object.entries(PICKER_FORMS).map(([type, form]) => {
      const t = text.trim()
      return [type, t === "" || form.pattern.test(t) ? t : null]
    })
  )

/**
 * Statements inside the fill guard's function, after `el` is found: on a picker field, sets it (or not, for a text in
 * another form) and throws `{ range: { field, value?, before, min, max } }` (the slider's shape, with its type).
 */
export const pickerFillStatements = (text: string, throwStatement: (expression: string) => string): string => `
  const pickers = ${JSON.stringify(askedByType(text))};
  const kind = el !== null && el.tagName === "INPUT" ? String(el.type).toLowerCase() : "";
  if (Object.prototype.hasOwnProperty.call(pickers, kind)) {
    const asked = pickers[kind], before = el.value, min = el.min || "", max = el.max || "";
    if (asked === null) ${throwStatement("{ range: { field: kind, before, min, max } }")};
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    setValue.call(el, asked);
    // a value in the form that the browser still drops (25:99, 2026-13): put back, said as not set
    if (asked !== "" && el.value === "") {
      setValue.call(el, before);
      ${throwStatement("{ range: { field: kind, before, min, max } }")};
    }
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    ${throwStatement("{ range: { field: kind, value: el.value, before, min, max } }")};
  }`

/** A field's value in words: `"13:45"`, or `nothing` when it is empty. */
const held = (value: string): string => (value === "" ? "nothing" : JSON.stringify(value))

/** The words for a picker's fill: what it holds now, or the form it takes (never the text: it may be secret). */
export const pickerFillText = (
  target: string,
  fill: { readonly field: string; readonly value?: string | undefined; readonly before: string }
): string => {
  const example = PICKER_FORMS[fill.field]?.example ?? "its own form"
  if (fill.value === undefined) {
    return (
      `${target} is a native ${fill.field} field: it takes a value like ${example}, so nothing was set (it holds ` +
      `${held(fill.before)}).`
    )
  }
  return `Set the ${fill.field} field ${target} to ${held(fill.value)} (it held ${held(fill.before)}).`
}
