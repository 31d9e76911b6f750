/**
 * Runs a task under a session's exclusive lock, waiting for it in the order it was asked for (waitLine.ts) until
 * `waitMs` runs out, then fails with `TimedOut` naming the holder.
 */
import * as Effect from "effect/Effect"
import { TimedOut } from "../../schema/ToolError.js"
import { holderOf, type NativeLocks, release, tryOnce } from "./lockFile.js"
import { joinLine, leaveLine, mayTry } from "./waitLine.js"

const FIRST_POLL_MS = 10
const MAX_POLL_MS = 100

const busy = (path: string, waitMs: number) => {
  const holder = holderOf(path)
  return new TimedOut({
    reason: "session-lock",
    lockPath: path,
    timeoutMs: waitMs,
    dispatched: "no",
    stdout: "",
    stderr: "",
    ...(holder !== undefined ? { holder } : {})
  })
}
/** Only the sleeps between tries can be interrupted: a lock taken is always handed to `ensuring`. */
export const withNativeLock = <A, E, R>(
  native: NativeLocks,
  path: string,
  waitMs: number,
  task: Effect.Effect<A, E, R>
): Effect.Effect<A, E | TimedOut, R> =>
  Effect.uninterruptibleMask((restore) =>
    Effect.gen(function* () {
      const deadline = Date.now() + waitMs
      // in the order asked (waitLine.ts): a free lock is taken at once only when nobody is waiting for it
      let fd = mayTry(path, undefined) ? tryOnce(native, path, waitMs) : undefined
      if (fd !== undefined) return yield* restore(task).pipe(Effect.ensuring(release(native, fd)))
      const ticket = joinLine(path, deadline)
      const waited = Effect.gen(function* () {
        let pause = FIRST_POLL_MS
        while (fd === undefined) {
          if (Date.now() >= deadline) return yield* busy(path, waitMs)
          yield* restore(Effect.sleep(Math.min(pause, Math.max(1, deadline - Date.now()))))
          // first in line: the lock is tried at the first interval (the holder's turn may end any moment)
          const first = mayTry(path, ticket)
          pause = first ? FIRST_POLL_MS : Math.min(MAX_POLL_MS, pause * 2)
          if (first) fd = tryOnce(native, path, waitMs)
        }
        return fd
      }).pipe(Effect.ensuring(Effect.sync(() => leaveLine(path, ticket))))
      const held = yield* waited
      return yield* restore(task).pipe(Effect.ensuring(release(native, held)))
    })
  )
