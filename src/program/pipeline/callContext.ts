/** Who is calling, and what follows from it: the managed session's base name, the lock key, where files belong. */
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FiberId from "effect/FiberId"
import type { Approver } from "../../domain/Approval.js"
import type { SpillOwner } from "../../schema/Artifacts.js"
import type { Plan } from "../../domain/Plan.js"
import { baseSessionName, lockFileName } from "../../domain/SessionState.js"
import type { ProgressSink } from "../../domain/Progress.js"
import { Aborted } from "../../schema/ToolError.js"
import type { ToolConfigShape } from "../../services/ToolConfig.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/** Who is calling: the pi session and working directory the managed browser belongs to. */
export interface CallContext {
  readonly piSessionId: string
  readonly cwd: string
  readonly signal?: AbortSignal
  /** The pi session is saved to a file: its spill files go to a persistent per-session directory. */
  readonly persistSession?: boolean
  /** Asks the human (pi's UI) to approve an action upstream holds for confirmation; absent without a UI. */
  readonly approve?: Approver
  /** pi trusts the project: its config file may contribute browser defaults. */
  readonly projectTrusted?: boolean
  /** Receives per-step progress of job/qa runs (pi's onUpdate). */
  readonly onProgress?: ProgressSink
  /** Told when a call reaches each phase, for timing the tool's own work apart from upstream's (bench:core). */
  readonly mark?: (phase: CallPhase) => void
}

/**
 * A call's phases, in order: planned; holding its session's lock; guarded (health and refs checked); ran (the
 * family's run, its upstream process included, and its reply read); tracked (read phase and the health after);
 * executed (judged, recorded); unlocked (ownership recorded, the lock let go); presented. A call refused or failed
 * on the way skips the phases it never reached (one refused while planning: planned, presented).
 */
export type CallPhase = "planned" | "locked" | "guarded" | "ran" | "tracked" | "executed" | "unlocked" | "presented"

export const baseNameOf = (call: CallContext, config: ToolConfigShape): string =>
  baseSessionName(config.sessionPrefix, call.piSessionId, call.cwd)

/**
 * The lock a planned call queues on: the pi session's managed browser (its managed and fresh sessions alike), or
 * the caller's explicit session; none for calls that touch no session.
 */
export const lockKeyOf = (plan: Plan, baseName: string): string | undefined =>
  plan.sessionName === undefined
    ? undefined
    : plan.sessionRole === "explicit"
      ? `explicit:${plan.sessionName}`
      : `managed:${baseName}`

/**
 * The file the cross-process session lock takes for a planned call, beside the session's socket: the managed base
 * name (every generation of this pi session's browser) or the explicit session's name.
 */
export const lockFileOf = (plan: Plan, baseName: string, config: ToolConfigShape): string | undefined => {
  if (plan.sessionName === undefined) return undefined
  return join(
    socketDirOf(config, plan.env),
    lockFileName(plan.sessionRole === "explicit" ? plan.sessionName : baseName)
  )
}

/** Where a call's files belong: the persisted pi session's directory, or the process-private one. */
export const ownerOf = (call: CallContext, config: ToolConfigShape): SpillOwner =>
  call.persistSession === true ? { persistKey: baseNameOf(call, config) } : {}

/**
 * The task, failing with Aborted when pi's abort signal fires: the task runs in one child fiber that the signal
 * interrupts (which ends its processes). One fork, no racing fiber: racing a never-ending wait cost ~0.25 ms a call.
 */
export const abortable =
  (signal: AbortSignal | undefined) =>
  <A, E, R>(task: Effect.Effect<A, E, R>): Effect.Effect<A, E | Aborted, R> =>
    signal === undefined
      ? task
      : Effect.uninterruptibleMask((restore) =>
          Effect.suspend(() => {
            if (signal.aborted) return Effect.fail(new Aborted({ dispatched: "no" }))
            return Effect.flatMap(Effect.fork(restore(task)), (fiber) => {
              let aborted = false
              const onAbort = () => {
                aborted = true
                fiber.unsafeInterruptAsFork(FiberId.none)
              }
              signal.addEventListener("abort", onAbort, { once: true })
              return restore(Fiber.await(fiber)).pipe(
                // the caller interrupted: so is the task (its finalizers run before this ends)
                Effect.onInterrupt(() => Fiber.interrupt(fiber)),
                Effect.ensuring(Effect.sync(() => signal.removeEventListener("abort", onAbort))),
                Effect.flatMap(
                  (exit): Effect.Effect<A, E | Aborted> =>
                    aborted && Exit.isInterrupted(exit) ? Effect.fail(new Aborted({ dispatched: "maybe" })) : exit
                )
              )
            })
          })
        )
