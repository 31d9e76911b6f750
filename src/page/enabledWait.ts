/**
 * A click aimed at a disabled control waits for it to be enabled, as Playwright's actionability check does (and one
 * a fixed or sticky element covers is scrolled to the middle of the view, or waited for: coverWait.ts). Upstream
 * 0.41.2 refuses a `:disabled` target at once (`Element '#b' is disabled, so the click would not reach it`: a disabled
 * button or input, or one in a disabled fieldset; `click`, `dblclick` and `find … click` alike, seen on the raw
 * binary), though a form's button is often enabled a moment later (a validation, a load). A target inside a disabled
 * button (its label's span) is waited for too: upstream says it clicked one, but the page gets no click.
 * `aria-disabled` is not waited for: upstream clicks it, as a user's pointer would.
 *
 * The click's recorder step (clickRecorder.ts) finds the target; when it is disabled, the step polls until it is
 * enabled, at most `waitMs`, then installs the recorder afresh (the page as it is now, so a change the enabling made is
 * not said as the click's) and answers how long it waited; upstream's click runs next, in the same batch. When it
 * stays disabled, the step throws what it saw (upstream/thrownValue.ts): the batch stops at its first failed step, so
 * the click is never sent. An enabled target costs a `:disabled` test and a `closest`. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StepRow } from "../domain/Outcome.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { throwValueStatement } from "../upstream/thrownValue.js"
import { COVER_OF, COVER_WAIT_MS } from "./coverWait.js"

/** `UpstreamFailed.code` of a click whose target stayed disabled through the wait: nothing was clicked. */
export const CLICK_DISABLED = "click-disabled"

/** How often a disabled target is looked at again while the click waits for it. */
const POLL_MS = 50

/** The most invalid fields of the target's form named in the failure. */
const MAX_FIELDS = 3

/**
 * Page JavaScript, inside the recorder's function after `install` (which installs the recorder and answers
 * `{resolved, earlierDialogs, el}`) and `K` (the recorder's key): returns the recorder step's answer, a Promise of it
 * when the target is disabled (upstream awaits it), or throws `{stayedDisabled: {waitedMs, invalid, within?}}`.
 */
export const enabledWaitStatements = (waitMs: number): string => `
// the disabled control the target is or is in (a label's span in a disabled button gets no click either)
const control = (e) => { try {
  return !e || !e.isConnected ? null : e.matches(":disabled") ? e : e.closest("button:disabled");
} catch { return null; } };
const disabled = (e) => control(e) !== null;
${COVER_OF}
let r = install();
const wasDisabled = disabled(r.el), cover = wasDisabled ? null : coverOf(r.el);
if (!wasDisabled && cover === null) return { resolved: r.resolved, earlierDialogs: r.earlierDialogs };
const earlierDialogs = r.earlierDialogs, t0 = performance.now(), left = () => ${waitMs} - (performance.now() - t0);
// a fixed or sticky element over it (coverWait.ts): scrolled to the middle of the view once, then waited for
const by = cover === null ? undefined : coverName(cover);
const top = () => (r.el ? r.el.getBoundingClientRect().top : 0), before = top();
if (cover !== null) try { r.el.scrollIntoView({ block: "center", inline: "nearest" }); } catch {}
// whether the scroll moved it, and whether it was still covered then (waited for)
const scrolled = cover !== null && Math.abs(top() - before) > 1, waited = cover !== null && coverOf(r.el) !== null;
const coverLeft = () => Math.min(${waitMs}, ${COVER_WAIT_MS}) - (performance.now() - t0);
const waiting = () => disabled(r.el) ? left() > 0 : coverOf(r.el) !== null && coverLeft() > 0;
const css = (f) => f.id ? "#" + CSS.escape(f.id)
  : f.name ? f.tagName.toLowerCase() + "[name=" + JSON.stringify(f.name) + "]" : f.tagName.toLowerCase();
return (async () => {
  for (;;) {
    // no recorder while waiting: what the page does meanwhile is not the click's
    window[K].off(); delete window[K];
    while (waiting()) await new Promise((f) => setTimeout(f, ${POLL_MS}));
    r = install();
    const waitedMs = Math.round(performance.now() - t0);
    // still covered past the wait: upstream's click refuses it, naming the cover
    const uncovered = { by, ms: waitedMs, scrolled, waited };
    const gone = by !== undefined && coverOf(r.el) === null ? { uncovered } : {};
    if (!disabled(r.el)) {
      return { resolved: r.resolved, earlierDialogs, ...(wasDisabled ? { enabledAfterMs: waitedMs } : {}), ...gone };
    }
    if (left() > 0) continue;
    window[K].off(); delete window[K];
    const c = control(r.el), within = c === r.el ? undefined : c.tagName.toLowerCase() + (c.id ? "#" + c.id : "");
    // the fields of its form the browser finds not valid yet (validity only: no invalid event is fired)
    const form = c.form || c.closest("form");
    const invalid = form === null ? [] : [...form.elements]
      .filter((f) => f !== c && f.willValidate && !f.validity.valid).slice(0, ${MAX_FIELDS}).map(css);
    ${throwValueStatement("{ stayedDisabled: { waitedMs, invalid, within } }")};
  }
})();`

/** The recorder step's wait, when it waited: how long the target was disabled before it was enabled. */
export const enabledAfterOf = (answer: Record<string, unknown> | undefined): number | undefined => {
  const ms = answer?.["enabledAfterMs"]
  return typeof ms === "number" && ms >= 0 ? ms : undefined
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

/** Said on the click's own line: ` (it was disabled; waited 0.6 s until it was enabled)`. */
export const enabledWaitWords = (ms: number): string => ` (it was disabled; waited ${seconds(ms)} until it was enabled)`

const Thrown = Schema.Struct({
  stayedDisabled: Schema.Struct({
    waitedMs: Schema.Number,
    invalid: Schema.Array(Schema.String),
    /** The disabled button the target is in, when the target is not the control itself. */
    within: Schema.optional(Schema.String)
  })
})

/** What the failure says: how long it waited, that nothing was clicked, and what usually enables it. */
export const stayedDisabledText = (
  target: string,
  waitedMs: number,
  invalid: ReadonlyArray<string>,
  within?: string
): string =>
  `${target}${within !== undefined ? ` (in ${within})` : ""} stayed disabled for ${seconds(waitedMs)}: ` +
  "nothing was clicked. " +
  (invalid.length > 0
    ? `Not valid yet in its form: ${invalid.join(", ")}; ` +
      `fill ${invalid.length === 1 ? "it" : "them"}, then click again.`
    : "A page usually enables it once a field is filled or a choice made: snapshot -i shows them.")

/** The failure from the recorder step's row (it threw); undefined when the target was, or became, enabled. */
export const stayedDisabledOf = (target: string, recorder: StepRow | undefined): UpstreamFailed | undefined =>
  recorder === undefined || recorder.success
    ? undefined
    : Option.getOrUndefined(
        Option.map(
          Schema.decodeUnknownOption(Thrown)(recorder.thrown),
          ({ stayedDisabled: s }) =>
            new UpstreamFailed({
              code: CLICK_DISABLED,
              stderr: "",
              exitCode: null,
              detail: stayedDisabledText(target, s.waitedMs, s.invalid, s.within)
            })
        )
      )
