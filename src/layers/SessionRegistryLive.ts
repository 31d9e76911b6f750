/**
 * SessionRegistryLive: the managed-session state and one record per upstream session in `Ref`s, replaced whole; one
 * semaphore per lock key, created atomically on first use (so calls that arrive together share it) and kept for
 * the process (a handful of keys per pi session). Generations only grow within the process, across branch restores:
 * a restored branch continues above the highest generation any branch reached, so a fresh launch or a close rotation
 * never reuses the name of a browser another branch launched (and that may still run).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type { Semaphore } from "effect/Effect"
import type { ManagedSession, SessionState } from "../domain/SessionState.js"
import { initialSessionState } from "../domain/SessionState.js"
import {
  type CallRecord,
  SessionRegistry,
  type SessionRegistryShape,
  type SessionView
} from "../services/SessionRegistry.js"
import { afterCapture, afterRoute } from "../session/captures.js"
import { afterSuccess } from "../session/sessionTransitions.js"
import { isClose } from "../upstream/commandPolicy.js"

interface SessionRecord extends SessionView {
  readonly pendingRecording: string | undefined
}

const EMPTY: SessionRecord = {
  refs: undefined,
  captures: new Set(),
  routes: [],
  pinnedTab: undefined,
  page: undefined,
  shown: undefined,
  crashedTab: undefined,
  blockingDialog: undefined,
  pendingRecording: undefined
}

/** The registry's state, each part in its own `Ref`. */
interface Registry {
  readonly state: Ref.Ref<Option.Option<SessionState>>
  readonly records: Ref.Ref<ReadonlyMap<string, SessionRecord>>
  readonly owned: Ref.Ref<ReadonlyMap<string, ManagedSession>>
  readonly locks: Ref.Ref<ReadonlyMap<string, Semaphore>>
  /** The highest generation any state of this process reached (per base name). */
  readonly highest: Ref.Ref<ReadonlyMap<string, number>>
  readonly started: Ref.Ref<boolean>
}

type Plan = Parameters<typeof afterSuccess>[1]

const raise = (reg: Registry, next: SessionState) =>
  Ref.update(reg.highest, (m) =>
    next.generation > (m.get(next.baseName) ?? 0) ? new Map(m).set(next.baseName, next.generation) : m
  )

const recordOf = (reg: Registry, session: string) => Effect.map(Ref.get(reg.records), (m) => m.get(session) ?? EMPTY)

const update = (reg: Registry, session: string, f: (record: SessionRecord) => SessionRecord) =>
  Ref.update(reg.records, (m) => new Map(m).set(session, f(m.get(session) ?? EMPTY)))

/** Keeps the owned set in step with a state transition: the new active session in, closed ones out. */
const track = (reg: Registry, next: SessionState, closed: ReadonlyArray<string>) =>
  Ref.update(reg.owned, (m) => {
    const out = new Map(m)
    for (const name of closed) out.delete(name)
    if (next.managed.active) out.set(next.managed.name, next.managed)
    return out
  })

/** The state transition of a call, unless pi moved to another branch since the call was planned. */
const transition = (reg: Registry, plan: Plan) =>
  Effect.flatMap(
    Ref.modify(
      reg.state,
      (
        s
      ): readonly [
        { readonly replaced: ManagedSession | undefined; readonly next: SessionState | undefined },
        Option.Option<SessionState>
      ] => {
        if (Option.isNone(s) || s.value.epoch !== plan.stateEpoch) return [{ replaced: undefined, next: undefined }, s]
        const { next, replaced } = afterSuccess(s.value, plan)
        return [{ replaced, next }, Option.some(next)]
      }
    ),
    ({ next, replaced }) => {
      if (next === undefined) return Effect.succeed(Option.none<ManagedSession>())
      const closed = [
        ...(replaced !== undefined ? [replaced.name] : []),
        ...(isClose(plan.line) && plan.sessionName !== undefined ? [plan.sessionName] : [])
      ]
      return Effect.as(Effect.zipRight(raise(reg, next), track(reg, next, closed)), Option.fromNullable(replaced))
    }
  )

const forgetShown = (reg: Registry) =>
  Ref.update(reg.records, (m) => new Map([...m].map(([name, r]) => [name, { ...r, shown: undefined }])))

const lockFor = (reg: Registry, key: string) =>
  Ref.modify(reg.locks, (m): readonly [Semaphore, ReadonlyMap<string, Semaphore>] => {
    const existing = m.get(key)
    if (existing !== undefined) return [existing, m]
    const created = Effect.unsafeMakeSemaphore(1)
    return [created, new Map(m).set(key, created)]
  })

const recordCall = (reg: Registry, plan: Plan, record: CallRecord) =>
  Effect.gen(function* () {
    const replaced = yield* transition(reg, plan)
    const session = plan.sessionName
    if (session === undefined || plan.kind !== "browser") return replaced
    if (isClose(plan.line)) {
      yield* Ref.update(reg.records, (m) => {
        const next = new Map(m)
        next.delete(session)
        return next
      })
      return replaced
    }
    yield* update(reg, session, (r) => ({
      ...r,
      ...(record.booksMayChange !== false
        ? { captures: afterCapture(plan.line, r.captures), routes: afterRoute(plan.line, r.routes) }
        : {}),
      pinnedTab: record.reselectedTab ?? (plan.line.command === "tab" ? undefined : r.pinnedTab),
      refs: record.refSnapshot ?? r.refs,
      page: record.page === undefined ? r.page : (record.page ?? undefined)
    }))
    return replaced
  })

const restore = (reg: Registry, next: SessionState) =>
  Effect.gen(function* () {
    const above = Math.max(next.generation, (yield* Ref.get(reg.highest)).get(next.baseName) ?? 0)
    const restored: SessionState = { ...next, generation: above }
    yield* Ref.update(reg.state, (s) =>
      Option.some({ ...restored, epoch: Option.match(s, { onNone: () => 0, onSome: (v) => v.epoch + 1 }) })
    )
    yield* raise(reg, restored)
    yield* track(reg, next, [])
    // another branch: the model's context holds other snapshots
    yield* forgetShown(reg)
  })

const serviceOf = (reg: Registry): SessionRegistryShape => ({
  current: (baseName) =>
    Ref.modify(reg.state, (s) => {
      const value = Option.isSome(s) && s.value.baseName === baseName ? s.value : initialSessionState(baseName)
      return [value, Option.some(value)]
    }),
  withLock: (key, task) =>
    key === undefined ? task : Effect.flatMap(lockFor(reg, key), (lock) => lock.withPermits(1)(task)),
  recordCall: (plan, record) => recordCall(reg, plan, record),
  recordAttempt: (plan) => Effect.asVoid(transition(reg, plan)),
  restore: (next) => restore(reg, next),
  ownedSessions: Effect.map(Ref.get(reg.owned), (m) => [...m.values()]),
  snapshot: Ref.get(reg.state),
  revision: Effect.map(Effect.zip(Ref.get(reg.state), Ref.get(reg.records)), ([s, r]) => ({
    state: Option.getOrUndefined(s),
    records: r
  })),
  view: (session) => Effect.map(recordOf(reg, session), ({ pendingRecording: _, ...view }) => view),
  refSnapshotOf: (session) => Effect.map(recordOf(reg, session), (r) => r.refs),
  recordRefSnapshot: (session, refs) => update(reg, session, (r) => ({ ...r, refs })),
  recordShown: (session, shown) => update(reg, session, (r) => ({ ...r, shown })),
  forgetShown: forgetShown(reg),
  recordCrash: (session, crashedTab) => update(reg, session, (r) => ({ ...r, crashedTab })),
  recordDialog: (session, blockingDialog) =>
    Effect.flatMap(recordOf(reg, session), (r) =>
      r.blockingDialog === blockingDialog ? Effect.void : update(reg, session, (x) => ({ ...x, blockingDialog }))
    ),
  dropPin: (session) => update(reg, session, (r) => ({ ...r, pinnedTab: undefined })),
  browserEnded: (session) => update(reg, session, () => EMPTY),
  firstStart: Ref.getAndSet(reg.started, true).pipe(Effect.map((was) => !was)),
  startRecording: (session, path) => update(reg, session, (r) => ({ ...r, pendingRecording: path })),
  takeRecording: (session) =>
    Ref.modify(reg.records, (m): readonly [string | undefined, ReadonlyMap<string, SessionRecord>] => {
      const record = m.get(session)
      if (record?.pendingRecording === undefined) return [undefined, m]
      return [record.pendingRecording, new Map(m).set(session, { ...record, pendingRecording: undefined })]
    })
})

export const SessionRegistryLive: Layer.Layer<SessionRegistry> = Layer.effect(
  SessionRegistry,
  Effect.gen(function* () {
    const reg: Registry = {
      state: yield* Ref.make(Option.none<SessionState>()),
      records: yield* Ref.make<ReadonlyMap<string, SessionRecord>>(new Map()),
      owned: yield* Ref.make<ReadonlyMap<string, ManagedSession>>(new Map()),
      locks: yield* Ref.make<ReadonlyMap<string, Semaphore>>(new Map()),
      highest: yield* Ref.make<ReadonlyMap<string, number>>(new Map()),
      started: yield* Ref.make(false)
    }
    return SessionRegistry.of(serviceOf(reg))
  })
)
