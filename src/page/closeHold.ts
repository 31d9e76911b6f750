/**
 * A page closing its own tab (`window.close`: a sign-in popup's "Done") during an action: the close is held until the
 * action's read has answered, so no upstream command is in flight on the tab when it goes (agent-browser 0.41.2 waits
 * 30 s for the answer a closed tab never sends). Shared by the click's recorder (clickRecorder.ts) and the key press's
 * watch (clickEffects.ts). Pure: the page statements and the decoding of the read's `closing` field.
 */

/** A page's own window.close during the action is held at most this long for the action's read (normally ms). */
const CLOSE_HELD_MS = 2_000

/**
 * Page statements, on a watch `rec` whose `rec.off` is already set: `window.close` held (`rec.closeHeld` set when the
 * page called it; at most CLOSE_HELD_MS, when no read comes), `rec.closeNow()` closing the tab, `rec.off` chained to
 * give the page its own `window.close` back.
 */
export const CLOSE_HOLD_INSTALL: string = `{
const ownClose = window.close;
window.close = function () {
  if (rec.closeHeld === undefined) rec.closeHeld = setTimeout(() => rec.closeNow(), ${CLOSE_HELD_MS});
};
rec.closeNow = () => { clearTimeout(rec.closeHeld); ownClose.call(window); };
const offBeforeClose = rec.off;
rec.off = () => { window.close = ownClose; offBeforeClose(); };
}`

/**
 * The read's `closing` field, in the page: a window a script opened, or with no history, is one its page may close
 * (the browser refuses others).
 */
export const CLOSING_EXPRESSION = "{ closable: !!window.opener || history.length <= 1 }"

/**
 * Page statement, last in the read before it answers, on the same watch `rec` as CLOSE_HOLD_INSTALL (absent on a new
 * document): a held close runs once the read has answered (the batch then ends: no later step may run on the tab as it
 * goes).
 */
export const CLOSE_AFTER_READ = "if (rec && rec.closeHeld !== undefined) setTimeout(rec.closeNow, 0);"

/** The page closed its own tab during the action; `closable`: the browser lets it (CLOSING_EXPRESSION). */
export interface ClosingTab {
  readonly closable: boolean
}

/** The read's `closing` field, or undefined when the page did not close its tab. */
export const closingTabOf = (value: unknown): ClosingTab | undefined =>
  value !== null && typeof value === "object"
    ? { closable: (value as Record<string, unknown>)["closable"] === true }
    : undefined
