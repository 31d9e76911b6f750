/**
 * What a page did while it loaded, for an `open` in a running browser (program/page/fastOpen.ts): a script the browser
 * runs in the opened document before the page's own (CDP `Page.addScriptToEvaluateOnNewDocument`, registered on the
 * navigation's own connection, so it runs for that navigation only) notes its console errors and uncaught errors,
 * its console warnings (counted, the first few kept, cut short) and its JavaScript dialogs (the click's dialog log,
 * actionWatches.ts, installed early). The opened-page read takes the log once and stops it: a later read of the same
 * document (a same-document navigation) finds nothing, and what the page logs afterwards is not said as loading.
 * The first open of a session (its browser launched by upstream's open, before any script of the tool's could be
 * added) reads the same from upstream's own logs instead, taken in the open's own process (`console`, `errors`): the
 * same errors and warnings, kept and cut the same way; upstream keeps nothing of the alerts it accepted.
 * Pure: the page statements and the decoding of the read's answer and of upstream's logs.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"
import type { JsDialog } from "../domain/JsDialog.js"
import { CONSOLE_TEXT, norm1, remoteArgText, uncaughtText } from "./consoleText.js"
import { JS_DIALOG_LOG_INSTALL, JS_DIALOG_LOG_TAKE, jsDialogsOf } from "./actionWatches.js"

const LOG_KEY = `Symbol.for("pi-agent-browser.load-log")`

/** Errors kept (and said) per load; warnings kept; the length each is cut to. */
const MAX_ERRORS = 3
const MAX_WARNINGS = 2
const ERROR_CHARS = 200
const WARNING_CHARS = 120

/** The script the browser runs first in the opened document (non-enumerable, under a Symbol key). */
export const LOAD_LOG_SCRIPT: string = `(() => {
if (window[${LOG_KEY}]) return;
const log = { count: 0, errors: [], warnCount: 0, warnings: [], taken: false };
Object.defineProperty(window, ${LOG_KEY}, { value: log, configurable: true });
${CONSOLE_TEXT}
const keep = (list, m, max, cap) => { if (list.length < max) list.push(norm1(m).slice(0, cap)); };
const note = (m) => { if (!log.taken) { log.count++; keep(log.errors, m, ${MAX_ERRORS}, ${ERROR_CHARS}); } };
const ownError = console.error, ownWarn = console.warn;
console.error = function (...a) { try { note(a.map(text).join(" ")); } catch {} return ownError.apply(this, a); };
console.warn = function (...a) {
  try {
    if (!log.taken) { log.warnCount++; keep(log.warnings, a.map(text).join(" "), ${MAX_WARNINGS}, ${WARNING_CHARS}); }
  } catch {}
  return ownWarn.apply(this, a);
};
addEventListener("error", (e) => { try { note(e.message || (e.error ? text(e.error) : "Uncaught error")); } catch {} });
addEventListener("unhandledrejection", (e) => { try { note("Uncaught (in promise) " + text(e.reason)); } catch {} });
${JS_DIALOG_LOG_INSTALL}
})()`

/** Takes the log once (an expression for the opened-page read): undefined when there is none or nothing was noted. */
export const LOAD_LOG_TAKE: string = `(() => {
const log = window[${LOG_KEY}];
if (!log || log.taken) return undefined;
log.taken = true;
const dialogs = ${JS_DIALOG_LOG_TAKE};
return log.count + log.warnCount + dialogs.length === 0 ? undefined
  : { count: log.count, errors: log.errors, warnCount: log.warnCount, warnings: log.warnings, dialogs };
})()`

/** What the page did while loading: its console errors and warnings (as effects), and its dialogs. */
export interface LoadLog {
  readonly effects?: ActionEffects
  readonly dialogs: ReadonlyArray<JsDialog>
}

const texts = (v: unknown, max: number): ReadonlyArray<string> =>
  Array.isArray(v) ? v.filter((e): e is string => typeof e === "string").slice(0, max) : []

const counted = (count: unknown, first: ReadonlyArray<string>) =>
  typeof count === "number" && count > 0 ? { count, first } : undefined

/** The read's `loaded` field as a load log; undefined when the page noted nothing. */
export const loadLogOf = (value: unknown): LoadLog | undefined => {
  if (value === null || typeof value !== "object") return undefined
  const r = value as Record<string, unknown>
  const errors = counted(r["count"], texts(r["errors"], MAX_ERRORS))
  const warnings = counted(r["warnCount"], texts(r["warnings"], MAX_WARNINGS))
  const effects: ActionEffects = {
    ...(errors !== undefined ? { consoleErrors: errors } : {}),
    ...(warnings !== undefined ? { consoleLogs: warnings } : {})
  }
  const dialogs = jsDialogsOf(r["dialogs"])
  const noted = Object.keys(effects).length > 0
  if (!noted && dialogs.length === 0) return undefined
  return { ...(noted ? { effects } : {}), dialogs }
}

const rowsOf = (data: unknown, key: string): ReadonlyArray<Record<string, unknown>> => {
  const list = data !== null && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined
  return Array.isArray(list)
    ? list.filter((e): e is Record<string, unknown> => e !== null && typeof e === "object")
    : []
}

/** A console message of upstream's log as the page's script notes it: its arguments' texts, joined by a space. */
const messageText = (m: Record<string, unknown>): string =>
  Array.isArray(m["args"]) ? m["args"].map(remoteArgText).join(" ") : typeof m["text"] === "string" ? m["text"] : ""

/**
 * What upstream's own logs hold for a page its open launched the browser for (the `console` and `errors` rows read
 * after the open, in its process) as a load log: console errors, then uncaught errors, and console warnings;
 * undefined when the page logged none of them.
 */
export const upstreamLoadLogOf = (consoleData: unknown, errorsData: unknown): LoadLog | undefined => {
  const messages = rowsOf(consoleData, "messages")
  const errors = [
    ...messages.filter((m) => m["type"] === "error").map(messageText),
    ...rowsOf(errorsData, "errors").map((e) => uncaughtText(typeof e["text"] === "string" ? e["text"] : ""))
  ]
  const warnings = messages.filter((m) => m["type"] === "warning").map(messageText)
  const first = (list: ReadonlyArray<string>, max: number, chars: number) =>
    list.slice(0, max).map((t) => norm1(t).slice(0, chars))
  return loadLogOf({
    count: errors.length,
    errors: first(errors, MAX_ERRORS, ERROR_CHARS),
    warnCount: warnings.length,
    warnings: first(warnings, MAX_WARNINGS, WARNING_CHARS),
    dialogs: []
  })
}
