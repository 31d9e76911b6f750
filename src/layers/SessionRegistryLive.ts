/** SessionRegistryLive: state in a Ref, one semaphore per session name in an RcMap. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as RcMap from "effect/RcMap"
import * as Ref from "effect/Ref"
import { afterSuccess } from "../session/sessionTransitions.js"
import { initialSessionState, type ManagedSession, type SessionState } from "../schema/SessionState.js"
import { isClose } from "../upstream/commandPolicy.js"
import type { RefSnapshot } from "../schema/RefSnapshot.js"
import type { CaptureKind } from "../schema/Captures.js"
import { SessionRegistry } from "../services/SessionRegistry.js"

export const SessionRegistryLive = Layer.scoped(
  SessionRegistry,
  Effect.gen(function*() {
    const state = yield* Ref.make(Option.none<SessionState>())
    const refs = yield* Ref.make<ReadonlyMap<string, RefSnapshot>>(new Map())
    const recordings = yield* Ref.make<ReadonlyMap<string, string>>(new Map())
    const owned = yield* Ref.make<ReadonlyMap<string, ManagedSession>>(new Map())
    /** Keeps the owned set in step with a state transition: the new active session in, closed ones out. */
    const track = (next: SessionState, closed: ReadonlyArray<string>) =>
      Ref.update(owned, (m) => {
        const out = new Map(m)
        for (const name of closed) out.delete(name)
        if (next.managed.active) out.set(next.managed.name, next.managed)
        return out
      })
    const captures = yield* Ref.make<ReadonlyMap<string, ReadonlySet<CaptureKind>>>(new Map())
    const routes = yield* Ref.make<ReadonlyMap<string, ReadonlyArray<string>>>(new Map())
    const pins = yield* Ref.make<ReadonlyMap<string, string>>(new Map())
    const put = <V>(ref: Ref.Ref<ReadonlyMap<string, V>>, session: string, value: V | undefined) =>
      Ref.update(ref, (m) => {
        const next = new Map(m)
        if (value === undefined) next.delete(session)
        else next.set(session, value)
        return next
      })
    const locks = yield* RcMap.make({ lookup: (_session: string) => Effect.makeSemaphore(1) })

    const current = (baseName: string) =>
      Ref.modify(state, (s) => {
        const value = Option.isSome(s) && s.value.baseName === baseName ? s.value : initialSessionState(baseName)
        return [value, Option.some(value)]
      })

    return SessionRegistry.of({
      current,
      recordSuccess: (plan) =>
        Effect.tap(
          Ref.modify(state, (s): readonly [{ readonly replaced: ManagedSession | undefined; readonly next: SessionState | undefined }, Option.Option<SessionState>] => {
            // a call that completes after pi moved to another branch must not overwrite that branch's state
            if (Option.isNone(s) || s.value.epoch !== plan.stateEpoch) return [{ replaced: undefined, next: undefined }, s]
            const { next, replaced } = afterSuccess(s.value, plan)
            return [{ replaced, next }, Option.some(next)]
          }),
          ({ next, replaced }) => {
            if (next === undefined) return Effect.void
            const closed = [...(replaced !== undefined ? [replaced.name] : []), ...(isClose(plan.line) && plan.sessionName !== undefined ? [plan.sessionName] : [])]
            return track(next, closed)
          }
        ).pipe(Effect.map(({ replaced }) => Option.fromNullable(replaced))),
      restore: (next) =>
        Effect.zipRight(
          Ref.update(state, (s) => Option.some({ ...next, epoch: Option.match(s, { onNone: () => 0, onSome: (v) => v.epoch + 1 }) })),
          track(next, [])
        ),
      ownedSessions: Effect.map(Ref.get(owned), (m) => [...m.values()]),
      snapshot: Ref.get(state),
      serialize: (session, task) =>
        session === undefined
          ? task
          : Effect.scoped(Effect.flatMap(RcMap.get(locks, session), (lock) => lock.withPermits(1)(task))),
      recordRefSnapshot: (session, snapshot) => put(refs, session, snapshot),
      refSnapshotOf: (session) => Effect.map(Ref.get(refs), (m) => m.get(session)),
      setPendingRecording: (session, path) => put(recordings, session, path),
      pendingRecordingOf: (session) => Effect.map(Ref.get(recordings), (m) => m.get(session)),
      capturesOf: (session) => Effect.map(Ref.get(captures), (m) => m.get(session) ?? new Set<CaptureKind>()),
      setCaptures: (session, value) => put(captures, session, value.size === 0 ? undefined : value),
      pinnedTabOf: (session) => Effect.map(Ref.get(pins), (m) => m.get(session)),
      setPinnedTab: (session, tabId) => put(pins, session, tabId),
      routesOf: (session) => Effect.map(Ref.get(routes), (m) => m.get(session) ?? []),
      setRoutes: (session, value) => put(routes, session, value.length === 0 ? undefined : value)
    })
  })
)
