/**
 * A web `fill`: the guard before it (a slider is set instead; the focused field noted), its read-back after it
 * (`fillVerification` when the field does not hold the text, what it holds when it does: page/fillProbe.ts), a native
 * date field that took no text typed again as its keys (dateKeysFill.ts), and, aimed at a combobox, whether its list
 * opened, read after a short settle (R6), with the text and controls the fill made appear (its suggestions; their refs:
 * refs/newControls.ts). A wrapper-launched Electron app checks its fills itself
 * (electron/fillVerification.ts).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { APPEARED_INSTALL, APPEARED_READ } from "../../page/appearedText.js"
import { COMBOBOX_FOCUS_EXPRESSION, comboboxFocusOf, isComboboxFill } from "../../page/comboboxFocus.js"
import { fillProbeOutcomeOf, fillProbeRows } from "../../page/fillProbe.js"
import { fillTargetOf } from "../../page/fillReadback.js"
import { refRows } from "../../page/fillRefReads.js"
import { typedSaidOf } from "../../page/typedEffects.js"
import { typeDateKeys } from "./dateKeysFill.js"
import { evalAt, plain, type ProbeKind, refused, replyOf } from "./probed.js"

/** A combobox's list may open a moment after typing (debounced autocomplete): the focus read waits this long. */
const COMBOBOX_FILL_SETTLE_MS = 300

export const fillProbe: ProbeKind = {
  commands: ["fill", "find"],
  applies: (argv) => fillTargetOf(argv) !== undefined,
  probes: ({ plan, session, refs, electronApp }) => {
    const fill = electronApp ? undefined : fillTargetOf(plan.line.positionals)
    if (fill === undefined) return undefined
    const combobox = isComboboxFill(plan.line, refs)
    const rows = fillProbeRows(fill, refs?.refs.get(fill.selector?.replace(/^@/, "") ?? "")?.role)
    // aimed at a combobox: its list read after a settle, and what the fill made appear (its suggestions, their refs)
    const settle = [
      ["wait", String(COMBOBOX_FILL_SETTLE_MS)],
      ["eval", COMBOBOX_FOCUS_EXPRESSION],
      ["eval", APPEARED_READ]
    ]
    return {
      before: combobox ? [["eval", APPEARED_INSTALL], ...rows.before] : rows.before,
      after: [...rows.after, ...(combobox ? settle : [])],
      bail: true,
      read: (ran) =>
        Effect.gen(function* () {
          const filled = fillProbeOutcomeOf(fill, ran.rows, ran.at)
          if (filled.kind === "range") {
            if (filled.refused !== undefined) return refused(filled.refused)
            const set = { kind: "single" as const, data: { filled: fill.selector }, warning: undefined }
            return plain(Either.right({ ...set, rangeFill: filled.range }))
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
            ...(held !== undefined ? { fieldHolds: { value: held, own: true, ...(invalid ? { invalid } : {}) } } : {})
          }
          const data = dated !== undefined ? { filled: fill.selector, typedKeys: keys } : undefined
          const focusAt = ran.at + 3 + refRows(fill).length
          const focus = combobox ? comboboxFocusOf(evalAt(ran, focusAt), "fill") : undefined
          const shown = combobox
            ? typedSaidOf(
                undefined,
                evalAt(ran, focusAt + 1),
                held !== undefined ? { value: held, own: true } : undefined
              ).effects
            : undefined
          const said = { ...extra, ...(shown !== undefined ? { effects: shown } : {}) }
          return { replied: replyOf(row, said, data), check: focus !== undefined ? { comboboxFocus: focus } : {} }
        })
    }
  }
}
