/**
 * The SessionLock contract, run against SessionLockLive's lock (real lock files; a second instance stands for another
 * process, as its open file descriptions conflict like another process's) and FakeSessionLock
 * (test/unit/sessionLockContract.test.ts): one task at a time per session, in the order asked; a wait past its budget
 * is a `session-lock` TimedOut before anything ran; the lock is free again after a task fails or is interrupted; the
 * last process to leave a session hears that nobody else uses it; a lock is retired only when free.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type * as Layer from "effect/Layer"
import { SessionLock, type SessionLockShape } from "../../../src/services/SessionLock.js"

export interface SessionLockSubject<D = never> {
  readonly layer: () => Layer.Layer<SessionLock | D>
  /** Another process's SessionLock over the same sessions. */
  readonly otherProcess: Effect.Effect<SessionLockShape, never, SessionLock | D>
  /** A fresh session's lock path. */
  readonly path: () => string
  /** How many tasks wait in line for a path now (its holder not counted). */
  readonly waiting: Effect.Effect<(path: string) => number, never, SessionLock | D>
}

const until = (check: () => boolean) =>
  Effect.gen(function* () {
    for (let i = 0; i < 200 && !check(); i++) yield* Effect.sleep("10 millis")
    return check()
  })

export const sessionLockContract = <D = never>(label: string, subject: SessionLockSubject<D>) =>
  describe(`SessionLock contract: ${label}`, () => {
    const provide = <A, E>(program: Effect.Effect<A, E, SessionLock | D>) => Effect.provide(program, subject.layer())

    it.live("one task at a time on a session, across processes, in the order asked", () =>
      provide(
        Effect.gen(function* () {
          const mine = yield* SessionLock
          const other = yield* subject.otherProcess
          const path = subject.path()
          const order: Array<string> = []
          let inside = 0
          let most = 0
          const task = (name: string) =>
            Effect.gen(function* () {
              inside++
              most = Math.max(most, inside)
              order.push(name)
              yield* Effect.sleep("60 millis")
              inside--
            })
          const first = yield* Effect.fork(mine.withLock(path, 5_000, task("a")))
          expect(yield* until(() => order.length === 1)).toBe(true)
          const second = yield* Effect.fork(other.withLock(path, 5_000, task("b")))
          // "c" asks once "b" is in line (or already inside, if "a" ended first): polled, not a fixed pause
          const waiting = yield* subject.waiting
          yield* until(() => waiting(path) >= 1 || order.length >= 2)
          const third = yield* Effect.fork(mine.withLock(path, 5_000, task("c")))
          yield* Fiber.join(Fiber.zip(first, Fiber.zip(second, third)))
          expect(most).toBe(1)
          expect(order).toEqual(["a", "b", "c"])
        })
      )
    )

    it.live("a holder past the wait's budget: the waiter fails as a session-lock timeout, its task never ran", () =>
      provide(
        Effect.gen(function* () {
          const mine = yield* SessionLock
          const other = yield* subject.otherProcess
          const path = subject.path()
          let held = false
          let ran = false
          const holder = yield* Effect.fork(
            other.withLock(
              path,
              5_000,
              Effect.sync(() => (held = true)).pipe(Effect.zipRight(Effect.sleep("2 seconds")))
            )
          )
          expect(yield* until(() => held)).toBe(true)
          const error = yield* Effect.flip(
            mine.withLock(
              path,
              150,
              Effect.sync(() => (ran = true))
            )
          )
          expect(error).toMatchObject({ _tag: "TimedOut", reason: "session-lock", lockPath: path, dispatched: "no" })
          expect(ran).toBe(false)
          yield* Fiber.interrupt(holder)
        })
      )
    )

    it.live("the lock is free again after a task fails or is interrupted", () =>
      provide(
        Effect.gen(function* () {
          const mine = yield* SessionLock
          const other = yield* subject.otherProcess
          const path = subject.path()
          expect(yield* Effect.flip(mine.withLock(path, 1_000, Effect.fail("boom")))).toBe("boom")
          expect(yield* other.withLock(path, 300, Effect.succeed("after a failure"))).toBe("after a failure")
          let holding = false
          const stuck = yield* Effect.fork(
            mine.withLock(path, 1_000, Effect.sync(() => (holding = true)).pipe(Effect.zipRight(Effect.never)))
          )
          // interrupted while it holds the lock, so the release on interrupt is what is tested
          expect(yield* until(() => holding)).toBe(true)
          yield* Fiber.interrupt(stuck)
          expect(yield* other.withLock(path, 300, Effect.succeed("after an interrupt"))).toBe("after an interrupt")
        })
      )
    )

    it.live("the last process to leave a session hears nobody else uses it", () =>
      provide(
        Effect.gen(function* () {
          const mine = yield* SessionLock
          const other = yield* subject.otherProcess
          const path = subject.path()
          yield* mine.withLock(
            path,
            1_000,
            Effect.gen(function* () {
              yield* mine.join(path)
              yield* other.join(path)
              expect(yield* mine.inUse(path)).toBe(true)
              expect(yield* mine.leave(path)).toEqual({ othersRemain: true })
              expect(yield* mine.inUse(path)).toBe(true)
              expect(yield* other.leave(path)).toEqual({ othersRemain: false })
              expect(yield* mine.inUse(path)).toBe(false)
            })
          )
        })
      )
    )

    it.live("a lock is retired only when nobody holds it", () =>
      provide(
        Effect.gen(function* () {
          const mine = yield* SessionLock
          const other = yield* subject.otherProcess
          const path = subject.path()
          expect(yield* mine.retire(path)).toBe(false)
          yield* mine.withLock(
            path,
            1_000,
            Effect.gen(function* () {
              expect(yield* other.retire(path)).toBe(false)
            })
          )
          expect(yield* other.retire(path)).toBe(true)
          expect(yield* mine.retire(path)).toBe(false)
        })
      )
    )
  })
