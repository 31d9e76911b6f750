/**
 * SessionRegistry: the wrapper's record of the browser sessions of this pi session, and the rules that change it.
 * - One call at a time per lock key (the pi session's managed browser, or a caller's explicit `--session`), whatever
 *   the arrival order; different keys run concurrently. A queued call plans and starts its watchdog only when it runs.
 * - After a call upstream answered, `recordCall` applies every rule in one step, inside the caller's lock: managed
 *   session activation, rotation on close, fresh-launch replacement, captures and route mocks started or stopped,
 *   the tab pin, and the latest ref map.
 * Closes nothing itself; the programs ask it which browsers the wrapper owns.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type { CaptureKind, RouteRule } from "../domain/Captures.js"
import type { Plan } from "../domain/Plan.js"
import type { LastPage } from "../domain/PageFacts.js"
import type { RefSnapshot } from "../domain/RefSnapshot.js"
import type { ShownTree } from "../domain/ShownTree.js"
import type { ManagedSession, SessionState } from "../domain/SessionState.js"

/** What the wrapper knows about one upstream session. */
export interface SessionView {
  /** The latest snapshot's refs. */
  readonly refs: RefSnapshot | undefined
  /** Captures (trace, profiler, HAR, recording) the wrapper saw start and not stop. */
  readonly captures: ReadonlySet<CaptureKind>
  /** Active `network route` globs. */
  readonly routes: ReadonlyArray<RouteRule>
  /** The tab later commands run in after an observed drift (see tabPinning). */
  readonly pinnedTab: string | undefined
  /** The page the last calls showed, so a result can say "Page:" only when it changed. */
  readonly page: LastPage | undefined
  /** What the last verbatim snapshot showed the model in this process (a repeat of that page is its delta). */
  readonly shown: ShownTree | undefined
  /** The tab (target id) a call found crashed: the next calls ask it again before they send anything into it. */
  readonly crashedTab: string | undefined
  /** Upstream's words for a JavaScript dialog the last call left blocking the page (its warning or its refusal). */
  readonly blockingDialog: string | undefined
}

/** Facts a call observed that the registry's rules need. */
export interface CallRecord {
  /** A snapshot's refs (after `snapshot`). */
  readonly refSnapshot?: RefSnapshot
  /** The tab tab-recovery re-selected. */
  readonly reselectedTab?: string
  /** The page the call ended on; `null` when it may have left the known page without reading the new one. */
  readonly page?: LastPage | null
  /**
   * The call's family may start or stop a capture, or change the route book (absent: it may); when false the
   * session's captures and routes are kept as they are without being looked at.
   */
  readonly booksMayChange?: boolean
}

/** The registry's contents at one moment, compared by identity (every change replaces a whole value). */
export interface RegistryRevision {
  readonly state: unknown
  readonly records: unknown
}

export interface SessionRegistryShape {
  /** Current state for this pi session (derived base name); a new base name starts from scratch. */
  readonly current: (baseName: string) => Effect.Effect<SessionState>
  /** Runs `task` holding the lock for `key`; `undefined` runs unserialized (calls that touch no session). */
  readonly withLock: <A, E, R>(key: string | undefined, task: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** A call upstream answered: applies every rule (see above). Returns the managed session it replaced, to close. */
  readonly recordCall: (plan: Plan, record: CallRecord) => Effect.Effect<Option.Option<ManagedSession>>
  /** A call whose browser command failed upstream: its daemon and browser exist all the same (launch flags stick). */
  readonly recordAttempt: (plan: Plan) => Effect.Effect<void>
  /**
   * Replaces the whole state (restore from a pi branch), keeping the generation above any this process used.
   * Idempotent.
   */
  readonly restore: (state: SessionState) => Effect.Effect<void>
  /**
   * Every managed browser this runtime launched or adopted and has not closed, including ones a branch switch left
   * behind: what quit must close (explicit caller sessions are never in it).
   */
  readonly ownedSessions: Effect.Effect<ReadonlyArray<ManagedSession>>
  /** What the registry holds now, to learn cheaply whether anything changed since (ToolCall.ts compares two). */
  readonly revision: Effect.Effect<RegistryRevision>
  /** The state as it stands, if any call or restore set it. */
  readonly snapshot: Effect.Effect<Option.Option<SessionState>>
  readonly view: (session: string) => Effect.Effect<SessionView>
  readonly refSnapshotOf: (session: string) => Effect.Effect<RefSnapshot | undefined>
  /** Replaces a session's ref map outside a recorded call (a fallback snapshot, a branch restore). */
  readonly recordRefSnapshot: (session: string, snapshot: RefSnapshot | undefined) => Effect.Effect<void>
  /** What the model was last shown of a session's page by a snapshot; `undefined` forgets it. */
  readonly recordShown: (session: string, shown: ShownTree | undefined) => Effect.Effect<void>
  /** The model's context was rewritten (pi compacted it): no snapshot it saw can be assumed in it any more. */
  readonly forgetShown: Effect.Effect<void>
  /** A call found the session's tab crashed (its target id), or a later one found it live (`undefined`). */
  readonly recordCrash: (session: string, targetId: string | undefined) => Effect.Effect<void>
  /** A call left a dialog blocking the page (upstream's words), or one found none (`undefined`). */
  readonly recordDialog: (session: string, words: string | undefined) => Effect.Effect<void>
  /** Forgets a pin whose tab is gone. */
  readonly dropPin: (session: string) => Effect.Effect<void>
  /**
   * The tool ended the session's browser (a page that never answered): its page, refs, tabs, routes and captures went
   * with it, so its record starts over (no later read is said to come from the old page).
   */
  readonly browserEnded: (session: string) => Effect.Effect<void>
  /** `record start` wrote nothing yet: remember the file `record stop` will write. */
  readonly startRecording: (session: string, path: string) => Effect.Effect<void>
  /** True the first time it is asked in this runtime (once-per-process chores at session start). */
  readonly firstStart: Effect.Effect<boolean>
  /** `record stop`: the file the matching start named, forgotten as it is returned. */
  readonly takeRecording: (session: string) => Effect.Effect<string | undefined>
}

export class SessionRegistry extends Context.Tag("pi-agent-browser-effect/SessionRegistry")<
  SessionRegistry,
  SessionRegistryShape
>() {}
