/**
 * Every way a tool call can fail, as tagged Schema errors. Each tag maps to exactly one `failureCategory` and every
 * category is reached by exactly one tag; both directions are checked by the compiler below, so adding a category
 * or an error without its partner does not build.
 *
 * Errors carry data, a closed `reason` where a kind has variants, and a `message` derived from the fields (a getter,
 * never a field): upstream's own words stay a field (`upstreamMessage`), and so does a sentence written at the one
 * place that knows it (`detail`). An error is never copied by spread (a getter does not spread); `withFields` copies
 * one from its schema's fields. Prose for the model belongs to the presenter (`formatFailure`).
 */
import * as Schema from "effect/Schema"
import type { FailureCategory } from "./Categories.js"
import { ElectronCleanupReport } from "./ElectronRecord.js"
import { Dispatched, SessionRecoveryHint } from "./ErrorFields.js"
import { optional } from "./exactOptional.js"
import { ConfirmationRequired, ParseFailure, PolicyBlocked, TimedOut, UpstreamFailed } from "./ReplyErrors.js"
import { SelectorNotFound, SelectorUnsupported, StaleRef } from "./TargetErrors.js"

export { LaunchDiagnostic, LockHolder, PartialProgress, SessionRecoveryHint } from "./ErrorFields.js"
export {
  ConfirmationRequired,
  DIALOG_BLOCKING,
  NO_ACTIVE_PAGE,
  PAGE_NAVIGATED,
  ParseFailure,
  PolicyBlocked,
  TimedOut,
  UpstreamFailed
} from "./ReplyErrors.js"
export { SelectorNotFound, SelectorUnsupported, StaleRef } from "./TargetErrors.js"

/** The input was rejected before anything ran. `detail` says what is wrong and what to do instead. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  detail: Schema.String,
  field: optional(Schema.String),
  sessionRecoveryHint: optional(SessionRecoveryHint),
  /** A flag upstream would ignore (`flag` of `command`): the same call without it (what upstream would have run). */
  withoutFlag: optional(
    Schema.Struct({
      flag: Schema.String,
      command: Schema.String,
      args: Schema.Array(Schema.String),
      stdin: optional(Schema.String),
      timeoutMs: optional(Schema.Number)
    })
  )
}) {
  override get message(): string {
    return this.detail
  }
}

/** `agent-browser` could not be found, started, or is outside the supported version range. */
export class MissingBinary extends Schema.TaggedError<MissingBinary>()("MissingBinary", {
  reason: Schema.Literal("not-found", "not-executable", "unsupported-version"),
  searched: Schema.Array(Schema.String),
  foundVersion: optional(Schema.String),
  supportedRange: Schema.String,
  detail: optional(Schema.String)
}) {
  override get message(): string {
    switch (this.reason) {
      case "not-found":
        return `agent-browser was not found (searched ${this.searched.join(", ")})`
      case "not-executable":
        return `agent-browser could not be started (${this.detail ?? "unknown error"})`
      case "unsupported-version":
        return `agent-browser ${this.foundVersion ?? "?"} is outside the supported range ${this.supportedRange}`
    }
  }
}

/** The caller (pi's abort signal) cancelled the call; the process group was ended. */
export class Aborted extends Schema.TaggedError<Aborted>()("Aborted", {
  dispatched: Dispatched
}) {
  override get message(): string {
    return this.dispatched === "no"
      ? "cancelled by the caller before anything ran"
      : "cancelled by the caller; the agent-browser process was stopped"
  }
}

/** A file the call should have produced is not on disk: one upstream claimed to save, or the caller's outputPath. */
export class ArtifactMissing extends Schema.TaggedError<ArtifactMissing>()("ArtifactMissing", {
  path: Schema.String,
  kind: Schema.String,
  /** Why the file is not there, when the wrapper itself failed to write it (outputPath). */
  detail: optional(Schema.String)
}) {
  override get message(): string {
    return this.detail !== undefined
      ? `the ${this.kind} file was not written at ${this.path}: ${this.detail}`
      : `no ${this.kind} file at ${this.path}`
  }
}

/**
 * A download was requested but its file could not be verified: none at the requested path although upstream reported
 * one elsewhere (`elsewhere`, with `reportedPath`), none where upstream said it saved it (`no-file`), or upstream's
 * `download` / `wait --download` itself failed (`upstream`, its words in `upstreamMessage`; `requestedPath` "" when
 * the call named none).
 */
export class DownloadNotVerified extends Schema.TaggedError<DownloadNotVerified>()("DownloadNotVerified", {
  requestedPath: Schema.String,
  reason: Schema.Literal("elsewhere", "no-file", "upstream"),
  reportedPath: optional(Schema.String),
  upstreamMessage: optional(Schema.String)
}) {
  override get message(): string {
    switch (this.reason) {
      case "elsewhere":
        return `no file at the requested path (agent-browser reported ${this.reportedPath ?? "another path"})`
      case "no-file":
        return "agent-browser reported the download, but no file is there"
      case "upstream":
        return `agent-browser saved no download: ${this.upstreamMessage ?? "it reported a failure"}`
    }
  }
}

/** The active tab is not the page the session was working on. */
export class TabDrift extends Schema.TaggedError<TabDrift>()("TabDrift", {
  expectedUrl: Schema.String,
  observedUrl: Schema.String,
  /** The stable tab id (`t<N>`) the wrapper saw showing the expected page, when it knows one. */
  intendedTabId: optional(Schema.String)
}) {
  override get message(): string {
    return `the active tab shows ${this.observedUrl}, not the session's page ${this.expectedUrl}`
  }
}

/** A `qa` run whose checks failed even though every upstream step ran. */
export class QaFailed extends Schema.TaggedError<QaFailed>()("QaFailed", {
  failedChecks: Schema.Array(Schema.String),
  /** Expected texts that were not on the page (their waits ran out): reading the page is the next step. */
  missedTexts: optional(Schema.Array(Schema.String))
}) {
  override get message(): string {
    return `QA checks failed: ${this.failedChecks.join("; ")}`
  }
}

/** A wrapper-owned resource (browser, temp dir) could not be released; `detail` says what was left. */
export class CleanupFailed extends Schema.TaggedError<CleanupFailed>()("CleanupFailed", {
  resource: Schema.String,
  detail: Schema.String,
  /** `electron.cleanup` that left something behind: every record and its steps. */
  electronCleanup: optional(ElectronCleanupReport)
}) {
  override get message(): string {
    return this.detail
  }
}

/** What one upstream reply can be classified as (classifyReply); every input mode keeps this tag as it is. */
export type UpstreamReplyError =
  | ConfirmationRequired
  | DownloadNotVerified
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
  [C in FailureCategory]: {
    [T in keyof typeof categoryByTag]: (typeof categoryByTag)[T] extends C ? T : never
  }[keyof typeof categoryByTag]
}
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never
type Shared = { [C in FailureCategory]: IsUnion<TagsPerCategory[C]> extends true ? C : never }[FailureCategory]
/** Compile-time proof that no category is shared by two tags (the mapping is one-to-one). */
export const noCategoryShared: [Shared] extends [never] ? true : Shared = true

export const categoryOf = (error: ToolError): FailureCategory => categoryByTag[error._tag]

export const errorTags = Object.keys(categoryByTag) as ReadonlyArray<ToolError["_tag"]>

/** The class of each tag. */
export const errorClasses = {
  InvalidInput,
  MissingBinary,
  TimedOut,
  Aborted,
  ParseFailure,
  UpstreamFailed,
  StaleRef,
  SelectorNotFound,
  SelectorUnsupported,
  ConfirmationRequired,
  PolicyBlocked,
  ArtifactMissing,
  DownloadNotVerified,
  TabDrift,
  QaFailed,
  CleanupFailed
} as const satisfies { readonly [T in ToolError["_tag"]]: { readonly _tag: T } }

/** The fields an error of this kind is constructed from. */
export type ErrorFields<E extends ToolError> = Omit<ConstructorParameters<(typeof errorClasses)[E["_tag"]]>[0], "_tag">

/**
 * A copy of `error` with `patch` applied, constructed from its schema's fields (never by spreading the error, which
 * drops its getter-derived `message` and its prototype). The copy's message is derived from the same fields, so a
 * re-wrapped error keeps its words.
 */
export const withFields = <E extends ToolError>(error: E, patch: Partial<ErrorFields<E>>): E => {
  const Class = errorClasses[error._tag] as unknown as { readonly fields: object; new (fields: object): E }
  const fields: Record<string, unknown> = {}
  for (const key of Object.keys(Class.fields)) {
    const value = (error as unknown as Record<string, unknown>)[key]
    if (key !== "_tag" && value !== undefined) fields[key] = value
  }
  return new Class(Object.assign(fields, patch))
}
