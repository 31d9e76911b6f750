/**
 * Every way a tool call can fail, as tagged errors. Each tag maps to exactly one `failureCategory` and every
 * category is reached by exactly one tag; both directions are checked by the compiler below, so adding a category
 * or an error without its partner does not build. Errors carry data; prose belongs to the presenter.
 */
import type { PromptGuard } from "./PromptGuard.js"
import * as Data from "effect/Data"
import type { FailureCategory } from "./Categories.js"
import type { PolicyViolation } from "./SecurityPolicy.js"
import type { ClickDispatch } from "./PageDiagnostics.js"
import type { ElectronCleanupReport, ElectronLaunchDiagnostics } from "./ElectronRecord.js"

/** A recovery hint for launch-scoped flags sent to an already-active managed session. */
export interface SessionRecoveryHint {
  readonly reason: "launch-flags-on-active-session"
  readonly recommendedSessionMode: "fresh"
  /** The caller's argv (the presenter redacts it), to retry as is with `sessionMode: "fresh"`. */
  readonly exampleArgs: ReadonlyArray<string>
  readonly exampleParams: { readonly args: ReadonlyArray<string>; readonly sessionMode: "fresh" }
  /** Additive: the launch flags that could not apply, and the browser that is already running. */
  readonly flags: ReadonlyArray<string>
  readonly activeSession: string
}

/**
 * Why a browser could not start or be reached, recognised from upstream's reply (classifyReply) and completed with
 * what the call chose (the executable path, the CDP endpoint). Launch failures stay `UpstreamFailed`
 * (`upstream-error`); this is what tells them apart from a page error.
 */
export interface LaunchDiagnostic {
  readonly reason:
    | "executable-missing"
    | "executable-not-runnable"
    | "exited-at-start"
    | "sandbox"
    | "profile-locked"
    | "profile-not-found"
    | "cdp-unreachable"
    /** The session's daemon did not come up (a simultaneous start by another process, or it exited starting); retried once. */
    | "daemon-start"
    /** The browser pool refused the connection: at its limit with its queue full (HTTP 429). */
    | "pool-full"
    /** A provider's session API answered an error (`-p <provider>`): e.g. a self-hosted build without that API. */
    | "provider-api"
  /** The browser executable upstream tried, and what chose it. */
  readonly executablePath?: string
  readonly executableSource?: "--executable-path" | "AGENT_BROWSER_EXECUTABLE_PATH" | "upstream-default"
  /** The `--cdp` / `connect` endpoint that did not answer. */
  readonly endpoint?: string
  /** The profile folder or name that is locked or could not be resolved. */
  readonly profile?: string
  /** The provider whose API failed, and the HTTP status it answered. */
  readonly provider?: string
  readonly httpStatus?: number
  /** The browser's own exit code when it exited at start. */
  readonly browserExitCode?: number
}

/** The input was rejected before anything ran. */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{
  readonly message: string
  readonly field?: string
  readonly sessionRecoveryHint?: SessionRecoveryHint
  /** A flag upstream would ignore (`flag` of `command`): the same call without it (what upstream would have run). */
  readonly withoutFlag?: { readonly flag: string; readonly command: string; readonly args: ReadonlyArray<string>; readonly stdin?: string; readonly timeoutMs?: number }
}> {}

/** `agent-browser` could not be found, started, or is outside the supported version range. */
export class MissingBinary extends Data.TaggedError("MissingBinary")<{
  readonly reason: "not-found" | "not-executable" | "unsupported-version"
  readonly searched: ReadonlyArray<string>
  readonly foundVersion?: string
  readonly supportedRange: string
  readonly detail?: string
}> {}

/** Another process holding a session's lock (SessionLock): who it is, as it wrote itself into the lock file. */
export interface LockHolder {
  readonly pid: number
  /** Its executable and script (never the rest of its argv: a prompt there may hold a secret). */
  readonly command: string
  /** How long it had held the lock when the waiter gave up. */
  readonly heldMs?: number
  /** What is left of the holder's own call budget (its watchdog), as it declared it. */
  readonly remainingMs?: number
  /** The holder is the waiter's own process (two runtimes, e.g. an embedder's and pi's). */
  readonly sameProcess?: boolean
}

/**
 * The call ran out of time: the wrapper's watchdog ended the process, upstream gave up waiting (a `wait` that timed
 * out, a navigation with no answer), or another process held the session's lock for the whole budget
 * (`session-lock`, with its `holder`; nothing ran). `dispatched` says whether the browser may already have acted.
 */
export class TimedOut extends Data.TaggedError("TimedOut")<{
  readonly source: "watchdog" | "upstream" | "session-lock"
  readonly holder?: LockHolder
  readonly message: string
  readonly timeoutMs: number
  readonly dispatched: "no" | "maybe"
  readonly stdout: string
  readonly stderr: string
  /** For step-by-step job/qa runs: which steps completed and whether the first incomplete one may be retried. */
  readonly partialProgress?: {
    readonly completedSteps: number
    readonly totalSteps: number
    readonly firstIncompleteStep?: { readonly index: number; readonly command: ReadonlyArray<string>; readonly retryable: boolean }
  }
  /** An `electron.launch` whose CDP port was not ready in time: what the launcher knew. */
  readonly electronLaunch?: ElectronLaunchDiagnostics
  /** The page the session was on (for recovery in a fresh session when a dialog hung this one). */
  readonly lastUrl?: string
  /** A launch the browser pool at this endpoint kept queued past the budget (its connection was closed). */
  readonly poolEndpoint?: string
}> {}

/** The caller (pi's abort signal) cancelled the call; the process group was ended. */
export class Aborted extends Data.TaggedError("Aborted")<{
  readonly dispatched: "no" | "maybe"
}> {}

/** Upstream printed something that is not one of its known envelopes. */
export class ParseFailure extends Data.TaggedError("ParseFailure")<{
  readonly message: string
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number | null
}> {}

/** Upstream reported a failure that no more specific error describes. */
/** `UpstreamFailed.code` of a session whose browser has no page to act on (upstream's "No active page"). */
export const NO_ACTIVE_PAGE = "no_active_page"

export class UpstreamFailed extends Data.TaggedError("UpstreamFailed")<{
  readonly message: string
  readonly code?: string
  readonly type?: string
  readonly data?: unknown
  readonly stderr: string
  readonly exitCode: number | null
  /** An `electron.launch` that could not spawn the app or reach its CDP endpoint: what the launcher knew. */
  readonly electronLaunch?: ElectronLaunchDiagnostics
  /** The browser could not start or be reached (a launch, attach or CDP failure). */
  readonly launch?: LaunchDiagnostic
  /** A click upstream called done that no trusted event delivered to its target. */
  readonly clickDispatch?: ClickDispatch
}> {}

/** A `@eN` ref that no longer names an element (navigation, rerender, or a new daemon). */
export class StaleRef extends Data.TaggedError("StaleRef")<{
  readonly ref: string
  readonly message: string
  readonly source: "upstream" | "preflight"
  /** A ref of the same role and name a pointer can reach, from the latest snapshot: the retry that makes progress. */
  readonly twin?: { readonly ref: string; readonly role: string; readonly name: string }
}> {}

/** A selector that matched nothing; `fallback` lists current refs that exactly match the intended target. */
export class SelectorNotFound extends Data.TaggedError("SelectorNotFound")<{
  readonly selector: string
  readonly message: string
  readonly fallback?: { readonly action: string; readonly refs: ReadonlyArray<{ readonly ref: string; readonly role: string; readonly name: string }> }
  readonly candidates?: ReadonlyArray<{ readonly role: "button" | "link"; readonly name: string }>
  /** How long the command waited for its target before giving up (absent: it did not wait). */
  readonly readinessWaitMs?: number
}> {}

/** A selector dialect upstream does not support (Playwright `text=`, `:has-text()`, ...). */
export class SelectorUnsupported extends Data.TaggedError("SelectorUnsupported")<{
  readonly selector: string
  readonly message: string
  /** Not a selector at all: the page's `querySelectorAll` refused it as CSS (upstream read it as no element). */
  readonly invalidCss?: boolean
}> {}

/**
 * Upstream held an action for `confirm <id>` / `deny <id>`. `decision` says what the wrapper did: asked the human
 * through pi's UI and they declined (`denied`), or had no UI to ask and declined on their behalf (`no-ui`); without
 * a decision the action is still pending.
 */
export class ConfirmationRequired extends Data.TaggedError("ConfirmationRequired")<{
  readonly confirmationId: string
  readonly action: string
  readonly decision?: "denied" | "no-ui"
}> {}

/** A domain allow-list or action policy refused the action. */
export class PolicyBlocked extends Data.TaggedError("PolicyBlocked")<{
  readonly message: string
  /** An `electron.launch` refused by the caller's allow/deny lists: which list, and the deny entry that matched. */
  readonly policy?: { readonly list: "allow" | "deny"; readonly entry?: string }
  /** A security-policy rule the call broke (`details.policy`). */
  readonly violation?: PolicyViolation
  /** A close refused while screenshots the prompt asked for are missing (`details.promptGuard`). */
  readonly promptGuard?: PromptGuard
}> {}

/** A file the call should have produced is not on disk: one upstream claimed to save, or the caller's outputPath. */
export class ArtifactMissing extends Data.TaggedError("ArtifactMissing")<{
  readonly path: string
  readonly kind: string
  /** Why the file is not there, when the wrapper itself failed to write it (outputPath). */
  readonly detail?: string
}> {}

/** A download was requested but its file could not be verified at the requested path. */
export class DownloadNotVerified extends Data.TaggedError("DownloadNotVerified")<{
  readonly requestedPath: string
  readonly message: string
}> {}

/** The active tab is not the page the session was working on. */
export class TabDrift extends Data.TaggedError("TabDrift")<{
  readonly expectedUrl: string
  readonly observedUrl: string
  /** The stable tab id (`t<N>`) the wrapper saw showing the expected page, when it knows one. */
  readonly intendedTabId?: string
}> {}

/** A `qa` run whose checks failed even though every upstream step ran. */
export class QaFailed extends Data.TaggedError("QaFailed")<{
  readonly failedChecks: ReadonlyArray<string>
}> {}

/** A wrapper-owned resource (browser, temp dir) could not be released. */
export class CleanupFailed extends Data.TaggedError("CleanupFailed")<{
  readonly resource: string
  readonly message: string
  /** `electron.cleanup` that left something behind: every record and its steps. */
  readonly electronCleanup?: ElectronCleanupReport
}> {}

/** What one upstream reply can be classified as (classifyReply); every input mode keeps this tag as it is. */
export type UpstreamReplyError =
  | ConfirmationRequired
  | ParseFailure
  | PolicyBlocked
  | SelectorNotFound
  | SelectorUnsupported
  | StaleRef
  | TimedOut
  | UpstreamFailed

export type ToolError =
  | InvalidInput
  | MissingBinary
  | TimedOut
  | Aborted
  | ParseFailure
  | UpstreamFailed
  | StaleRef
  | SelectorNotFound
  | SelectorUnsupported
  | ConfirmationRequired
  | PolicyBlocked
  | ArtifactMissing
  | DownloadNotVerified
  | TabDrift
  | QaFailed
  | CleanupFailed

const categoryByTag = {
  InvalidInput: "validation-error",
  MissingBinary: "missing-binary",
  TimedOut: "timeout",
  Aborted: "aborted",
  ParseFailure: "parse-failure",
  UpstreamFailed: "upstream-error",
  StaleRef: "stale-ref",
  SelectorNotFound: "selector-not-found",
  SelectorUnsupported: "selector-unsupported",
  ConfirmationRequired: "confirmation-required",
  PolicyBlocked: "policy-blocked",
  ArtifactMissing: "artifact-missing",
  DownloadNotVerified: "download-not-verified",
  TabDrift: "tab-drift",
  QaFailed: "qa-failure",
  CleanupFailed: "cleanup-failed"
} as const satisfies Record<ToolError["_tag"], FailureCategory>

type Unreached = Exclude<FailureCategory, (typeof categoryByTag)[ToolError["_tag"]]>
/** Compile-time proof that every failure category is reached by some error tag. */
export const everyCategoryReached: [Unreached] extends [never] ? true : Unreached = true

type TagsPerCategory = {
  [C in FailureCategory]: { [T in keyof typeof categoryByTag]: (typeof categoryByTag)[T] extends C ? T : never }[
    keyof typeof categoryByTag
  ]
}
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never
type Shared = { [C in FailureCategory]: IsUnion<TagsPerCategory[C]> extends true ? C : never }[FailureCategory]
/** Compile-time proof that no category is shared by two tags (the mapping is one-to-one). */
export const noCategoryShared: [Shared] extends [never] ? true : Shared = true

export const categoryOf = (error: ToolError): FailureCategory => categoryByTag[error._tag]

export const errorTags = Object.keys(categoryByTag) as ReadonlyArray<ToolError["_tag"]>
