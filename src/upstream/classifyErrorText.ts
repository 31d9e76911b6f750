/**
 * The error half of the only classifier (`classifyReply.ts` is the reply half): one upstream error message, with its
 * `code` and the command that failed, becomes exactly one typed error. Error text is matched here, once, against the
 * messages agent-browser 0.41 prints (reference §8).
 */
import {
  DIALOG_BLOCKING,
  NO_ACTIVE_PAGE,
  PAGE_NAVIGATED,
  DownloadNotVerified,
  PolicyBlocked,
  SelectorNotFound,
  SelectorUnsupported,
  StaleRef,
  TimedOut,
  UpstreamFailed,
  type LaunchDiagnostic,
  type UpstreamReplyError
} from "../schema/ToolError.js"
import { guardRefusalOf } from "./guardRefusal.js"
import { artifactRequest } from "./artifactPaths.js"
import { waitAssertionOf } from "./waitAssertion.js"
import { parseCommandLine } from "./commandLine.js"
import { refIdOf } from "../domain/RefSnapshot.js"
import { launchDiagnosticOf } from "./launchFailure.js"
import { locatorLabel, locatorMissOf, withoutMarker } from "./locatorMiss.js"

/** Upstream's words for an open JavaScript dialog blocking the page, in a refusal or a warning. */
export const mentionsBlockingDialog = (text: string | undefined): boolean =>
  text !== undefined && /\bA JavaScript \w+ dialog is blocking the page\b/.test(text)

/** Playwright/other-tool selector dialects that agent-browser does not implement. */
const UNSUPPORTED_SELECTOR =
  /^(text|role|label|placeholder|alt|title|testid)=|:has-text\(|:text\(|:visible\b|>>|^internal:/

/** Maps one upstream error message (plus its `code`) to the typed error that describes it. */
export const classifyErrorText = (
  upstreamMessage: string,
  given: {
    readonly code?: string | undefined
    readonly type?: string | undefined
    readonly data?: unknown
    readonly stderr: string
    readonly exitCode: number | null
    /** The command that failed (a batch row's own argv): locator misses are said in its terms. */
    readonly argv?: ReadonlyArray<string> | undefined
  }
): UpstreamReplyError => {
  // upstream's internal marker selector (find label|text|...) never reaches the caller: it is what they asked for
  const label = locatorLabel(given.argv)
  const message = withoutMarker(upstreamMessage, label)
  const extra = { ...given, stderr: withoutMarker(given.stderr, label) }
  // a browser that could not start or be reached stays upstream-error, with what kind of launch failure it was; it is
  // checked first, as its text may quote anything (a CDP timeout, Chrome's stderr)
  const launch = launchDiagnosticOf(message)
  if (launch !== undefined) return upstreamFailed(message, extra, launch)
  // the wrapper's own typing guard refused the focused field: its refusal is data for the guarded step
  const policyGuard = guardRefusalOf(message)
  if (policyGuard !== undefined)
    return new UpstreamFailed({ upstreamMessage: message, policyGuard, stderr: extra.stderr, exitCode: extra.exitCode })
  // the contract's order from here (D16): timeout, policy, stale ref, selector, download, upstream. One exception: a
  // download that timed out is a download that was not saved (CF5), whose follow-up `wait --download` picks it up
  // when it finishes late; as a plain timeout it would be retried or inspected instead
  const download = downloadRequest(given.argv)
  if (download === undefined) {
    const timedOut = timeoutOf(message, { ...extra, argv: given.argv })
    if (timedOut !== undefined) return timedOut
  }
  if (/not in the allowed domains list|denied by policy|not allowed by domain filter/i.test(message))
    return new PolicyBlocked({ upstreamMessage: message })
  const staleRef = /Unknown ref: (\S+)|Stale ref (?!for\b)(\S+)/.exec(message)
  if (staleRef !== null)
    return new StaleRef({
      ref: (staleRef[1] ?? staleRef[2] ?? "").replace(/^@|[.:,]$/g, ""),
      reason: "upstream",
      upstreamMessage: message
    })
  // "Stale ref for role=option name=France cannot be recovered: ...": the ref is the command's own
  if (/^Stale ref for /.test(message))
    return new StaleRef({
      ref: refOf(given.argv),
      reason: "upstream",
      upstreamMessage: message.replace(/\s*Run snapshot again and use a fresh ref\.*$/, "")
    })
  const notFound = /Element not found: (.+?)\. Verify the selector/s.exec(message)
  if (notFound !== null) {
    const selector = notFound[1] ?? ""
    return UNSUPPORTED_SELECTOR.test(selector)
      ? new SelectorUnsupported({ selector, reason: "dialect", upstreamMessage: message })
      : new SelectorNotFound({ selector, reason: "no-match", upstreamMessage: message })
  }
  const miss = locatorMissOf(upstreamMessage, given.argv)
  if (miss !== undefined) return new SelectorNotFound(miss)
  const byLocator = /No element found by (\w+) '([^']*)'/.exec(message)
  if (byLocator !== null)
    return new SelectorNotFound({
      selector: `${byLocator[1]}=${byLocator[2]}`,
      reason: "no-match",
      upstreamMessage: message
    })
  if (/but none match name|No element matches|Could not find frame/.test(message))
    return new SelectorNotFound({ selector: label ?? "", reason: "no-match", upstreamMessage: message })
  const pageState = pageStateCode(message)
  if (pageState !== undefined) return upstreamFailed(message, { ...extra, code: extra.code ?? pageState }, undefined)
  // any other failure of a download (0.41 says "Operation timed out" when none started, "Failed to move downloaded
  // file" when it could not be saved) is a download that was not saved: its follow-up is `wait --download`
  if (download !== undefined)
    return new DownloadNotVerified({ requestedPath: download, reason: "upstream", upstreamMessage: message })
  // a read cut by the page going to another document (a script redirect while the page was read), or sent as the old
  // document's context went away (a check whose change handler loaded the next page: page/checkReadBack.ts)
  if (/\bInspected target navigated or closed\b|\bCannot find context with specified id\b/.test(message))
    return upstreamFailed(message, { ...extra, code: extra.code ?? PAGE_NAVIGATED }, undefined)
  return upstreamFailed(message, extra, undefined)
}

/**
 * The page's state refused the command: the session's browser has no page to act on (its refs are void: refTracking
 * invalidates them), or an open alert/confirm/prompt refused it (0.41: "A JavaScript confirm dialog is blocking the
 * page: …").
 */
const pageStateCode = (message: string): string | undefined =>
  /\bNo active page\b/i.test(message) ? NO_ACTIVE_PAGE : mentionsBlockingDialog(message) ? DIALOG_BLOCKING : undefined

/** Upstream's own timeouts: a wait that ran out, or a request whose answer never came (it may have run). */
interface TimeoutExtra {
  readonly code?: string | undefined
  readonly stderr: string
  readonly argv?: ReadonlyArray<string> | undefined
}

const timeoutOf = (message: string, extra: TimeoutExtra): TimedOut | undefined => {
  if (extra.code === "outcome_unknown")
    return new TimedOut({
      reason: "outcome-unknown",
      upstreamMessage: message,
      timeoutMs: 0,
      dispatched: "maybe",
      stdout: "",
      stderr: extra.stderr
    })
  // a navigation whose load event never came (one resource that never loads): the page itself may be usable
  const navigation = /Timed out after (\d+)ms waiting for load state '(\w+)'/.exec(message)
  if (navigation !== null) {
    const timeoutMs = Number(navigation[1] ?? 0)
    const loadState = navigation[2] ?? "load"
    const dispatched = "maybe" as const
    return new TimedOut({
      reason: "upstream-wait",
      upstreamMessage: message,
      timeoutMs,
      loadState,
      dispatched,
      stdout: "",
      stderr: extra.stderr
    })
  }
  const waited = /(Wait timed out after (\d+)ms|Operation timed out)/.exec(message)
  if (waited === null) return undefined
  // a wait for a text or URL that ran its time: the assertion was not met (its words say what was expected)
  const assertion = waitAssertionOf(extra.argv)
  return new TimedOut({
    reason: "upstream-wait",
    upstreamMessage: message,
    timeoutMs: Number(waited[2] ?? 0),
    dispatched: "no",
    stdout: "",
    stderr: extra.stderr,
    ...(assertion !== undefined ? { assertion } : {})
  })
}

/** For a `download` / `wait --download` command: the path it asked for ("" when none). */
const downloadRequest = (argv: ReadonlyArray<string> | undefined): string | undefined => {
  if (argv === undefined) return undefined
  const line = parseCommandLine(argv)
  const request = artifactRequest(line)
  if (request?.kind !== "download") return undefined
  return request.pathIndex !== undefined ? (line.positionals[request.pathIndex] ?? "") : ""
}

/** The first `@eN` / `eN` / `ref=eN` of a command, without its prefix ("" when it has none). */
const refOf = (argv: ReadonlyArray<string> | undefined): string =>
  (argv ?? [])
    .slice(1)
    .map(refIdOf)
    .find((id) => id !== undefined) ?? ""

const upstreamFailed = (
  message: string,
  extra: Parameters<typeof classifyErrorText>[1],
  launch: LaunchDiagnostic | undefined
) =>
  new UpstreamFailed({
    upstreamMessage: message,
    ...(launch !== undefined ? { launch } : {}),
    ...(extra.code !== undefined ? { code: extra.code } : {}),
    ...(extra.type !== undefined ? { type: extra.type } : {}),
    ...(extra.data !== undefined && extra.data !== null ? { data: extra.data } : {}),
    stderr: extra.stderr,
    exitCode: extra.exitCode
  })
