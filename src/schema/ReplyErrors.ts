/**
 * The errors one upstream reply can be classified as (`upstream/classifyReply.ts`, the only classifier), as tagged
 * Schema errors; the rest of the vocabulary and the tag ↔ category proofs are in `ToolError.ts`, which re-exports
 * these. Upstream's own words stay a field (`upstreamMessage`); `message` is derived from the fields. A target that
 * could not be acted on (a stale ref, a selector) is in `TargetErrors.ts`.
 */
import * as Schema from "effect/Schema"
import { PolicyViolation } from "./SecurityPolicy.js"
import { ClickDispatch, FillVerification } from "./PageDiagnostics.js"
import { ElectronLaunchDiagnostics } from "./ElectronRecord.js"
import { PromptGuard } from "./PromptGuard.js"
import {
  Dispatched,
  GuardRefusal,
  LaunchDiagnostic,
  LockHolder,
  PartialProgress,
  TabCrashed,
  WaitAssertion
} from "./ErrorFields.js"
import { optional } from "./exactOptional.js"

/**
 * The call ran out of time. `reason` says whose clock: upstream gave up waiting (`upstream-wait`, its words in
 * `upstreamMessage`) or could not say whether the action ran (`outcome-unknown`); the wrapper's watchdog ended the
 * process (`no-answer`), a step-by-step run's budget ran out before a step (`step-budget`), an Electron app did not
 * open its debug port (`debug-port`), an `open` navigated over DevTools got no document in time (`no-commit`: the
 * server never answered; the navigation may still be pending), or another process held the session's lock for the
 * whole budget
 * (`session-lock`, with its `holder`; nothing ran), or a click's page stopped answering DevTools while its renderer
 * stayed busy, so the wrapper ended the process before its budget (`page-busy`, after `timeoutMs`). `dispatched` says
 * whether the browser may already have acted.
 */
export class TimedOut extends Schema.TaggedError<TimedOut>()("TimedOut", {
  reason: Schema.Literal(
    "upstream-wait",
    "outcome-unknown",
    "no-answer",
    "no-commit",
    "step-budget",
    "debug-port",
    "session-lock",
    "page-busy"
  ),
  upstreamMessage: optional(Schema.String),
  /** The Electron app whose debug port did not open (`debug-port`). */
  app: optional(Schema.String),
  /** The session lock file another process held (`session-lock`), and who held it. */
  lockPath: optional(Schema.String),
  holder: optional(LockHolder),
  timeoutMs: Schema.Number,
  dispatched: Dispatched,
  stdout: Schema.String,
  stderr: Schema.String,
  /** For step-by-step runs (job, qa, lookups, a caller's batch): which steps completed, the retry, page and files. */
  partialProgress: optional(PartialProgress),
  /** An `electron.launch` whose CDP port was not ready in time: what the launcher knew. */
  electronLaunch: optional(ElectronLaunchDiagnostics),
  /**
   * The load state a navigation waited for and never reached (`open`: "Timed out after 25000ms waiting for load state
   * 'load'"): the page may be shown and usable, with one resource still loading.
   */
  loadState: optional(Schema.String),
  /** The page the session was on (for recovery in a fresh session when a dialog hung this one). */
  lastUrl: optional(Schema.String),
  /** A launch the browser pool at this endpoint kept queued past the budget (its connection was closed). */
  poolEndpoint: optional(Schema.String),
  /** An upstream wait that asserted a text or URL (`assertText`, `assertUrl`, `wait --text`): a miss, not a hang. */
  assertion: optional(WaitAssertion),
  /** The session's tab crashed: read over DevTools after the call (program/lifecycle/pageHealth.ts). */
  tabCrashed: optional(TabCrashed)
}) {
  /** Whose clock ran out: upstream's own wait, the wrapper's watchdog, or another process's hold on the session. */
  get source(): "watchdog" | "upstream" | "session-lock" {
    return this.reason === "upstream-wait" || this.reason === "outcome-unknown"
      ? "upstream"
      : this.reason === "session-lock"
        ? "session-lock"
        : "watchdog"
  }
  override get message(): string {
    switch (this.reason) {
      case "upstream-wait":
        if (this.assertion !== undefined) return assertionMissText(this.assertion, this.timeoutMs)
        return this.upstreamMessage ?? ""
      case "outcome-unknown":
        return this.upstreamMessage ?? ""
      case "no-answer":
        return `no answer within ${this.timeoutMs} ms; the process group was ended`
      case "step-budget":
        return (
          `the ${this.timeoutMs} ms budget ran out before step ` +
          `${(this.partialProgress?.firstIncompleteStep?.index ?? 0) + 1}`
        )
      case "no-commit":
        return `the page did not answer within ${this.timeoutMs} ms (its document never arrived)`
      case "page-busy":
        return (
          "the page stopped answering and its renderer stayed busy; the process group was ended after " +
          `${this.timeoutMs} ms`
        )
      case "debug-port":
        return `${this.app ?? "the app"} did not open its debug port within ${this.timeoutMs} ms`
      case "session-lock":
        return (
          `the session lock ${this.lockPath ?? "?"} was held by ` +
          `${this.holder !== undefined ? `pid ${this.holder.pid}` : "another process"} for the whole ` +
          `${this.timeoutMs} ms`
        )
    }
  }
}

/** A wait's assertion that was not met, in the words of the expectation (`timeoutMs` 0: upstream did not say). */
export const assertionMissText = (assertion: WaitAssertion, timeoutMs: number): string => {
  const within = timeoutMs > 0 ? ` within ${timeoutMs} ms` : ""
  const expected = JSON.stringify(assertion.expected)
  if (assertion.kind === "text") {
    const shows =
      assertion.seenText === undefined
        ? ""
        : assertion.seenText === ""
          ? "; the page shows no text"
          : `; the page shows ${JSON.stringify(assertion.seenText)}`
    return `the text ${expected} was not visible on the page${within}${shows}`
  }
  const seen = assertion.seenUrl !== undefined ? `; the page is at ${assertion.seenUrl}` : ""
  return `the URL did not match ${expected}${within}${seen}`
}

/** Upstream printed something that is not one of its known envelopes. `detail` says what could not be read. */
export class ParseFailure extends Schema.TaggedError<ParseFailure>()("ParseFailure", {
  detail: Schema.String,
  stdout: Schema.String,
  stderr: Schema.String,
  exitCode: Schema.NullOr(Schema.Number)
}) {
  override get message(): string {
    return this.detail
  }
}

/** `UpstreamFailed.code` of a session whose browser has no page to act on (upstream's "No active page"). */
export const NO_ACTIVE_PAGE = "no_active_page"

/**
 * `UpstreamFailed.code` of a command an open JavaScript dialog refused (upstream's "… dialog is blocking the page").
 */
export const DIALOG_BLOCKING = "dialog_blocking"

/**
 * `UpstreamFailed.code` of a page read cut by a navigation (upstream's "Inspected target navigated or closed"): the
 * page went on to another document (a script redirect) while it was being read; a read after it sees where it landed.
 */
export const PAGE_NAVIGATED = "page_navigated"

/**
 * The session's browser is gone (`UpstreamFailed.browserLost`, code `browser_lost`): its daemon or Chromium exited, or
 * the browser it was attached to cannot be reached, was replaced, or closed its tab; the page it was on, when known.
 */
export const BrowserLost = Schema.Struct({
  reason: Schema.Literal(
    "daemon-exited",
    "browser-exited",
    "attached-unreachable",
    "attached-replaced",
    "attached-target-closed"
  ),
  lastUrl: optional(Schema.String),
  endpoint: optional(Schema.String)
})

/**
 * Upstream reported a failure that no more specific error describes (its words in `upstreamMessage`), or the wrapper
 * found one upstream did not report (a browser lost, a click that reached nothing, an app that would not start:
 * `detail`).
 */
export class UpstreamFailed extends Schema.TaggedError<UpstreamFailed>()("UpstreamFailed", {
  upstreamMessage: optional(Schema.String),
  detail: optional(Schema.String),
  code: optional(Schema.String),
  type: optional(Schema.String),
  data: optional(Schema.Unknown),
  stderr: Schema.String,
  exitCode: Schema.NullOr(Schema.Number),
  /** An `electron.launch` that could not spawn the app or reach its CDP endpoint: what the launcher knew. */
  electronLaunch: optional(ElectronLaunchDiagnostics),
  /** The browser could not start or be reached (a launch, attach or CDP failure). */
  launch: optional(LaunchDiagnostic),
  /** A click upstream called done that no trusted event delivered to its target. */
  clickDispatch: optional(ClickDispatch),
  /** A job's fill upstream called done whose field did not take the text (read back in the same process). */
  fillVerification: optional(FillVerification),
  /** The wrapper's typing guard step refused the focused field (its eval row failed with the guard's mark). */
  policyGuard: optional(GuardRefusal),
  /** The session's browser was lost (code `browser_lost`): how, and where its page was. */
  browserLost: optional(BrowserLost),
  /** The session's tab crashed (`Navigation failed: net::ERR_ABORTED`, `page_wedged`, a CDP timeout were its signs). */
  tabCrashed: optional(TabCrashed)
}) {
  override get message(): string {
    return this.upstreamMessage ?? this.detail ?? ""
  }
}

/**
 * Upstream held an action for `confirm <id>` / `deny <id>`. `decision` says what the wrapper did: asked the human
 * through pi's UI and they declined (`denied`), or had no UI to ask and declined on their behalf (`no-ui`); without
 * a decision the action is still pending.
 */
export class ConfirmationRequired extends Schema.TaggedError<ConfirmationRequired>()("ConfirmationRequired", {
  confirmationId: Schema.String,
  action: Schema.String,
  decision: optional(Schema.Literal("denied", "no-ui"))
}) {
  override get message(): string {
    return this.decision === "denied"
      ? `the user declined the ${this.action} action`
      : this.decision === "no-ui"
        ? `the ${this.action} action needs a human's approval and there is no UI to ask`
        : `agent-browser holds the ${this.action} action for confirmation (id ${this.confirmationId})`
  }
}

/**
 * A policy refused the action: upstream's domain allow-list (`upstreamMessage`), or the wrapper's own (`detail`, with
 * `policy`, `violation` or `promptGuard` saying which).
 */
export class PolicyBlocked extends Schema.TaggedError<PolicyBlocked>()("PolicyBlocked", {
  upstreamMessage: optional(Schema.String),
  detail: optional(Schema.String),
  /** An `electron.launch` refused by the caller's allow/deny lists: which list, and the deny entry that matched. */
  policy: optional(Schema.Struct({ list: Schema.Literal("allow", "deny"), entry: optional(Schema.String) })),
  /** A security-policy rule the call broke (`details.policy`). */
  violation: optional(PolicyViolation),
  /** A close refused while screenshots the prompt asked for are missing (`details.promptGuard`). */
  promptGuard: optional(PromptGuard)
}) {
  override get message(): string {
    return this.upstreamMessage ?? this.detail ?? this.promptGuard?.summary ?? ""
  }
}
