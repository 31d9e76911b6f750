/**
 * The errors one upstream reply can be classified as (`upstream/classifyReply.ts`, the only classifier), as tagged
 * Schema errors; the rest of the vocabulary and the tag ↔ category proofs are in `ToolError.ts`, which re-exports
 * these. Upstream's own words stay a field (`upstreamMessage`); `message` is derived from the fields.
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
 * (`session-lock`, with its `holder`; nothing ran). `dispatched` says whether the browser may already have acted.
 */
export class TimedOut extends Schema.TaggedError<TimedOut>()("TimedOut", {
  reason: Schema.Literal(
    "upstream-wait",
    "outcome-unknown",
    "no-answer",
    "no-commit",
    "step-budget",
    "debug-port",
    "session-lock"
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
  /** The session's tab crashed: read over DevTools after the call (program/lifecycle/crashedTab.ts). */
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
        return `the ${this.timeoutMs} ms budget ran out before step ${(this.partialProgress?.firstIncompleteStep?.index ?? 0) + 1}`
      case "no-commit":
        return `the page did not answer within ${this.timeoutMs} ms (its document never arrived)`
      case "debug-port":
        return `${this.app ?? "the app"} did not open its debug port within ${this.timeoutMs} ms`
      case "session-lock":
        return `the session lock ${this.lockPath ?? "?"} was held by ${this.holder !== undefined ? `pid ${this.holder.pid}` : "another process"} for the whole ${this.timeoutMs} ms`
    }
  }
}

/** A wait's assertion that was not met, in the words of the expectation (`timeoutMs` 0: upstream did not say). */
export const assertionMissText = (assertion: WaitAssertion, timeoutMs: number): string => {
  const within = timeoutMs > 0 ? ` within ${timeoutMs} ms` : ""
  const expected = JSON.stringify(assertion.expected)
  if (assertion.kind === "text") return `the text ${expected} was not visible on the page${within}`
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

/** `UpstreamFailed.code` of a command an open JavaScript dialog refused (upstream's "… dialog is blocking the page"). */
export const DIALOG_BLOCKING = "dialog_blocking"

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

/** What an `@eN` ref showed in the last snapshot. */
const RefCandidate = Schema.Struct({ ref: Schema.String, role: Schema.String, name: Schema.String })

/**
 * Why a ref is stale. `upstream`: upstream said so; the rest the wrapper knew before asking: the ref is not in the
 * latest snapshot (`not-in-snapshot`), the page navigated since (`navigated`) or is another page now (`page-moved`),
 * the daemon restarted (`daemon-restarted`), the last snapshot found no active page (`no-active-page`), its browser or
 * attached browser is gone (`browser-gone`, `attached-browser-gone`), another tab took the focus (`focus-moved`), or an
 * earlier batch step may have changed the page (`after-page-change`).
 */
export const StaleRefReason = Schema.Literal(
  "upstream",
  "not-in-snapshot",
  "navigated",
  "page-moved",
  "daemon-restarted",
  "no-active-page",
  "browser-gone",
  "attached-browser-gone",
  "focus-moved",
  "after-page-change"
)

/**
 * A `@eN` ref that no longer names an element (navigation, rerender, or a new daemon): upstream said so
 * (`upstreamMessage`), or the wrapper's preflight knew before asking (`detail`); `reason` says which case it is.
 * `batchStep` (1-based) names the batch step whose ref it was.
 */
export class StaleRef extends Schema.TaggedError<StaleRef>()("StaleRef", {
  ref: Schema.String,
  reason: StaleRefReason,
  upstreamMessage: optional(Schema.String),
  detail: optional(Schema.String),
  batchStep: optional(Schema.Number),
  /** A ref of the same role and name a pointer can reach, from the latest snapshot: the retry that makes progress. */
  twin: optional(RefCandidate)
}) {
  get source(): "upstream" | "preflight" {
    return this.upstreamMessage !== undefined ? "upstream" : "preflight"
  }
  override get message(): string {
    return `${this.batchStep !== undefined ? `batch step ${this.batchStep}: ` : ""}${this.upstreamMessage ?? this.detail ?? ""}`
  }
}

/**
 * A selector that reached no element the action could act on. `reason`: nothing matched (`no-match`), the match is
 * hidden (`hidden`), a locator's first match (the one upstream acts on) is hidden (`first-match-hidden`), the latest
 * snapshot proved a ref unreachable by a pointer while a twin is reachable (`unreachable-ref`, said in `detail`, the
 * twin in `fallback`), a role/name click or check none of whose matches a pointer can reach while controls of that
 * name can (`unreachable-match`, found before anything ran: the first match in `hiddenMatch`, those controls in
 * `fallback`), or a `select` target is not a native `<select>` (`not-native-select`). `fallback` lists current refs
 * that exactly match the intended target.
 */
export class SelectorNotFound extends Schema.TaggedError<SelectorNotFound>()("SelectorNotFound", {
  selector: Schema.String,
  reason: Schema.Literal(
    "no-match",
    "hidden",
    "first-match-hidden",
    "unreachable-ref",
    "unreachable-match",
    "not-native-select"
  ),
  upstreamMessage: optional(Schema.String),
  detail: optional(Schema.String),
  /** The action a hidden first match would not receive (`first-match-hidden`). */
  action: optional(Schema.String),
  /** The values upstream said it selected on an element that is not a native select (`not-native-select`). */
  values: optional(Schema.Array(Schema.String)),
  fallback: optional(Schema.Struct({ action: Schema.String, refs: Schema.Array(RefCandidate) })),
  candidates: optional(Schema.Array(Schema.Struct({ role: Schema.Literal("button", "link"), name: Schema.String }))),
  /** How long the command waited for its target before giving up (absent: it did not wait). */
  readinessWaitMs: optional(Schema.Number),
  /** The hidden first match as a fresh snapshot lists it (`first-match-hidden`; a pointer cannot reach it). */
  hiddenMatch: optional(RefCandidate)
}) {
  override get message(): string {
    switch (this.reason) {
      case "first-match-hidden":
        return `The first element matching ${this.selector !== "" ? this.selector : "the locator"} is hidden, so the ${this.action ?? "action"} would not reach it (upstream acts on the first match).`
      case "unreachable-match":
        return `No element matching ${this.selector} can be reached by a pointer (a fresh snapshot -i and a hit test), so the ${this.action ?? "action"} was not run.`
      case "not-native-select":
        return (
          `${this.selector} is not a native <select>, so select changed nothing (upstream still answered Selected ${JSON.stringify(this.values ?? [])}). ` +
          "For a custom combobox: click it to open its list, take snapshot -i, then click the option's ref (or type and press Enter)."
        )
      default:
        return this.upstreamMessage ?? this.detail ?? ""
    }
  }
}

/**
 * A selector upstream cannot use. `reason`: a dialect it does not support (Playwright `text=`, `:has-text()`, ...; its
 * words in `upstreamMessage`), or not a selector at all (`invalid-css`: the page's `querySelectorAll` refused it as
 * CSS, which upstream read as no element).
 */
export class SelectorUnsupported extends Schema.TaggedError<SelectorUnsupported>()("SelectorUnsupported", {
  selector: Schema.String,
  reason: Schema.Literal("dialect", "invalid-css"),
  upstreamMessage: optional(Schema.String)
}) {
  override get message(): string {
    return this.reason === "invalid-css" ? `${this.selector} is not a valid CSS selector` : (this.upstreamMessage ?? "")
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
