/**
 * Failures of time and launch: a call that ran out of time (its watchdog, upstream's wait, an assertion), a pool that
 * kept the launch queued, a session another process held, and the next actions of a launch that failed. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { LaunchDiagnostic, TimedOut } from "../../schema/ToolError.js"
import { MAX_TIMEOUT_MS } from "../../schema/ToolInput.js"
import { nextActions } from "../actions/nextActions.js"
import { timeoutProgressText } from "./timeoutProgressText.js"
import { assertionActions, assertionFailureLine } from "./assertionFailure.js"

export interface FormattedFailure {
  readonly text: string
  readonly summary: string
  readonly nextActions: ReadonlyArray<NextAction>
}

/** A call that ran out of time: its watchdog, or upstream's own wait. */
export const timedOut = (plan: Plan | undefined, e: TimedOut, session: string | undefined): FormattedFailure => {
  const partial = e.partialProgress
  const next = partial?.firstIncompleteStep
  const progressText = partial === undefined ? "" : `\n${timeoutProgressText(plan, partial)}`
  return {
    text:
      (e.reason === "no-commit"
        ? `Timed out after ${e.timeoutMs} ms: the page did not answer (its document never arrived). ` +
          "Check the page before retrying, or raise timeoutMs for a slow server."
        : e.reason === "page-busy"
          ? `Stopped after ${e.timeoutMs} ms: while \`${(plan?.line.positionals ?? []).join(" ").slice(0, 60)}\` ` +
            "ran, the page stopped answering DevTools and its renderer stayed busy (seen twice), so the " +
            "agent-browser process was stopped before its budget ran out. A page that is only slow: give timeoutMs " +
            "to wait it out."
          : e.source === "watchdog"
            ? `Timed out after ${e.timeoutMs} ms; the agent-browser process was stopped. The action may or may not ` +
              "have happened: check the page before retrying, or raise timeoutMs for slow steps."
            : e.assertion !== undefined
              ? assertionFailureLine(e)
              : `Upstream timed out: ${e.message}`) + progressText,
    summary:
      e.reason === "page-busy"
        ? "The page stopped answering (busy)"
        : e.source === "watchdog"
          ? `Timed out after ${e.timeoutMs} ms`
          : e.assertion !== undefined
            ? "Assertion failed"
            : "Upstream wait timed out",
    // a fresh launch that timed out was closed (abandoned, freshLaunch.ts): its name is no session any more; a retry
    // launches afresh (`sessionMode: "fresh"`, X3) and a look goes to the session that stayed current
    nextActions:
      next?.retryable === true
        ? [
            plan?.sessionRole === "fresh"
              ? nextActions.retryTimeoutStep(undefined, next.command, next.retryTimeoutMs, "fresh")
              : nextActions.retryTimeoutStep(session, next.command, next.retryTimeoutMs)
          ]
        : next !== undefined
          ? [nextActions.inspectAfterTimedOutStep(plan?.sessionRole === "fresh" ? undefined : session)]
          : (assertionActions(e, session) ?? [nextActions.inspectAfterTimeout(session)])
  }
}

/** The call as the caller gave it (args mode), else the argv it compiled to. */
export const callInput = (plan: Plan | undefined, args: ReadonlyArray<string>) =>
  plan?.compiled.mode === "args"
    ? { args: plan.input.args ?? args, stdin: plan.input.stdin, sessionMode: plan.input.sessionMode }
    : { args: plan?.args ?? args, stdin: plan?.stdin }

/** A launch that failed: the fix it needs, as next actions that do not repeat what failed. */
export const launchActions = (
  plan: Plan | undefined,
  launch: LaunchDiagnostic,
  args: ReadonlyArray<string>
): ReadonlyArray<NextAction> => {
  switch (launch.reason) {
    case "profile-locked":
    case "profile-not-found":
      return [nextActions.inspectProfiles(), nextActions.runDoctor()]
    case "pool-full": {
      const budget = plan?.timeoutMs ?? 35_000
      return [nextActions.retryWhenPoolHasRoom(callInput(plan, args), Math.min(MAX_TIMEOUT_MS, budget * 3))]
    }
    case "provider-api": {
      const own = withoutProvider(callInput(plan, args).args)
      // a configured pool applies to managed sessions only: a session of its own launches locally
      return [
        plan?.pool !== undefined && plan.sessionName !== undefined
          ? nextActions.useLocalBrowser(["--session", `${plan.sessionName}-local`, ...own], undefined)
          : nextActions.useLocalBrowser(
              own,
              plan?.sessionRole === "managed" || plan?.sessionRole === "fresh" ? "fresh" : undefined
            )
      ]
    }
    default:
      return [nextActions.runDoctor()]
  }
}

/** Args without `-p/--provider <name>`. */
const withoutProvider = (args: ReadonlyArray<string>): ReadonlyArray<string> =>
  args.filter(
    (t, i) =>
      !(
        t === "-p" ||
        t === "--provider" ||
        t.startsWith("--provider=") ||
        ((args[i - 1] === "-p" || args[i - 1] === "--provider") && i > 0)
      )
  )

/** A pool launch kept queued past the budget, its connection closed: the pool, and the same call with a longer wait. */
export const poolQueued = (plan: Plan | undefined, e: TimedOut, args: ReadonlyArray<string>): FormattedFailure => ({
  text:
    `The browser pool at ${e.poolEndpoint ?? "?"} did not give this session a browser within ` +
    `${Math.round(e.timeoutMs / 1000)} s: it is at its limit and kept the launch queued. The queued connection ` +
    "was closed, so the pool will not start a browser for it later; nothing else ran. Retry with a longer " +
    "timeoutMs to wait in its queue, or when other agents have finished.",
  summary: `Queued by the browser pool at ${e.poolEndpoint ?? "?"}`,
  nextActions: [nextActions.retryWhenPoolHasRoom(callInput(plan, args), Math.min(MAX_TIMEOUT_MS, e.timeoutMs * 3))]
})

/**
 * Another process held the session's lock for the whole budget: who, for how long, and the same call with a longer
 * wait.
 */
export const sessionBusy = (plan: Plan | undefined, e: TimedOut, args: ReadonlyArray<string>): FormattedFailure => {
  const holder = e.holder
  const who =
    holder === undefined
      ? "another process"
      : `${holder.sameProcess === true ? "another runtime in this process" : "another process"} (pid ` +
        `${holder.pid}: ${holder.command}` +
        `${holder.heldMs !== undefined ? `, holding it for ${Math.round(holder.heldMs / 1000)} s` : ""})`
  const input = callInput(plan, args)
  // long enough for the holder's call to use its whole budget, then for this call's own
  const longer = Math.min(
    MAX_TIMEOUT_MS,
    Math.max(e.timeoutMs * 2, (holder?.remainingMs ?? holder?.heldMs ?? 0) + e.timeoutMs + 1_000)
  )
  return {
    text:
      `Browser session ${plan?.sessionName ?? ""} is in use by ${who}; waited ${Math.round(e.timeoutMs / 1000)}` +
      " s for it and ran nothing. One call drives a browser at a time. Retry with a longer timeoutMs to wait for " +
      "it, or use a browser of your own (an explicit --session name) if the other process is not yours to wait " +
      "for.",
    summary: `Session in use by pid ${holder?.pid ?? "?"}`,
    nextActions: longer > e.timeoutMs ? [nextActions.retryWhenSessionFree(input, longer)] : []
  }
}
