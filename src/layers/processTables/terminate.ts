/**
 * Ends a process, a process group or a process tree: SIGTERM, a grace period in which it may exit, then SIGKILL. The
 * one home of that sequence, built on `OsProcesses` (a `Pid`/`Tree` target with a start time is checked before each
 * signal, so a reused pid is never signalled; a group is gone when no live member is left).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { OsProcessesShape, ProcessTableUnavailable, SignalTarget } from "../../services/OsProcesses.js"

/**
 * `gone`: nothing to signal; `denied`: not ours to signal; `ended`: it exited within the grace period; `killed`:
 * SIGKILL was sent (and, with `killWaitMs`, it was seen gone); `survived`: still there `killWaitMs` after SIGKILL.
 */
export type Termination = "gone" | "denied" | "ended" | "killed" | "survived"

export interface TerminateOptions {
  /** How long SIGTERM is given before SIGKILL. */
  readonly graceMs: number
  /** How long to wait for it to go after SIGKILL; without it, SIGKILL is not waited on. */
  readonly killWaitMs?: number
  readonly pollMs?: number
}

const DEFAULT_POLL_MS = 50

/** Whether the target has no live process left. */
export const targetGone = (
  os: OsProcessesShape,
  target: SignalTarget
): Effect.Effect<boolean, ProcessTableUnavailable> =>
  target._tag === "Group"
    ? Effect.map(os.groupMembers(target.pgid), (members) => members.length === 0)
    : Effect.map(os.isAlive(target), (alive) => !alive)

/** Polls until the target is gone or `ms` have passed (checked at least once); true when it is gone. */
export const waitGone = (os: OsProcessesShape, target: SignalTarget, ms: number, pollMs = DEFAULT_POLL_MS) =>
  Effect.gen(function* () {
    const deadline = (yield* Clock.currentTimeMillis) + ms
    while (!(yield* targetGone(os, target))) {
      if ((yield* Clock.currentTimeMillis) >= deadline) return false
      yield* Effect.sleep(pollMs)
    }
    return true
  })

export const terminate = (os: OsProcessesShape, target: SignalTarget, options: TerminateOptions) =>
  Effect.gen(function* (): Effect.fn.Return<Termination, ProcessTableUnavailable> {
    const pollMs = options.pollMs ?? DEFAULT_POLL_MS
    const term = yield* os.signal(target, "SIGTERM")
    if (term !== "sent") return term
    if (yield* waitGone(os, target, options.graceMs, pollMs)) return "ended"
    const kill = yield* os.signal(target, "SIGKILL")
    if (kill === "gone") return "ended"
    if (options.killWaitMs === undefined) return kill === "sent" ? "killed" : "denied"
    return (yield* waitGone(os, target, options.killWaitMs, pollMs)) ? "killed" : "survived"
  })
