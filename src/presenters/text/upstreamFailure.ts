/**
 * An upstream failure: a crashed tab, a click that missed its target, a fill that did not take, a launch, a getter
 * given as a command, or upstream's own words.
 */
import { FILL_REFUSED } from "../../page/fillProbe.js"
import { CHECK_DISABLED, CHECK_REFUSED } from "../../page/checkGuard.js"
import { SELECT_REFUSED } from "../../page/selectGuard.js"
import { CLICK_DISABLED } from "../../page/readiness.js"
import { UPLOAD_REFUSED } from "../../page/uploadRead.js"
import type { ClickTarget } from "../../schema/PageDiagnostics.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { UpstreamFailed } from "../../schema/ToolError.js"
import { isNoActivePageSnapshot } from "../../session/refPreflight.js"
import { launchAdvice, launchFailureText } from "./launchAdvice.js"
import { nextActions } from "../actions/nextActions.js"
import { isGetter } from "../../upstream/commandPolicy.js"
import { widgetOptionClick } from "../../page/clickDispatch.js"
import { crashedTabFailure } from "./crashedTabText.js"
import { type FailureContext, type FailureOf, none } from "./failureContext.js"
import { type FormattedFailure, launchActions } from "./timeFailures.js"

/** A fill, check or select the tool refused before it ran (its own words in `detail`). */
const refusedSummary = (code: string | undefined): string =>
  code === CHECK_REFUSED
    ? "Not a checkbox: nothing was checked"
    : code === CHECK_DISABLED
      ? "A disabled box: left as it was"
      : code === SELECT_REFUSED
        ? "A disabled option: nothing was selected"
        : code === CLICK_DISABLED
          ? "Stayed disabled: nothing was clicked"
          : code === UPLOAD_REFUSED
            ? "Not a file input: nothing was uploaded"
            : "The fill was refused"

/** An upstream-error the tool found itself (its own words in `detail`, none of upstream's). */
const toolFound = (e: UpstreamFailed): boolean => e.upstreamMessage === undefined && e.detail !== undefined

const widgetOption = (session: string | undefined, target: ClickTarget): ReadonlyArray<NextAction> => {
  const click = widgetOptionClick(target)
  return click !== undefined ? [nextActions.clickWidgetOption(session, click)] : []
}

/** Getters given as commands; upstream groups them under `get`. */
const getterHint = (command: string): string =>
  "Getters are grouped under get: get " +
  (command === "title" || command === "url"
    ? command
    : command === "attr"
      ? "attr <selector> <name>"
      : `${command} <selector>`) +
  "."

export const upstreamFailed = (
  e: FailureOf<"UpstreamFailed">,
  { plan, session, args }: FailureContext
): FormattedFailure =>
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
      : e.fillVerification !== undefined ||
          [FILL_REFUSED, CHECK_REFUSED, CHECK_DISABLED, SELECT_REFUSED, CLICK_DISABLED, UPLOAD_REFUSED].includes(
            e.code ?? ""
          )
        ? {
            // the wrapper's own read of the field: not upstream's failure
            text: e.message,
            summary: e.fillVerification !== undefined ? "The fill did not take" : refusedSummary(e.code),
            // a check aimed at no box: the snapshot lists the boxes to check (page/checkGuard.ts); a click target
            // that stayed disabled: it shows the fields a page usually waits for (page/readiness.ts)
            nextActions: [CHECK_REFUSED, CHECK_DISABLED, CLICK_DISABLED].includes(e.code ?? "")
              ? [nextActions.refreshRefs(session)]
              : none
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
                text:
                  `${toolFound(e) ? "" : "agent-browser failed: "}${e.message}` +
                  `${e.stderr !== "" && !e.message.includes(e.stderr) ? `\nstderr: ${e.stderr}` : ""}` +
                  `${e.exitCode !== null && e.exitCode !== 1 ? `\nexit code: ${e.exitCode}` : ""}`,
                summary: `Upstream error: ${e.message.split("\n")[0] ?? ""}`.slice(0, 200),
                nextActions:
                  plan !== undefined && isNoActivePageSnapshot(plan, e) && session !== undefined
                    ? [nextActions.listTabsAfterNoActivePage(session)]
                    : e.code === "page_wedged" || e.code === "tab_gone"
                      ? [nextActions.listTabs(session)]
                      : none
              }
