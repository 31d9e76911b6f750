/**
 * What a command typed key by key (typeReadback.ts) did besides filling its field, watched in the same upstream batch:
 * text its keys made appear (appearedText.ts: an autocomplete's suggestions), and the JavaScript dialogs its keys
 * opened (actionWatches.ts: the click's log; upstream accepts an alert and says nothing of it on the key's row). The
 * watch first takes the alerts logged before it (they opened after the previous action), so the read after the keys
 * has only the typing's own. The reads come once the short timers the keys' events started ran (fillTimers.ts, as a
 * fill's: a name checked 300 ms after typing stops). Pure: the page statements and the decoding of their answers.
 */
import { type ActionEffects, withoutTexts } from "../domain/ActionEffects.js"
import type { FieldHolds } from "../domain/Outcome.js"
import type { JsDialog } from "../domain/JsDialog.js"
import { APPEARED_INSTALL, APPEARED_READ, field, shownEffectsOf } from "./appearedText.js"
import { JS_DIALOG_LOG_INSTALL, JS_DIALOG_LOG_TAKE, jsDialogsSaid } from "./actionWatches.js"
import { FILL_TIMERS_INSTALL } from "./fillTimers.js"
import { compactScript } from "./compactScript.js"

/**
 * Installs the watches (the step before the keys), the short timers' too; answers `{ earlier }`, the dialogs logged
 * before them.
 */
export const KEYED_WATCH_INSTALL: string = compactScript(`(() => {
const earlier = ${JS_DIALOG_LOG_TAKE};
${JS_DIALOG_LOG_INSTALL}
${APPEARED_INSTALL};
${FILL_TIMERS_INSTALL};
return { earlier };
})()`)

/** Reads both watches after the keys: `{ appeared, jsDialogs }`. */
export const KEYED_WATCH_READ: string = `(() => {
const read = ${APPEARED_READ};
return { ...(read || {}), jsDialogs: ${JS_DIALOG_LOG_TAKE} };
})()`

/** What the typing did, from the watch's install answer and its read: the outcome's extra fields. */
export interface TypedSaid {
  readonly effects?: ActionEffects
  readonly jsDialogs?: { readonly opened: ReadonlyArray<JsDialog>; readonly earlier: ReadonlyArray<JsDialog> }
}

/**
 * Texts said (that appeared, or went away) other than the field's own value (a contenteditable's typed text); in a
 * password field (`password`: the typed text), only those that appeared and do not hold it (a page may show it).
 */
export const typedSaidOf = (
  installed: unknown,
  read: unknown,
  holds: FieldHolds | undefined,
  password?: string
): TypedSaid => {
  const shown = shownEffectsOf(field(read, "appeared"))
  const own = (t: string) =>
    password !== undefined ? password !== "" && t.includes(password) : t === holds?.value.trim()
  const appeared = withoutTexts(shown.appeared, own)
  const hidden = password !== undefined ? undefined : withoutTexts(shown.hidden, own)
  const effects = {
    ...(appeared !== undefined ? { appeared } : {}),
    ...(hidden !== undefined ? { hidden } : {}),
    ...(shown.controlsAppeared !== undefined ? { controlsAppeared: shown.controlsAppeared } : {})
  }
  const jsDialogs = jsDialogsSaid(field(read, "jsDialogs"), field(installed, "earlier"))
  return {
    ...(Object.keys(effects).length > 0 ? { effects } : {}),
    ...(jsDialogs !== undefined ? { jsDialogs } : {})
  }
}
