/**
 * Which upstream session a planned call runs in, and the argv it runs with: the managed session (its launch flags
 * re-sent, a call's own launch flags refused once its browser runs), a fresh one, an explicit `--session`, or none.
 * Pure.
 */
import * as Either from "effect/Either"
import type { SessionRole } from "../../domain/Plan.js"
import { managedNameFor, type SessionState } from "../../domain/SessionState.js"
import { InvalidInput } from "../../schema/ToolError.js"
import type { CommandLine } from "../../domain/CommandLine.js"
import { LAUNCH_FLAGS, launchFlagTokens, parseCommandLine, withoutFlags } from "../../upstream/commandLine.js"

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
