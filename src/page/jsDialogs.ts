/**
 * JavaScript dialogs (`alert`, `confirm`, `prompt`) an action opened, with their messages. Upstream accepts an alert
 * by itself and says only `dialogOpened: true` (one flag for any number of dialogs, no message); a confirm or prompt
 * stays open and upstream's warning names it. The click's recorder installs a log once per document: `alert`,
 * `confirm` and `prompt` still run as the page called them (the browser's dialog opens and upstream handles it), each
 * call noted with its type, message and answer. The click's read takes what the click opened; an alert that opened
 * later (a timer after the click) is taken by the next click's recorder and said as opened after the previous
 * action. Pure: the page statements and the decoding (the words: presenters/text/jsDialogWords.ts).
 */
import type { JsDialog } from "../domain/JsDialog.js"

const LOG_KEY = `Symbol.for("pi-agent-browser.js-dialogs")`

/** Messages kept per document between two reads (a page that loops on alerts is cut there). */
const MAX_LOGGED = 10

/** Installs the log in the current document, once (a statement for the click's recorder). */
export const JS_DIALOG_LOG_INSTALL: string = `if (!window[${LOG_KEY}]) {
  const log = []; window[${LOG_KEY}] = log;
  for (const type of ["alert", "confirm", "prompt"]) {
    const own = window[type];
    if (typeof own !== "function") continue;
    window[type] = function (...a) {
      const entry = { type, message: String(a[0] === undefined ? "" : a[0]).slice(0, 300) };
      if (log.length < ${MAX_LOGGED}) log.push(entry);
      const answer = own.apply(this, a);
      const no = answer === null || answer === false;
      entry.answer = type === "alert" ? "accepted" : no ? "dismissed" : "accepted";
      return answer;
    };
  }
}`

/** Takes (and empties) the current document's log: an array expression, empty when nothing was logged. */
export const JS_DIALOG_LOG_TAKE =
  `(() => { const log = window[${LOG_KEY}]; ` + "return log ? log.splice(0, log.length) : []; })()"

/**
 * What an action's read says of dialogs: those it `opened` and the alerts logged before it (`earlier`, taken when its
 * watch was installed: a confirm or prompt would have blocked the page); undefined when there are none.
 */
export const jsDialogsSaid = (
  opened: unknown,
  earlier: unknown
): { readonly opened: ReadonlyArray<JsDialog>; readonly earlier: ReadonlyArray<JsDialog> } | undefined => {
  const now = jsDialogsOf(opened)
  const before = jsDialogsOf(earlier).filter((d) => d.type === "alert")
  return now.length > 0 || before.length > 0 ? { opened: now, earlier: before } : undefined
}

/** The logged dialogs from a read's value (none when it answered no array). */
export const jsDialogsOf = (value: unknown): ReadonlyArray<JsDialog> =>
  Array.isArray(value)
    ? value.flatMap((v): ReadonlyArray<JsDialog> => {
        if (v === null || typeof v !== "object") return []
        const { type, message, answer } = v as Record<string, unknown>
        if ((type !== "alert" && type !== "confirm" && type !== "prompt") || typeof message !== "string") return []
        return [{ type, message, ...(answer === "accepted" || answer === "dismissed" ? { answer } : {}) }]
      })
    : []
