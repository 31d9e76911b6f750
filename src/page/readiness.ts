/**
 * Readiness without fixed sleeps: which commands wait for their target, how long, and at what pace. Upstream actions
 * do not wait for elements (they fail in about 80 ms, reference §9.8); a locator miss (`SelectorNotFound`: no match,
 * a hidden first match, a role or index that does not exist yet) means upstream did nothing, so running the same
 * command again after a short pause is safe. Only misses are retried: an error after which upstream may have acted
 * is never retried. Pure; `program/page/commandBatch.ts` runs the loop.
 *
 * Plain `args` commands wait too, not only job/qa/semanticAction steps: repeating a miss is exactly as safe there,
 * one rule in every mode is easier to rely on than a mode-dependent one, and a bare miss on a page still building
 * would cost the model a snapshot and a retry anyway. Not waited for: raw `batch` steps (one process; earlier steps
 * may have acted, so it cannot be repeated) and "disabled" targets (classified as upstream-error, not as a miss).
 * A missing @ref is stale, not late (`StaleRef`), so it fails at once.
 */

import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StepRow, Uncovered } from "../domain/Outcome.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { takesTarget } from "../upstream/commandEffects.js"
import { readsTarget } from "../upstream/commandPolicy.js"
import { throwValueStatement } from "../upstream/wire.js"

/** At most this long is spent waiting for a target to appear, and never more than the call's budget allows. */
export const READINESS_BUDGET_MS = 3_000

/** Kept back from the call's remaining time for the attempt after the wait and the reads around it. */
export const READINESS_RESERVE_MS = 1_000

/** Pauses between attempts: quick at first (most late widgets appear within a few hundred ms), then steady. */
const PAUSES_MS = [100, 150, 250, 400] as const
const STEADY_PAUSE_MS = 500

/** Whether a command (its positionals, no global flags) names an element target it may wait for. */
export const waitsForTarget = (argv: ReadonlyArray<string>): boolean => {
  const [command, sub, target] = argv
  if (command === undefined) return false
  if (command === "get") return readsTarget(sub) && target !== undefined
  return takesTarget(command) && sub !== undefined
}

/** How long the readiness wait may take, given what remains of the call's budget (0: no wait). */
export const readinessBudgetMs = (remainingMs: number): number =>
  Math.max(0, Math.min(READINESS_BUDGET_MS, remainingMs - READINESS_RESERVE_MS))

/** The pause before the attempt after `failedAttempts` misses (1 = after the first miss). */
export const pauseBefore = (failedAttempts: number): number => PAUSES_MS[failedAttempts - 1] ?? STEADY_PAUSE_MS

/** Whether another attempt fits: the pause must end inside the wait budget. */
export const mayRetry = (waitedMs: number, pauseMs: number, budgetMs: number): boolean => waitedMs + pauseMs <= budgetMs

/**
 * The error tag that means "nothing the action could reach matched, and nothing happened" (except a check whose box
 * the step before it found: upstream clicked it, then lost it as it read it back: checkReadBack.ts).
 */
export const isReadinessMiss = (error: { readonly _tag: string }): boolean => error._tag === "SelectorNotFound"

/**
 * A click aimed at a target a fixed or sticky element covers at its middle: upstream 0.41.2 refuses it at once
 * (`Element '#b' is covered by <div#sp> at its click point, so the input would land on that element instead`), seen on
 * the raw binary for a loading overlay that goes 500 ms later and for a button the page's sticky header sits over while
 * the button is in view (upstream scrolls only a target out of view). A user waits for the overlay, or scrolls. So the
 * click's recorder step (the enabled wait, below) first scrolls such a target to the middle of the view, once; when it
 * is still covered, it polls, at most `COVER_WAIT_MS`, until nothing covers it, then lets upstream click. A cover that
 * stays (a cookie banner, a backdrop left behind) is left to upstream's own refusal, which names it. Only a cover that
 * is fixed or sticky (or in such an element) is waited for: a label's own text, the target's children and an element
 * the target is in are not covers. A target no cover hides costs one `elementFromPoint`. Pure.
 */
/** The most a click waits for a fixed or sticky element over its target to go. */
export const COVER_WAIT_MS = 2_000

/**
 * Page JavaScript: `coverOf(e)` is the fixed or sticky element over the middle of `e` (in the view), else null;
 * `coverName(e)` names it as `tag#id.class`.
 */
export const COVER_OF: string = `const coverOf = (e) => { try {
  if (!e || !e.isConnected) return null;
  const b = e.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
  if (b.width === 0 || b.height === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit === e || e.contains(hit) || hit.contains(e)) return null;
  if (e.labels && [...e.labels].some((l) => l.contains(hit))) return null;
  for (let p = hit; p && p !== document.body; p = p.parentElement) {
    const at = getComputedStyle(p).position;
    if (at === "fixed" || at === "sticky") return p;
  }
  return null;
} catch { return null; } };
const coverName = (e) => (e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
  [...e.classList].slice(0, 2).map((c) => "." + c).join("")).replace(/[^\\w#.-]/g, "").slice(0, 60);`

/** The recorder step's `uncovered` field, when the target was covered and no longer is. */
export const uncoveredOf = (answer: Record<string, unknown> | undefined): Uncovered | undefined => {
  const u = answer?.["uncovered"]
  if (u === null || typeof u !== "object") return undefined
  const { by, ms, scrolled, waited } = u as Record<string, unknown>
  return typeof by === "string" && by !== "" && typeof ms === "number" && ms >= 0
    ? { by, ms, scrolled: scrolled === true, waited: waited === true }
    : undefined
}

/**
 * Said on the click's own line: ` (header#hd covered it; scrolled it to the middle of the view first)`, or
 * ` (div#sp covered it; waited 0.4 s until it was gone)`, with the scroll when it moved the target before the wait.
 */
export const uncoveredWords = (u: Uncovered): string => {
  const scroll = "scrolled it to the middle of the view"
  const wait = `waited ${(u.ms / 1000).toFixed(1)} s until it was gone`
  if (!u.waited) return ` (${u.by} covered it; ${scroll} first)`
  return ` (${u.by} covered it; ${u.scrolled ? `${scroll}, then ${wait}` : wait})`
}

/**
 * A click aimed at a disabled control waits for it to be enabled, as Playwright's actionability check does (and one a
 * fixed or sticky element covers is scrolled to the middle of the view, or waited for: the cover wait, above). Upstream
 * 0.41.2 refuses a `:disabled` target at once (`Element '#b' is disabled, so the click would not reach it`: a disabled
 * button or input, or one in a disabled fieldset; `click`, `dblclick` and `find … click` alike, seen on the raw
 * binary), though a form's button is often enabled a moment later (a validation, a load). A target inside a disabled
 * button (its label's span) is waited for too: upstream says it clicked one, but the page gets no click.
 * `aria-disabled` is not waited for: upstream clicks it, as a user's pointer would.
 *
 * The click's recorder step (clickRecorder.ts) finds the target; when it is disabled, the step polls until it is
 * enabled, at most `waitMs`, then installs the recorder afresh (the page as it is now, so a change the enabling made is
 * not said as the click's) and answers how long it waited; upstream's click runs next, in the same batch. When it
 * stays disabled, the step throws what it saw (upstream/wire.ts): the batch stops at its first failed step, so
 * the click is never sent. An enabled target costs a `:disabled` test and a `closest`. Pure.
 */
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
// a fixed or sticky element over it (the cover wait, above): scrolled to the middle of the view once, then waited for
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
