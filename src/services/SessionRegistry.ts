/**
 * SessionRegistry: which upstream session each call targets, and one call at a time per session (different
 * sessions run concurrently; upstream serializes a session's requests anyway, so queueing here keeps watchdogs
 * honest). State: the managed-session record for the current pi session and the latest ref names per session.
 * Closes nothing itself; the shutdown program asks it which browser the wrapper owns.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type { Plan } from "../schema/Plan.js"
import type { RefSnapshot } from "../schema/RefSnapshot.js"
import type { CaptureKind } from "../schema/Captures.js"
import type { ManagedSession, SessionState } from "../schema/SessionState.js"

export interface SessionRegistryShape {
  /** Current state for this pi session (derived base name); a new base name starts from scratch. */
  readonly current: (baseName: string) => Effect.Effect<SessionState>
  /** Records a call upstream answered; returns the managed session it replaced (to be closed), if any. */
  readonly recordSuccess: (plan: Plan) => Effect.Effect<Option.Option<ManagedSession>>
  /** Replaces the whole state (restore from a pi branch). Idempotent. */
  readonly restore: (state: SessionState) => Effect.Effect<void>
  /**
   * Every managed browser this runtime launched or adopted and has not closed, including ones a branch switch left
   * behind: what quit must close (explicit caller sessions are never in it).
   */
  readonly ownedSessions: Effect.Effect<ReadonlyArray<ManagedSession>>
  /** The state as it stands, if any call or restore set it. */
  readonly snapshot: Effect.Effect<Option.Option<SessionState>>
  /** Runs `task` holding the session's lock; `undefined` sessions are not serialized. */
  readonly serialize: <A, E, R>(session: string | undefined, task: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** The latest snapshot's refs for a session (undefined clears them, e.g. after close). */
  readonly recordRefSnapshot: (session: string, snapshot: RefSnapshot | undefined) => Effect.Effect<void>
  readonly refSnapshotOf: (session: string) => Effect.Effect<RefSnapshot | undefined>
  /** The file a session's `record start` will write, until `record stop`. */
  readonly setPendingRecording: (session: string, path: string | undefined) => Effect.Effect<void>
  readonly pendingRecordingOf: (session: string) => Effect.Effect<string | undefined>
  /** Captures (trace, profiler, HAR, recording) the wrapper saw start and not stop, per session. */
  readonly capturesOf: (session: string) => Effect.Effect<ReadonlySet<CaptureKind>>
  readonly setCaptures: (session: string, captures: ReadonlySet<CaptureKind>) => Effect.Effect<void>
  /** The tab a session is pinned to after an observed drift (see tabPinning). */
  readonly pinnedTabOf: (session: string) => Effect.Effect<string | undefined>
  readonly setPinnedTab: (session: string, tabId: string | undefined) => Effect.Effect<void>
  /** Active `network route` globs, per session. */
  readonly routesOf: (session: string) => Effect.Effect<ReadonlyArray<string>>
  readonly setRoutes: (session: string, routes: ReadonlyArray<string>) => Effect.Effect<void>
}

export class SessionRegistry extends Context.Tag("agent-browser/SessionRegistry")<SessionRegistry, SessionRegistryShape>() {}
