/**
 * FakeSessionLock: the session lock in memory, for unit tests that need its answers without lock files. One world of
 * locks and users, shared by this process's SessionLock and the driver's `otherProcess` (a second process using the
 * same sessions): one task at a time per path, in the order asked; a wait past its budget fails as the live lock's
 * `TimedOut` (`session-lock`); a path is "on disk" from its first use until retired.
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { TimedOut } from "../../schema/ToolError.js"
import { SessionLock, type SessionLockShape } from "../../services/SessionLock.js"

interface World {
  /** path → the waiters in line; the first one holds the lock. */
  readonly lines: Map<string, Array<Deferred.Deferred<void>>>
  /** Paths whose lock file exists. */
  readonly files: Set<string>
  /** path → the processes (by number) that use the session. */
  readonly users: Map<string, Set<number>>
}

export interface FakeSessionLockShape {
  /** A second process's SessionLock over the same sessions. */
  readonly otherProcess: SessionLockShape
  /** How many tasks wait in line for a path (its holder not counted). */
  readonly waiting: (path: string) => number
}

/** Lets the next waiter in (or frees the path). */
const leaveLine = (world: World, path: string, ticket: Deferred.Deferred<void>) =>
  Effect.gen(function* () {
    const line = world.lines.get(path) ?? []
    const wasFirst = line[0] === ticket
    const rest = line.filter((t) => t !== ticket)
    if (rest.length === 0) world.lines.delete(path)
    else world.lines.set(path, rest)
    if (wasFirst && rest[0] !== undefined) yield* Deferred.succeed(rest[0], undefined)
  })

const makeLock = (world: World, self: number): SessionLockShape => ({
  withLock: (path, waitMs, task) =>
    Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        world.files.add(path)
        const ticket = yield* Deferred.make<void>()
        const line = [...(world.lines.get(path) ?? []), ticket]
        world.lines.set(path, line)
        if (line.length === 1) yield* Deferred.succeed(ticket, undefined)
        const turn = yield* restore(Deferred.await(ticket).pipe(Effect.timeoutOption(waitMs))).pipe(
          Effect.onInterrupt(() => leaveLine(world, path, ticket))
        )
        if (Option.isNone(turn)) {
          yield* leaveLine(world, path, ticket)
          return yield* new TimedOut({
            reason: "session-lock",
            lockPath: path,
            timeoutMs: waitMs,
            dispatched: "no",
            stdout: "",
            stderr: ""
          })
        }
        return yield* restore(task).pipe(Effect.ensuring(leaveLine(world, path, ticket)))
      })
    ),
  retire: (path) =>
    Effect.sync(() => {
      if (!world.files.has(path) || world.lines.has(path)) return false
      world.files.delete(path)
      return true
    }),
  join: (path) => Effect.sync(() => void world.users.set(path, new Set([...(world.users.get(path) ?? []), self]))),
  leave: (path) =>
    Effect.sync(() => {
      const users = new Set(world.users.get(path) ?? [])
      users.delete(self)
      if (users.size === 0) world.users.delete(path)
      else world.users.set(path, users)
      return { othersRemain: users.size > 0 }
    }),
  inUse: (path) => Effect.sync(() => (world.users.get(path)?.size ?? 0) > 0),
  mechanism: "in-memory lock (test)",
  crossProcess: true
})

export class FakeSessionLock extends Context.Tag("pi-agent-browser-effect/FakeSessionLock")<
  FakeSessionLock,
  FakeSessionLockShape
>() {
  /** This process's lock and the driver, over one fresh world. */
  static layer(): Layer.Layer<SessionLock | FakeSessionLock> {
    return Layer.effectContext(
      Effect.sync(() => {
        const world: World = { lines: new Map(), files: new Set(), users: new Map() }
        return Context.make(SessionLock, makeLock(world, 1)).pipe(
          Context.add(FakeSessionLock, {
            otherProcess: makeLock(world, 2),
            waiting: (path) => Math.max(0, (world.lines.get(path)?.length ?? 0) - 1)
          })
        )
      })
    )
  }
}
