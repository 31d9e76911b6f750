/**
 * Which upstream session a planned call runs in, and the argv it runs with: the managed session (its launch flags
 * re-sent, a call's own launch flags refused once its browser runs), a fresh one, an explicit `--session`, or none.
 * Pure.
 */

import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FiberId from "effect/FiberId"
import { join } from "node:path"
import type { Approver } from "../../domain/Approval.js"
import type { CommandLine } from "../../domain/CommandLine.js"
import type { Plan, SessionRole } from "../../domain/Plan.js"
import type { ProgressSink } from "../../domain/Progress.js"
import { baseSessionName, lockFileName, managedNameFor, type SessionState } from "../../domain/SessionState.js"
import type { SpillOwner } from "../../schema/Artifacts.js"
import { Aborted, InvalidInput } from "../../schema/ToolError.js"
import type { ToolConfigShape } from "../../services/ToolConfig.js"
import { LAUNCH_FLAGS, launchFlagTokens, parseCommandLine, withoutFlags } from "../../upstream/commandLine.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/** Launch flags that must not be re-sent: `--state` relaunches on every call that carries it (reference §9.2). */
const NOT_RESENT = new Set(["--state", "--session-name", "--restore"])

const sameTokens = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((t, i) => t === b[i])

/**
 * Every launch flag of the call is one the session's browser was launched with, same value: the first call's flags
 * repeated after the config's defaults joined them (program/session/browserDefaults.ts), or in another order.
 */
const launchedWith = (line: CommandLine, launchFlags: ReadonlyArray<string>): boolean => {
  const launched = parseCommandLine(launchFlags).flags
  const given = line.flags.filter((f) => LAUNCH_FLAGS.has(f.flag))
  return given.every((f) => launched.some((l) => l.flag === f.flag && l.value === f.value))
}

export interface PlannedSession {
  readonly role: SessionRole
  readonly sessionName: string | undefined
  readonly effective: ReadonlyArray<string>
}

/** What a call asks for, as the session choice reads it. */
export interface SessionAsk {
  readonly line: CommandLine
  readonly args: ReadonlyArray<string>
  /** The caller's own args, for the retry a refusal offers. */
  readonly inputArgs: ReadonlyArray<string>
  readonly kind: "browser" | "inspection" | "sessionless"
  readonly sessionMode: "auto" | "fresh"
  readonly explicitSession: string | undefined
}

const launchFlagsRefused = (ask: SessionAsk, managed: SessionState["managed"]) => {
  const flags = [...new Set(ask.line.flags.filter((f) => LAUNCH_FLAGS.has(f.flag)).map((f) => f.flag))]
  return new InvalidInput({
    field: "args",
    detail:
      `${flags.join(", ")} only take effect when a browser launches, and this conversation's browser ` +
      `(${managed.name}) is already running. Retry with sessionMode "fresh" to launch a new managed browser with ` +
      "them, or pass an explicit --session for a separate one.",
    sessionRecoveryHint: {
      reason: "launch-flags-on-active-session",
      recommendedSessionMode: "fresh",
      exampleArgs: ask.inputArgs,
      exampleParams: { args: ask.inputArgs, sessionMode: "fresh" },
      flags,
      activeSession: managed.name
    }
  })
}

/** The managed session of the conversation: its launch flags re-sent unless the call's differ (then refused). */
const managedSession = (ask: SessionAsk, state: SessionState): Either.Either<PlannedSession, InvalidInput> => {
  const managed = state.managed
  const callLaunch = launchFlagTokens(ask.line)
  const differs = managed.active && callLaunch.length > 0 && !sameTokens(callLaunch, managed.launchFlags)
  // the call's launch flags repeat some of the session's: they go, and the session's whole set is re-sent
  const repeated = differs && launchedWith(ask.line, managed.launchFlags)
  if (differs && !repeated) return Either.left(launchFlagsRefused(ask, managed))
  const resend =
    managed.active && (callLaunch.length === 0 || repeated)
      ? withoutFlags(parseCommandLine(managed.launchFlags), NOT_RESENT)
      : []
  const own = repeated ? withoutFlags(ask.line, LAUNCH_FLAGS) : ask.args
  return Either.right({
    role: "managed",
    sessionName: managed.name,
    effective: ["--session", managed.name, ...resend, ...own]
  })
}

export const sessionOf = (ask: SessionAsk, state: SessionState): Either.Either<PlannedSession, InvalidInput> => {
  const explicit = ask.explicitSession
  if (explicit !== undefined && explicit === state.managed.name && ask.kind === "browser") {
    // The managed session named explicitly (e.g. from a nextActions entry): still wrapper-managed.
    const resend =
      state.managed.active && launchFlagTokens(ask.line).length === 0
        ? withoutFlags(parseCommandLine(state.managed.launchFlags), NOT_RESENT)
        : []
    const own = withoutFlags(ask.line, new Set(["--session"]))
    return Either.right({
      role: "managed",
      sessionName: explicit,
      effective: ["--session", explicit, ...resend, ...own]
    })
  }
  if (explicit !== undefined) return Either.right({ role: "explicit", sessionName: explicit, effective: ask.args })
  if (ask.kind !== "browser") return Either.right({ role: "none", sessionName: undefined, effective: ask.args })
  if (ask.sessionMode === "fresh") {
    const sessionName = managedNameFor(state.baseName, state.generation + 1)
    return Either.right({ role: "fresh", sessionName, effective: ["--session", sessionName, ...ask.args] })
  }
  return managedSession(ask, state)
}

/** Who is calling, and what follows from it: the managed session's base name, the lock key, where files belong. */
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
 * on the way skips the phases it never reached (one refused while planning: planned, presented; a stale ref the
 * session's record proves: planned, unlocked, presented).
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
