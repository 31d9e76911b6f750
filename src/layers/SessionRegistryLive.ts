/** SessionRegistryLive: state in a Ref, one semaphore per session name in an RcMap. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as RcMap from "effect/RcMap"
import * as Ref from "effect/Ref"
import { afterSuccess } from "../program/sessionTransitions.js"
import { initialSessionState, type SessionState } from "../schema/SessionState.js"
import type { RefSnapshot } from "../program/refPreflight.js"
import type { CaptureKind } from "../program/sessionCaptures.js"
import { SessionRegistry } from "../services/SessionRegistry.js"

export const SessionRegistryLive = Layer.scoped(
  SessionRegistry,
  Effect.gen(function*() {
    const state = yield* Ref.make(Option.none<SessionState>())
    const refs = yield* Ref.make<ReadonlyMap<string, RefSnapshot>>(new Map())
    const recordings = yield* Ref.make<ReadonlyMap<string, string>>(new Map())
    const captures = yield* Ref.make<ReadonlyMap<string, ReadonlySet<CaptureKind>>>(new Map())
    const routes = yield* Ref.make<ReadonlyMap<string, ReadonlyArray<string>>>(new Map())
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
        Ref.modify(state, (s) => {
          // a call that completes after pi moved to another branch must not overwrite that branch's state
          if (Option.isNone(s) || s.value.epoch !== plan.stateEpoch) return [Option.none(), s]
          const { next, replaced } = afterSuccess(s.value, plan)
          return [Option.fromNullable(replaced), Option.some(next)]
        }),
      restore: (next) =>
        Ref.update(state, (s) => Option.some({ ...next, epoch: Option.match(s, { onNone: () => 0, onSome: (v) => v.epoch + 1 }) })),
      ownedSession: Effect.map(Ref.get(state), (s) =>
        Option.flatMap(s, (v) => (v.managed.active ? Option.some(v.managed) : Option.none()))),
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
      routesOf: (session) => Effect.map(Ref.get(routes), (m) => m.get(session) ?? []),
      setRoutes: (session, value) => put(routes, session, value.length === 0 ? undefined : value)
    })
  })
)
