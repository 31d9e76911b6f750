/**
 * What the line after a watchdog timeout may claim, from what was observed (program/lifecycle/hungPage.ts observes):
 * a navigation is "stopped" only when one was pending (the page was still loading, or the command that timed out was
 * a navigation); a command that held the session while the page answered (an `eval` awaiting a promise that never
 * settles) is ended without ending the browser; the browser is ended only when its page did not answer. Otherwise the
 * line says what was checked. Pure.
 */
import type { Recovery } from "../schema/RecoveryDetails.js"
import { isNavigating, isOpening } from "../upstream/commandEffects.js"
import { parseCommandLine } from "../upstream/commandLine.js"

export interface HungObservation {
  readonly session: string
  /** The command that timed out (a step's argv in a step-by-step run). */
  readonly step: ReadonlyArray<string>
  /** `document.readyState` of the session's page over DevTools; undefined when there was no page to ask. */
  readonly readyState: string | undefined
  /** A page was asked over DevTools and did not answer (its main thread held, e.g. by a script that never returns). */
  readonly pageSilent: boolean
  /** The browser's renderers were read busy while the page was silent (`SystemInfo.getProcessInfo`). */
  readonly busy?: boolean
  /** The URLs whose navigation was stopped (`Page.stopLoading`), only when a navigation was pending. */
  readonly stopped: ReadonlyArray<string>
  /** The page was reloaded to end a command the session still ran while the page answered. */
  readonly reloaded: boolean
  /** The session's `get url` after the recovery; undefined when the session did not answer. */
  readonly url: string | undefined
  /** The browser was ended (this tool launched it and it did not answer). */
  readonly ended: boolean
}

/** A navigation is pending when the page is still loading a document or the command that timed out navigates. */
export const navigationPending = (step: ReadonlyArray<string>, readyState: string | undefined): boolean =>
  readyState === "loading" || isNavigating(parseCommandLine(step).command)

/** An `eval` (its promise may never settle): the command a page reload ends while the page itself answers. */
export const awaitsScript = (step: ReadonlyArray<string>): boolean => parseCommandLine(step).command === "eval"

/** What was stopped: the URL the stopped `open` asked for, else the pages' addresses. */
const stoppedName = (o: HungObservation): string => {
  const line = parseCommandLine(o.step)
  const asked = isOpening(line.command) ? line.positionals[1] : undefined
  return asked !== undefined && asked !== "" ? asked : o.stopped.join(", ")
}

const on = (url: string | undefined): string => (url !== undefined && url !== "" ? ` (on ${url})` : "")

const stepName = (step: ReadonlyArray<string>): string => {
  const text = parseCommandLine(step).positionals.join(" ")
  return `\`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\``
}

const pageState = (o: HungObservation): string =>
  o.readyState !== undefined ? `the page answered DevTools, document ${o.readyState}` : "no page to ask over DevTools"

const KEPT_NOTHING = "its page, tabs, cookies and refs are gone"

const endedLine = (o: HungObservation): string => {
  const why =
    o.stopped.length > 0
      ? "did not answer even after its pending navigation was stopped"
      : o.pageSilent && o.busy === true
        ? "did not answer: neither its page over DevTools (a script that never returns holds it: its renderer " +
          "stayed busy) nor the session did"
        : o.pageSilent
          ? "did not answer: neither its page over DevTools (a script that never returns holds it) nor the session did"
          : "did not answer after the timeout"
  return (
    `the browser of session ${o.session} ${why}; it was ended, and the next call starts a new one with the same ` +
    `launch flags (${KEPT_NOTHING}).`
  )
}

const stoppedLine = (o: HungObservation): string => {
  const what = `the navigation to ${stoppedName(o)} never answered; it was stopped in the browser`
  return o.url !== undefined
    ? `${what}, and the session answers again${on(o.url)}.`
    : `${what}, but the session did not answer yet; the browser was kept.`
}

const reloadedLine = (o: HungObservation): string => {
  const answers = o.url !== undefined ? `the session answers again${on(o.url)}` : "the session did not answer yet"
  return (
    `no navigation was pending (${pageState(o)}), but the session was still running the stopped ` +
    `${stepName(o.step)} (a promise that never settled); the page was reloaded to end that command, and ${answers}. ` +
    "The browser, its tabs, cookies and refs are kept; state held only in the page (typed text, script variables) " +
    "is gone."
  )
}

/** Nothing was stopped: what was checked (the page's state, whether the session answers). */
const checkedLine = (o: HungObservation): string => {
  if (o.pageSilent) {
    const busy = o.busy === true ? " (its renderer stayed busy)" : ""
    return o.url !== undefined
      ? `no navigation was pending; the page did not answer DevTools${busy}, but the session answers${on(o.url)}; ` +
          "nothing was stopped."
      : `no navigation was pending; neither the page over DevTools${busy} nor the session answered, and the ` +
          "browser was kept (this tool did not launch it, or it is still launching)."
  }
  return o.url !== undefined
    ? `no navigation was pending (${pageState(o)}), and the session answers again${on(o.url)}; nothing was stopped.`
    : `no navigation was pending (${pageState(o)}), but the session is still running the stopped ` +
        `${stepName(o.step)} and answers nothing else until agent-browser ends it at its own timeout; ` +
        "the browser was kept, nothing was stopped."
}

/** The recovery line for what was observed; undefined when nothing was done and nothing worth saying was checked. */
export const hungRecoveryOf = (o: HungObservation, durationMs: number): Recovery | undefined => {
  if (o.ended) return { kind: "browser-ended", summary: endedLine(o), durationMs }
  if (o.stopped.length > 0) {
    return { kind: o.url !== undefined ? "navigation-stopped" : "session-checked", summary: stoppedLine(o), durationMs }
  }
  if (o.reloaded) return { kind: "command-ended", summary: reloadedLine(o), durationMs }
  if (!o.pageSilent && o.readyState === undefined) return undefined
  return { kind: "session-checked", summary: checkedLine(o), durationMs }
}
