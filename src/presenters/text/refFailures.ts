/** The plan's command with one ref swapped for another (`click @e9` → `click @e19`). */
import type { Plan } from "../../domain/Plan.js"
import type { NextAction } from "../../schema/NextAction.js"
import { nextActions } from "../actions/nextActions.js"
import { selectorRecovery } from "../actions/selectorRecovery.js"
import type { FailureContext, FailureOf } from "./failureContext.js"
import type { FormattedFailure } from "./timeFailures.js"

/**
 * A semanticAction compiled to upstream `find` that met a stale ref: after the refresh, the same action again (its
 * compiled argv, which locates afresh). Not for a fill: its argv carries the text.
 */
const semanticRetry = (plan: Plan | undefined): ReadonlyArray<NextAction> => {
  const c = plan?.compiled
  if (c?.mode !== "semanticAction" || c.semanticAction.action === "fill") return []
  const args = c.semanticAction.args
  const find = args[0] === "--session" ? args[2] : args[0]
  return find === "find" ? [nextActions.retrySemanticAfterStaleRef(plan?.sessionName, args)] : []
}

const withRef = (plan: Plan | undefined, from: string, to: string): ReadonlyArray<string> =>
  (plan?.line.positionals ?? ["click", `@${from}`]).map((t) =>
    t === `@${from}` || t === from || t === `ref=${from}` ? `@${to}` : t
  )

/** A target that could not be acted on: a stale ref, a selector with no (reachable) match, an unsupported selector. */
const staleRef = (e: FailureOf<"StaleRef">, { plan, session }: FailureContext): FormattedFailure =>
  e.twin !== undefined
    ? {
        text:
          `@${e.ref} (${e.twin.role} "${e.twin.name}") cannot be acted on: ${e.message}. @${e.twin.ref} has the ` +
          `same role and name and a pointer can reach it: use @${e.twin.ref}.`,
        summary: `Stale ref ${e.ref}; use @${e.twin.ref}`,
        nextActions: [
          nextActions.tryVisibleRef(session, 0, withRef(plan, e.ref, e.twin.ref), `${e.twin.role} "${e.twin.name}"`),
          nextActions.refreshRefs(session)
        ]
      }
    : {
        text:
          `Ref @${e.ref} is stale: ${e.message.replace(/\.+$/, "")}. Refs change after navigation or ` +
          "re-rendering; take a new snapshot -i and use a current ref.",
        summary: `Stale ref ${e.ref}`,
        nextActions: [nextActions.refreshRefs(session), ...semanticRetry(plan)]
      }

const capitalized = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/** `find text <t> <action>` that matched nothing. */
const textMiss = (plan: Plan | undefined, e: FailureOf<"SelectorNotFound">): boolean =>
  e.reason === "no-match" && plan?.line.command === "find" && plan.line.positionals[1] === "text"

const selectorNotFound = (e: FailureOf<"SelectorNotFound">, { plan, session }: FailureContext): FormattedFailure => {
  const recovery = selectorRecovery(plan, e)
  const candidates = (e.candidates ?? []).map((c) => nextActions.tryNameCandidate(session, c.role, c.name))
  // a text locator reads page text only: a control named by aria-label, or by text inside a shadow root, is in the
  // snapshot though `find text` misses it; that ref is the step forward
  const named = e.fallback !== undefined && e.fallback.action !== "fill" && textMiss(plan, e)
  const first = e.fallback?.refs[0]
  // element commands (also batch, job and qa steps) wait (bounded) for their target; @refs do not
  const advice = named
    ? `${capitalized(e.fallback?.action ?? "click")} @${first?.ref ?? ""}: the snapshot names it exactly so. A text ` +
      "locator reads page text only, not a name from aria-label or text inside a shadow root."
    : e.fallback !== undefined && plan?.line.command !== "find"
      ? `A fresh snapshot -i marks it hidden and names @${e.fallback.refs[0]?.ref ?? ""}.`
      : (e.reason === "first-match-hidden" || e.reason === "unreachable-match") && e.fallback !== undefined
        ? `${e.fallback.action === "check" ? "Check" : "Click"} @${e.fallback.refs[0]?.ref ?? ""}: it has that ` +
          "exact name and a pointer can reach it."
        : e.reason === "first-match-hidden"
          ? "A text locator acts on its first match, here a hidden one (often a widget's native <option>): open " +
            "what shows it (a widget's list: click its combobox; a menu: open it), then snapshot -i and click " +
            "the visible control's ref."
          : e.readinessWaitMs !== undefined
            ? `Still missing after waiting ${(e.readinessWaitMs / 1000).toFixed(1)} s: take a snapshot -i for ` +
              "current refs."
            : "Take a snapshot -i for current refs, or wait for the element first."
  // upstream found it but it is hidden: waiting rarely helps, revealing it does
  const hidden =
    e.reason === "hidden"
      ? "\nIt exists but is hidden: hover its row or open its container first (hover, then click), or scrollintoview."
      : e.hiddenMatch !== undefined
        ? `\nIt is @${e.hiddenMatch.ref} ${e.hiddenMatch.role} ${JSON.stringify(e.hiddenMatch.name)}, which a ` +
          "pointer cannot reach (a widget keeps it hidden, e.g. a native <select> under its own list)."
        : ""
  // the bounded button/link retries of a missed text click, visible (not only in details.nextActions)
  const fallbacks =
    (e.candidates ?? []).length > 0
      ? `\nAgent-browser candidate fallbacks: ` +
        (e.candidates ?? []).map((c) => `find role ${c.role} click --name ${JSON.stringify(c.name)}`).join("; ") +
        " (heuristics: use one only if the page has such a control)."
      : ""
  // the first match hidden and a reachable control of that name found: that control is the step forward
  const reachableFirst =
    e.fallback !== undefined &&
    (plan?.line.command !== "find" || e.reason === "first-match-hidden" || e.reason === "unreachable-match")
  return {
    text: `${e.message}${hidden}${recovery.line}${fallbacks}\n${advice}`,
    summary: `Selector not found${e.selector !== "" ? `: ${e.selector}` : ""}`,
    // a ref the latest snapshot proved hidden: its reachable twin is the step forward (a snapshot would only
    // list the pair again); other find misses keep the contract's refresh first
    nextActions: reachableFirst
      ? [...recovery.nextActions, nextActions.refreshRefs(session), ...candidates]
      : [nextActions.refreshRefs(session), ...recovery.nextActions, ...candidates]
  }
}

const selectorUnsupported = (e: FailureOf<"SelectorUnsupported">, { session }: FailureContext): FormattedFailure => ({
  text:
    e.reason === "invalid-css"
      ? `${e.selector} is not a valid CSS selector (the page refused it), so nothing was read. Use an @ref from ` +
        `snapshot -i, a CSS selector, or \`find role|text|label ... <action>\`.`
      : `Selector ${e.selector} uses a dialect agent-browser does not support (Playwright-style). Use an @ref ` +
        `from snapshot -i, a CSS selector, or \`find role|text|label ... <action>\`.`,
  summary: `Unsupported selector: ${e.selector}`,
  nextActions: [nextActions.refreshRefs(session)]
})

/** This file's categories, for `formatFailure`'s table (each entered only for its own error). */
export const refFailures = {
  StaleRef: staleRef,
  SelectorNotFound: selectorNotFound,
  SelectorUnsupported: selectorUnsupported
}
