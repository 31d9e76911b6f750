/**
 * What the model reads when a call fails: the category, what happened, and what to do next. Exhaustive over the
 * error union (`Match.tagsExhaustive`), so a new error does not compile until it has a rendering. Pure.
 */
import { FILL_REFUSED } from "../../page/fillProbe.js"
import { CHECK_REFUSED } from "../../page/checkGuard.js"
import * as Match from "effect/Match"
import type { Plan } from "../../domain/Plan.js"
import type { ClickTarget } from "../../schema/PageDiagnostics.js"
import type { NextAction } from "../../schema/ToolDetails.js"
import type { ToolError, UpstreamFailed } from "../../schema/ToolError.js"
import { isNoActivePageSnapshot } from "../../session/refPreflight.js"
import { launchAdvice, launchFailureText } from "./launchAdvice.js"
import { withNextActions } from "../actions/fallbackActions.js"
import { nextActions } from "../actions/nextActions.js"
import { securityRefusal } from "./securityRefusal.js"
import { selectorRecovery } from "../actions/selectorRecovery.js"
import { isGetter } from "../../upstream/commandPolicy.js"
import { widgetOptionClick } from "../../page/clickDispatch.js"
import { crashedTabFailure } from "./crashedTabText.js"
import { type FormattedFailure, launchActions, poolQueued, sessionBusy, timedOut } from "./timeFailures.js"

export type { FormattedFailure } from "./timeFailures.js"

/** A fill or check the tool refused before it ran (its own words in `detail`). */
const refusedSummary = (code: string | undefined): string =>
  code === CHECK_REFUSED ? "Not a checkbox: nothing was checked" : "The fill was refused"

/** An upstream-error the tool found itself (its own words in `detail`, none of upstream's). */
const toolFound = (e: UpstreamFailed): boolean => e.upstreamMessage === undefined && e.detail !== undefined

/**
 * The contract's closing sentence of a failed result's prose (pi marks it an error too); not after a text that is
 * parseable JSON, which a caller who asked for `--json` parses.
 */
export const resultCategoryLine = (category: string, text: string): string => {
  try {
    JSON.parse(text)
    return ""
  } catch {
    return `\nResult category: failure; failureCategory: ${category}; Pi tool isError: true.`
  }
}

const widgetOption = (session: string | undefined, target: ClickTarget): ReadonlyArray<NextAction> => {
  const click = widgetOptionClick(target)
  return click !== undefined ? [nextActions.clickWidgetOption(session, click)] : []
}

const INSTALL_HINT =
  "agent-browser is required and is not bundled with this package. Install it with `npm install -g agent-browser@0.41` (or add it to the project and put node_modules/.bin on PATH), make sure a Chrome/Chromium is installed (Debian: `apt-get install -y chromium`), then retry."

/** Getters given as commands; upstream groups them under `get`. */
const getterHint = (command: string): string =>
  `Getters are grouped under get: get ${command === "title" || command === "url" ? command : command === "attr" ? "attr <selector> <name>" : `${command} <selector>`}.`

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

/** The plan's command with one ref swapped for another (`click @e9` → `click @e19`). */
const withRef = (plan: Plan | undefined, from: string, to: string): ReadonlyArray<string> =>
  (plan?.line.positionals ?? ["click", `@${from}`]).map((t) =>
    t === `@${from}` || t === from || t === `ref=${from}` ? `@${to}` : t
  )

/** `args` are the caller's args as given, for retries suggested before a plan exists. */
export const formatFailure = (
  plan: Plan | undefined,
  error: ToolError,
  args: ReadonlyArray<string> = plan?.args ?? []
): FormattedFailure => {
  const session = plan?.sessionName
  const none: ReadonlyArray<NextAction> = []
  const formatted: FormattedFailure = Match.value(error).pipe(
    Match.tagsExhaustive({
      InvalidInput: (e) => ({
        text: `Invalid input: ${e.message}`,
        summary: "Invalid input",
        nextActions:
          e.sessionRecoveryHint !== undefined
            ? [nextActions.retryFresh(args)]
            : e.withoutFlag !== undefined
              ? [nextActions.retryWithoutFlag(e.withoutFlag), nextActions.showCommandHelp(e.withoutFlag.command)]
              : e.field === "qa.attached" && session !== undefined
                ? [nextActions.listTabsBeforeQaAttached(session), nextActions.snapshotBeforeQaAttached(session)]
                : none
      }),
      MissingBinary: (e) => ({
        text:
          e.reason === "unsupported-version"
            ? `agent-browser ${e.foundVersion ?? "?"} is installed, but this tool supports ${e.supportedRange}. Install a supported version: \`npm install -g agent-browser@0.41\`.`
            : e.reason === "not-found"
              ? `agent-browser was not found on PATH. ${INSTALL_HINT}`
              : `agent-browser could not be started (${e.detail ?? "unknown error"}). ${INSTALL_HINT}`,
        summary: `agent-browser ${e.reason}`,
        nextActions: none
      }),
      TimedOut: (e) =>
        e.tabCrashed !== undefined
          ? crashedTabFailure(session, e.tabCrashed, e.upstreamMessage ?? "", e.source === "watchdog")
          : e.source === "session-lock"
            ? sessionBusy(plan, e, args)
            : e.poolEndpoint !== undefined
              ? poolQueued(plan, e, args)
              : timedOut(plan, e, session),
      Aborted: (e) => ({
        text:
          e.dispatched === "no"
            ? "Cancelled before anything ran."
            : "Cancelled; the agent-browser process was stopped.",
        summary: "Cancelled",
        nextActions: none
      }),
      ParseFailure: (e) => ({
        text: `agent-browser printed output this tool cannot read (${e.message}).${e.stderr.trim() !== "" ? `\nstderr: ${e.stderr.trim()}` : ""}`,
        summary: "Unreadable upstream output",
        nextActions: none
      }),
      UpstreamFailed: (e) =>
        e.tabCrashed !== undefined
          ? crashedTabFailure(session, e.tabCrashed, e.message)
          : e.clickDispatch !== undefined
            ? {
                text: e.message,
                summary: "The click did not reach its target",
                nextActions:
                  e.clickDispatch.twin !== undefined
                    ? [
                        nextActions.tryVisibleRef(
                          session,
                          0,
                          [plan?.line.command ?? "click", `@${e.clickDispatch.twin}`],
                          `@${e.clickDispatch.twin}`
                        ),
                        nextActions.inspectClickMiss(session)
                      ]
                    : e.clickDispatch.nativeOption === true
                      ? // the same click would reach the widget again: its own option of that name instead, then a look
                        [...widgetOption(session, e.clickDispatch.target), nextActions.inspectClickMiss(session)]
                      : [
                          nextActions.inspectClickMiss(session),
                          nextActions.retryClickAfterMiss(session, plan?.line.positionals ?? [])
                        ]
              }
            : e.fillVerification !== undefined || e.code === FILL_REFUSED || e.code === CHECK_REFUSED
              ? {
                  // the wrapper's own read of the field: not upstream's failure
                  text: e.message,
                  summary: e.fillVerification !== undefined ? "The fill did not take" : refusedSummary(e.code),
                  // a check aimed at no box: the snapshot lists the boxes to check (page/checkGuard.ts)
                  nextActions: e.code === CHECK_REFUSED ? [nextActions.refreshRefs(session)] : none
                }
              : e.launch !== undefined
                ? {
                    text: launchFailureText(e.launch, e.message),
                    summary: launchAdvice(e.launch).summary,
                    nextActions: launchActions(plan, e.launch, args)
                  }
                : e.type === "unknown_command" && plan !== undefined && isGetter(plan.line.command)
                  ? {
                      text: `agent-browser failed: ${e.message}\n${getterHint(plan.line.command ?? "")}`,
                      summary: `Unknown command: ${plan.line.command ?? ""}`,
                      nextActions:
                        plan.line.command === "title"
                          ? [nextActions.useGetTitle(session)]
                          : plan.line.command === "url"
                            ? [nextActions.useGetUrl(session)]
                            : none
                    }
                  : {
                      // a failure the tool found itself (`detail` only) is not upstream's to own
                      text: `${toolFound(e) ? "" : "agent-browser failed: "}${e.message}${e.stderr !== "" && !e.message.includes(e.stderr) ? `\nstderr: ${e.stderr}` : ""}${e.exitCode !== null && e.exitCode !== 1 ? `\nexit code: ${e.exitCode}` : ""}`,
                      summary: `Upstream error: ${e.message.split("\n")[0] ?? ""}`.slice(0, 200),
                      nextActions:
                        plan !== undefined && isNoActivePageSnapshot(plan, e) && session !== undefined
                          ? [nextActions.listTabsAfterNoActivePage(session)]
                          : e.code === "page_wedged" || e.code === "tab_gone"
                            ? [nextActions.listTabs(session)]
                            : none
                    },
      StaleRef: (e) =>
        e.twin !== undefined
          ? {
              text: `@${e.ref} (${e.twin.role} "${e.twin.name}") cannot be acted on: ${e.message}. @${e.twin.ref} has the same role and name and a pointer can reach it: use @${e.twin.ref}.`,
              summary: `Stale ref ${e.ref}; use @${e.twin.ref}`,
              nextActions: [
                nextActions.tryVisibleRef(
                  session,
                  0,
                  withRef(plan, e.ref, e.twin.ref),
                  `${e.twin.role} "${e.twin.name}"`
                ),
                nextActions.refreshRefs(session)
              ]
            }
          : {
              text: `Ref @${e.ref} is stale: ${e.message.replace(/\.+$/, "")}. Refs change after navigation or re-rendering; take a new snapshot -i and use a current ref.`,
              summary: `Stale ref ${e.ref}`,
              nextActions: [nextActions.refreshRefs(session), ...semanticRetry(plan)]
            },
      SelectorNotFound: (e) => {
        const recovery = selectorRecovery(plan, e)
        const candidates = (e.candidates ?? []).map((c) => nextActions.tryNameCandidate(session, c.role, c.name))
        // element commands (also batch, job and qa steps) wait (bounded) for their target; @refs do not
        const advice =
          e.fallback !== undefined && plan?.line.command !== "find"
            ? `A fresh snapshot -i marks it hidden and names @${e.fallback.refs[0]?.ref ?? ""}.`
            : (e.reason === "first-match-hidden" || e.reason === "unreachable-match") && e.fallback !== undefined
              ? `${e.fallback.action === "check" ? "Check" : "Click"} @${e.fallback.refs[0]?.ref ?? ""}: it has that exact name and a pointer can reach it.`
              : e.reason === "first-match-hidden"
                ? "A text locator acts on its first match, here a hidden one (often a widget's native <option>): open what shows it (a widget's list: click its combobox; a menu: open it), then snapshot -i and click the visible control's ref."
                : e.readinessWaitMs !== undefined
                  ? `Still missing after waiting ${(e.readinessWaitMs / 1000).toFixed(1)} s: take a snapshot -i for current refs.`
                  : "Take a snapshot -i for current refs, or wait for the element first."
        // upstream found it but it is hidden: waiting rarely helps, revealing it does
        const hidden =
          e.reason === "hidden"
            ? "\nIt exists but is hidden: hover its row or open its container first (hover, then click), or scrollintoview."
            : e.hiddenMatch !== undefined
              ? `\nIt is @${e.hiddenMatch.ref} ${e.hiddenMatch.role} ${JSON.stringify(e.hiddenMatch.name)}, which a pointer cannot reach (a widget keeps it hidden, e.g. a native <select> under its own list).`
              : ""
        // the bounded button/link retries of a missed text click, visible (not only in details.nextActions)
        const fallbacks =
          (e.candidates ?? []).length > 0
            ? `\nAgent-browser candidate fallbacks: ${(e.candidates ?? []).map((c) => `find role ${c.role} click --name ${JSON.stringify(c.name)}`).join("; ")} (heuristics: use one only if the page has such a control).`
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
      },
      SelectorUnsupported: (e) => ({
        text:
          e.reason === "invalid-css"
            ? `${e.selector} is not a valid CSS selector (the page refused it), so nothing was read. Use an @ref from snapshot -i, a CSS selector, or \`find role|text|label ... <action>\`.`
            : `Selector ${e.selector} uses a dialect agent-browser does not support (Playwright-style). Use an @ref from snapshot -i, a CSS selector, or \`find role|text|label ... <action>\`.`,
        summary: `Unsupported selector: ${e.selector}`,
        nextActions: [nextActions.refreshRefs(session)]
      }),
      ConfirmationRequired: (e) =>
        e.decision === "denied"
          ? {
              text: `The user declined the ${e.action} action; it did not run.`,
              summary: `Declined: ${e.action}`,
              nextActions: none
            }
          : e.decision === "no-ui"
            ? {
                text: `The ${e.action} action needs a human's approval and this pi session has no UI to ask, so it was declined and did not run. Ask the user to approve it in an interactive session, or run without --confirm-actions for this action.`,
                summary: `Needs approval: ${e.action}`,
                nextActions: none
              }
            : {
                text: `agent-browser is holding the ${e.action} action for confirmation (id ${e.confirmationId}); nothing ran yet. Confirm or deny it.`,
                summary: `Confirmation required: ${e.action}`,
                nextActions: [
                  nextActions.confirm(session, e.confirmationId),
                  nextActions.deny(session, e.confirmationId)
                ]
              },
      PolicyBlocked: (e) =>
        e.promptGuard !== undefined
          ? {
              text: `Not closed: ${e.promptGuard.summary}`,
              summary: "Requested files missing before close",
              nextActions: none
            }
          : e.violation === undefined
            ? { text: `Blocked by policy: ${e.message}`, summary: "Policy blocked", nextActions: none }
            : securityRefusal(plan, e.violation, e.message, args),
      ArtifactMissing: (e) => ({
        text:
          e.kind === "response-body"
            ? `The response body was not saved at ${e.path}: ${e.detail ?? "no file was written"}.`
            : e.detail !== undefined
              ? `The ${e.kind} file was not written at ${e.path}: ${e.detail}. The browser command itself ran; fix the path and save again.`
              : `agent-browser reported a saved ${e.kind} at ${e.path}, but no file is there. Do not rely on it; retry with an absolute path.`,
        summary: `${e.kind} missing: ${e.path}`,
        nextActions:
          e.kind === "download" || e.kind === "response-body" ? none : [nextActions.verifyArtifactPath(e.path)]
      }),
      DownloadNotVerified: (e) => ({
        text: `Download not verified${e.requestedPath !== "" ? ` at ${e.requestedPath}` : ""}: ${e.message}${e.reason === "upstream" ? ". A download that started late is picked up by wait --download." : ""}`,
        summary: "Download not verified",
        nextActions: [nextActions.waitForDownload(session, e.requestedPath)]
      }),
      TabDrift: (e) => ({
        text: `The page opened (${e.expectedUrl}), but the active tab shows ${e.observedUrl} and no tab with the opened page could be selected. Run tab list, select the right tab with tab <id>, then snapshot -i.`,
        summary: "Tab drift",
        nextActions: [
          nextActions.listTabsForDrift(session, e.observedUrl),
          ...(e.intendedTabId !== undefined
            ? [nextActions.selectIntendedTab(session, e.intendedTabId), nextActions.snapshotAfterTabRecovery(session)]
            : [])
        ]
      }),
      QaFailed: (e) => ({
        text: `QA checks failed: ${e.failedChecks.join("; ")}`,
        summary: `QA failed (${e.failedChecks.length})`,
        // an expected text that is not there: what the page shows instead is the next thing to read
        nextActions: (e.missedTexts ?? []).length > 0 ? [nextActions.inspectAfterTextAssertion(session)] : none
      }),
      CleanupFailed: (e) => ({
        text: `Could not clean up ${e.resource}: ${e.message}`,
        summary: `Cleanup failed: ${e.resource}`,
        nextActions: none
      })
    })
  )
  return { ...formatted, nextActions: withNextActions(plan, error, args, formatted.nextActions) }
}
