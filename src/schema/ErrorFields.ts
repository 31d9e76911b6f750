/**
 * Shapes an error carries and `details` persists, defined once: the error classes (`ToolError.ts`) take them as fields
 * and `ToolDetails` decodes them from pi's session file with the same Schema, so the two cannot drift apart.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

const Strings = Schema.Array(Schema.String)

/** A recovery hint for launch-scoped flags sent to an already-active managed session. */
export const SessionRecoveryHint = Schema.Struct({
  reason: Schema.Literal("launch-flags-on-active-session"),
  recommendedSessionMode: Schema.Literal("fresh"),
  /** The caller's argv (the presenter redacts it), to retry as is with `sessionMode: "fresh"`. */
  exampleArgs: Strings,
  exampleParams: Schema.Struct({ args: Strings, sessionMode: Schema.Literal("fresh") }),
  /** Additive: the launch flags that could not apply, and the browser that is already running. */
  flags: Strings,
  activeSession: Schema.String
})
export type SessionRecoveryHint = typeof SessionRecoveryHint.Type

/**
 * Why a browser could not start or be reached, recognised from upstream's reply (classifyReply) and completed with
 * what the call chose (the executable path, the CDP endpoint). Launch failures stay `UpstreamFailed`
 * (`upstream-error`); this is what tells them apart from a page error.
 */
export const LaunchDiagnostic = Schema.Struct({
  reason: Schema.Literal(
    "executable-missing",
    "executable-not-runnable",
    "exited-at-start",
    "sandbox",
    "profile-locked",
    "profile-not-found",
    "cdp-unreachable",
    /**
     * The session's daemon did not come up (a simultaneous start by another process, or it exited starting); retried
     * once.
     */
    "daemon-start",
    /** The browser pool refused the connection: at its limit with its queue full (HTTP 429). */
    "pool-full",
    /** A provider's session API answered an error (`-p <provider>`): e.g. a self-hosted build without that API. */
    "provider-api"
  ),
  /** The browser executable upstream tried, and what chose it. */
  executablePath: optional(Schema.String),
  executableSource: optional(Schema.Literal("--executable-path", "AGENT_BROWSER_EXECUTABLE_PATH", "upstream-default")),
  /** The `--cdp` / `connect` endpoint that did not answer. */
  endpoint: optional(Schema.String),
  /** The profile folder or name that is locked or could not be resolved. */
  profile: optional(Schema.String),
  /** The provider whose API failed, and the HTTP status it answered. */
  provider: optional(Schema.String),
  httpStatus: optional(Schema.Number),
  /** The browser's own exit code when it exited at start. */
  browserExitCode: optional(Schema.Number),
  /**
   * A locked profile's `SingletonLock` (a link to `<host>-<pid>`): the host and pid it names, whether that host is this
   * machine's name, and whether a process of that pid runs here (absent: not checked).
   */
  profileLock: optional(
    Schema.Struct({
      host: Schema.String,
      pid: Schema.Number,
      sameHost: optional(Schema.Boolean),
      pidRunning: optional(Schema.Boolean)
    })
  )
})
export type LaunchDiagnostic = typeof LaunchDiagnostic.Type

/**
 * The session's tab whose page crashed (its renderer is gone), read over DevTools after a failed call: the tab still
 * lists, its page answers nothing. `url`/`title`: the page it last showed (its history entry, not a URL that crashed
 * it).
 */
export const TabCrashed = Schema.Struct({
  targetId: Schema.String,
  url: Schema.String,
  title: optional(Schema.String)
})
export type TabCrashed = typeof TabCrashed.Type

/** Another process holding a session's lock (SessionLock): who it is, as it wrote itself into the lock file. */
export const LockHolder = Schema.Struct({
  pid: Schema.Number,
  /** Its executable and script (never the rest of its argv: a prompt there may hold a secret). */
  command: Schema.String,
  /** How long it had held the lock when the waiter gave up. */
  heldMs: optional(Schema.Number),
  /** What is left of the holder's own call budget (its watchdog), as it declared it. */
  remainingMs: optional(Schema.Number),
  /** The holder is the waiter's own process (two runtimes, e.g. an embedder's and pi's). */
  sameProcess: optional(Schema.Boolean)
})
export type LockHolder = typeof LockHolder.Type

/**
 * For step-by-step job/qa runs that timed out: which steps completed and whether the first incomplete one may be
 * retried.
 */
/** A file a step of a timed-out run was asked to write, as found on disk when the run stopped (`stepIndex` 1-based). */
export const DeclaredArtifact = Schema.Struct({
  stepIndex: Schema.Number,
  path: Schema.String,
  exists: Schema.Boolean,
  state: Schema.Literal("verified", "missing", "unverified"),
  sizeBytes: optional(Schema.Number)
})

export const PartialProgress = Schema.Struct({
  completedSteps: Schema.Number,
  totalSteps: Schema.Number,
  /**
   * `retryTimeoutMs`: a budget for retrying a read-only step that outlasts what the stopped step may still be doing in
   * the browser (upstream finishes a command its stopped client sent) plus the step itself.
   */
  firstIncompleteStep: optional(
    Schema.Struct({
      index: Schema.Number,
      command: Strings,
      retryable: Schema.Boolean,
      retryTimeoutMs: optional(Schema.Number)
    })
  ),
  /**
   * Where the page is: read live from the session after the timeout (`source: "live"`), else what the last completed
   * step that reported a page answered with (`"step"`, also when absent), else the URL the last `open` planned up to
   * the stopped step (`"plan"`: not proof that it loaded). `stepIndex` (1-based) for a step's or plan's page.
   */
  currentPage: optional(
    Schema.Struct({
      url: Schema.String,
      title: optional(Schema.String),
      stepIndex: optional(Schema.Number),
      source: optional(Schema.Literal("live", "step", "plan"))
    })
  ),
  artifacts: optional(Schema.Array(DeclaredArtifact))
})
export type PartialProgress = typeof PartialProgress.Type

/** Whether the browser may already have acted when the call stopped. */
export const Dispatched = Schema.Literal("no", "maybe")

/** The wrapper's typing guard refused the focused field (read from its failed eval row; `upstream/guardRefusal.ts`). */
export const GuardRefusal = Schema.Struct({
  reason: Schema.Literal("password-field", "secret-origin", "cross-origin-frame"),
  /** The origin of the focused document (empty for a cross-origin frame the guard cannot see into). */
  origin: Schema.String
})
export type GuardRefusal = typeof GuardRefusal.Type

/**
 * A `wait` that asserted something (classifier: upstream/waitAssertion.ts): the text it waited for (`assertText`,
 * `expectedText`, `wait --text`) or the URL/glob (`assertUrl`, `wait --url`); for a URL, the page's URL read right
 * after the miss when the run could read it; for a text, what the page showed then.
 */
export const WaitAssertion = Schema.Struct({
  kind: Schema.Literal("text", "url"),
  expected: Schema.String,
  seenUrl: optional(Schema.String),
  /** For a text: the first words the page showed right after the miss (seenAfterMiss.ts). */
  seenText: optional(Schema.String)
})
export type WaitAssertion = typeof WaitAssertion.Type
