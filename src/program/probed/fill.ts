/**
 * A web `fill`: the guard before it (a slider is set instead; the focused field noted), its read-back after it
 * (`fillVerification` when the field does not hold the text, what it holds when it does: page/fillProbe.ts), a native
 * date field that took no text typed again as its keys (dateKeysFill.ts), and, aimed at a combobox, whether its list
 * opened, read after a short settle (R6); the text it made appear or hid (a search box's suggestions: appearedText.ts;
 * once the short timers its events started ran: fillTimers.ts), and the suggestions it left open under the field, none
 * picked (fillSuggestions.ts); in a password field, only the text it made appear that does not hold the typed value.
 * A wrapper-launched Electron app checks its fills itself (electron/fillVerification.ts).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { withoutTexts } from "../../domain/ActionEffects.js"
import type { FieldHolds } from "../../domain/Outcome.js"
import { APPEARED_INSTALL, APPEARED_READ, field } from "../../page/appearedText.js"
import { COMBOBOX_FOCUS_EXPRESSION, comboboxFocusOf, isComboboxFill } from "../../page/comboboxFocus.js"
import { fillProbeOutcomeOf, fillProbeRows } from "../../page/fillProbe.js"
import { fillTargetOf } from "../../page/fillReadback.js"
import { suggestionsOf, suggestionsRead, withoutSuggestions } from "../../page/fillSuggestions.js"
import { FILL_TIMERS_INSTALL, FILL_TIMERS_SETTLE } from "../../page/fillTimers.js"
import { withSetRead } from "../../page/fillGuard.js"
import { refRows } from "../../page/fillRefReads.js"
import { typeDateKeys } from "./dateKeysFill.js"
import { evalAt, plain, type ProbeKind, type Rows, refused, replyOf } from "./probed.js"
import { shownSaid, withPending } from "./timedAction.js"

/** A combobox's list may open a moment after typing (debounced autocomplete): the focus read waits this long. */
const COMBOBOX_FILL_SETTLE_MS = 300

/**
 * The rows before the fill with the appeared watch and the watch of the short timers its events start
 * (page/fillTimers.ts) installed by the guard's step (the last one). A slider or picker field the guard set itself
 * (its step throws what it set, and the batch stops there) is read in that step: what its events made appear
 * (a tip's `<output>`), and the requests still out, added to what it throws (page/fillGuard.ts `withSetRead`).
 */
const withWatch = (rows: Rows): Rows =>
  rows.map((row, i) =>
    i === rows.length - 1 && row[0] === "eval"
      ? ["eval", `(${APPEARED_INSTALL}, ${FILL_TIMERS_INSTALL}, ${withSetRead(row[1] ?? "true", SET_READ)})`]
      : row
  )

/** The read of what a field the guard set made appear, once its events' timers ran (an async expression). */
const SET_READ = `(async () => { const { pending } = await ${FILL_TIMERS_SETTLE}; const w = ${APPEARED_READ};
  return { appeared: w ? w.appeared : undefined, pending }; })()`

/**
 * The rows after the fill with the watch's read added to the read-back's answer (the first row) as `appeared`, read
 * once the short timers the fill's events started ran (a message the page shows 300 ms after typing stops), and the
 * suggestions left open under the field (page/fillSuggestions.ts) as `suggestions`.
 */
const withWatchRead = (rows: Rows, selector: string | undefined): Rows =>
  rows.map((row, i) =>
    i === 0 && row[0] === "eval"
      ? [
          "eval",
          `(async () => { const read = ${row[1]}; const { pending } = await ${FILL_TIMERS_SETTLE};
  const w = ${APPEARED_READ};
  return read !== null && typeof read === "object" && w
    ? { ...read, appeared: w.appeared, suggestions: ${suggestionsRead(selector)}, pending } : read; })()`
        ]
      : row
  )

/**
 * What the fill made appear or hid; none for an editor whose only new text is the filled text (a contenteditable shows
 * the filled words as its text, and hides what it held: said as what it now holds). Suggestions it left open under the
 * field are said as such (none picked), their list's text not again as new text.
 */
const fillShownOf = (text: string, editor: boolean, read: unknown) => {
  const said = shownSaid(field(read, "appeared"))
  const appeared = said.effects?.appeared
  const own =
    appeared === undefined ||
    (appeared.count === appeared.first.length && appeared.first.every((t) => text.includes(t)))
  const open = suggestionsOf(field(read, "suggestions"))
  if (open === undefined) return editor && own ? {} : said
  // the suggestions said as such: their list's text is not said again as new text
  const rest = withoutSuggestions(appeared, open.list, open.suggestions.first)
  const { appeared: _, ...others } = said.effects ?? {}
  return { effects: { ...others, ...(rest !== undefined ? { appeared: rest } : {}), suggestions: open.suggestions } }
}

/**
 * In a password field (or one named like a secret), the text the fill made appear (a strength meter, "passwords
 * match"), less any text that holds the typed value (a page may show what was typed); the text it hid is not said (it
 * may hold an earlier value). The Redactor scrubs that value from every text too (redactArgs.ts learns it).
 */
export const passwordShownOf = (text: string, read: unknown) => {
  const shown = shownSaid(field(read, "appeared")).effects?.appeared
  const appeared = withoutTexts(shown, (t) => text !== "" && t.includes(text))
  return appeared !== undefined ? { effects: { appeared } } : {}
}

/** What the field holds after the fill: the typed text, or the page's format of it; with the browser's words. */
const holdsOf = (held: string, text: string, invalid: string | undefined): FieldHolds => ({
  value: held,
  own: held === text,
  ...(held !== text ? { formatted: true as const } : {}),
  ...(invalid ? { invalid } : {})
})

export const fillProbe: ProbeKind = {
  commands: ["fill", "find"],
  applies: (argv) => fillTargetOf(argv) !== undefined,
  probes: ({ plan, session, refs, electronApp }) => {
    const fill = electronApp ? undefined : fillTargetOf(plan.line.positionals)
    if (fill === undefined) return undefined
    const combobox = isComboboxFill(plan.line, refs)
    const rows = fillProbeRows(fill, refs?.refs.get(fill.selector?.replace(/^@/, "") ?? "")?.role)
    const settle = [
      ["wait", String(COMBOBOX_FILL_SETTLE_MS)],
      ["eval", COMBOBOX_FOCUS_EXPRESSION]
    ]
    // the text the fill made appear or hid (suggestions under a search box, a field's message): watched from the
    // guard's own step to the read-back's (no more rows); a password's or a field named like a secret's without the
    // typed value (a `{{secret:…}}` fill has no target here, and is never watched)
    return {
      before: withWatch(rows.before),
      after: [...withWatchRead(rows.after, fill.selector), ...(combobox ? settle : [])],
      bail: true,
      read: (ran) =>
        Effect.gen(function* () {
          const filled = fillProbeOutcomeOf(fill, ran.rows, ran.at)
          if (filled.kind === "range") {
            if (filled.refused !== undefined) return refused(filled.refused)
            const set = { kind: "single" as const, data: { filled: fill.selector }, warning: undefined }
            const guard = ran.rows[ran.at - 1]
            const thrown = guard !== undefined && !guard.success ? guard.thrown : undefined
            const shown = withPending(shownSaid(field(thrown, "appeared")), thrown)
            return plain(Either.right({ ...set, rangeFill: filled.range, ...shown }))
          }
          const row = ran.row
          if (row === undefined) return undefined
          if (!row.success) return plain(replyOf(row))
          // a native date field takes keys, not text: typed as its keys in one more batch, said so
          const keys = filled.verification?.dateKeys
          const dated = keys !== undefined ? yield* typeDateKeys(plan, session, fill, keys) : undefined
          const held = dated ?? filled.held
          const invalid = dated === undefined ? filled.invalid : undefined
          const extra = {
            ...(dated === undefined && filled.verification !== undefined
              ? { fillVerification: filled.verification }
              : {}),
            ...(filled.notVerifiable !== undefined ? { fillNotVerifiable: filled.notVerifiable } : {}),
            // the model's own text, or as the page formatted it (fillReasons.ts formattedAs)
            ...(held !== undefined ? { fieldHolds: holdsOf(held, fill.text, invalid) } : {})
          }
          const data = dated !== undefined ? { filled: fill.selector, typedKeys: keys } : undefined
          const focus = combobox ? comboboxFocusOf(evalAt(ran, ran.at + 3 + refRows(fill).length), "fill") : undefined
          const read = evalAt(ran, ran.at + 1)
          const editor = field(read, "via") === "text"
          const shown = withPending(
            fill.secret === true || field(read, "password") === true
              ? passwordShownOf(fill.text, read)
              : fillShownOf(fill.text, editor, read),
            read
          )
          const replied = replyOf(row, { ...extra, ...shown }, data)
          return { replied, check: focus !== undefined ? { comboboxFocus: focus } : {} }
        })
    }
  }
}
