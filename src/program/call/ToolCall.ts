/**
 * One tool call as a typed Effect program: plan (validate) → queue on the session lock → plan again against the
 * state as it is now (unless nothing changed) → execute → judge → present. `run` is the typed core for embedders
 * (it fails with exactly the errors a call can end with); `runToResult` never fails and is what the pi adapter calls.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import type { Executed, ManagedSessionOutcome } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { ToolDetails, ToolResult } from "../../schema/ToolDetails.js"
import {
  type Aborted,
  InvalidInput,
  type TabDrift,
  TimedOut,
  UpstreamFailed,
  withFields
} from "../../schema/ToolError.js"
import { Presenter } from "../../services/Presenter.js"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import { SessionLock } from "../../services/SessionLock.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { SessionRegistry, sameRevision } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import { electronModeOf, runElectronCall, type ElectronCallError } from "../electron/electronCall.js"
import { electronAfterCommand } from "../electron/afterCommand.js"
import { electronPostCommandHealth } from "../electron/postCommandHealth.js"
import { invalidateRefsOnNoActivePage } from "../refs/refTracking.js"
import { recordShownSnapshot } from "../page/shownSnapshot.js"
import { abandonFreshLaunch } from "../session/freshLaunch.js"
import { reapDeadOwners } from "../session/lifecycle.js"
import { type LivePage, recoverHungPage } from "../session/hungPage.js"
import { crashedTabOf } from "../session/crashedTab.js"
import type { TabCrashed } from "../../schema/ErrorFields.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import { sessionOutcomeOf } from "../../session/sessionOutcome.js"
import { abortable, baseNameOf, type CallContext, lockFileOf, lockKeyOf, ownerOf } from "../pipeline/callContext.js"
import { execute } from "../pipeline/execute.js"
import { prepare } from "../pipeline/prepare.js"
import { verdictOf } from "../pipeline/verdict.js"
import { socketDirOf } from "../../upstream/socketDir.js"

export type { CallContext, CallPhase } from "../pipeline/callContext.js"
export { baseSessionName } from "../../domain/SessionState.js"
export { execute } from "../pipeline/execute.js"
export { prepare } from "../pipeline/prepare.js"

/** Every error a call can end with, as the compiler infers it from the programs (no hand-written union). */
export type CallError =
  | InvalidInput
  | Aborted
  | Effect.Effect.Error<ReturnType<typeof execute>>
  | NonNullable<ReturnType<typeof verdictOf>>
  | ElectronCallError
  | TabDrift

interface Attempt {
  readonly plan: Plan | undefined
  readonly executed?: Executed
  readonly error?: CallError
  readonly managedSessionOutcome?: ManagedSessionOutcome
  readonly electron?: ElectronReport
  readonly recovery?: Recovery
}

/** Plans, then runs under the session's lock, planning again there: a queued call sees the state it will run in. */
const attempt = (raw: unknown, call: CallContext) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const registry = yield* SessionRegistry
    const sessionLock = yield* SessionLock
    const electron = electronModeOf(raw, call.cwd)
    if (electron !== undefined) {
      return yield* runElectronCall(electron, call).pipe(
        abortable(call.signal),
        Effect.catchTag("Aborted", (error) => Effect.succeed({ plan: undefined, error } satisfies Attempt))
      )
    }
    // the first call of a process that did not restore a session at start reaps dead agents' browsers here
    yield* reapDeadOwners
    const revision = yield* registry.revision
    const first = yield* Effect.either(prepare(raw, call))
    call.mark?.("planned")
    if (Either.isLeft(first)) return { plan: undefined, error: first.left } satisfies Attempt
    const key = lockKeyOf(first.right, baseNameOf(call, config))
    const lockFile = lockFileOf(first.right, baseNameOf(call, config), config)
    // in this process first (pi runs a message's calls together), then across processes for as long as the call's budget
    const locked = <A, E, R>(task: Effect.Effect<A, E, R>) =>
      registry.withLock(
        key,
        lockFile === undefined ? task : sessionLock.withLock(lockFile, first.right.timeoutMs, task)
      )
    return yield* locked(
      Effect.gen(function* () {
        call.mark?.("locked")
        const planned =
          key === undefined || (replansSame(first.right) && sameRevision(revision, yield* registry.revision))
            ? first
            : yield* Effect.either(prepare(raw, call))
        if (Either.isLeft(planned)) return { plan: first.right, error: planned.left } satisfies Attempt
        const base = baseNameOf(call, config)
        const before = yield* registry.current(base)
        const ran = yield* Effect.either(execute(planned.right, call))
        call.mark?.("executed")
        yield* recordOwnership(planned.right, lockFile)
        if (Either.isRight(ran)) {
          // the plan as it ran (a role/name click resolved to a ref before it ran)
          const plan = ran.right.plan
          const health = yield* electronPostCommandHealth(plan, ran.right)
          const error = verdictOf(ran.right) ?? health?.error
          const executed = error === undefined ? yield* electronAfterCommand(plan, ran.right, call) : ran.right
          yield* recordShownSnapshot(plan, executed, error !== undefined)
          // the upstream command ran: a fresh launch became current even when a later check fails the call
          const outcome = sessionOutcomeOf(plan, before, yield* registry.current(base), true)
          return {
            plan,
            executed,
            ...(error !== undefined ? { error } : {}),
            ...(health !== undefined ? { electron: health.report } : {}),
            ...(outcome !== undefined ? { managedSessionOutcome: outcome } : {})
          } satisfies Attempt
        }
        const plan = planned.right
        const outcome =
          plan.sessionRole === "fresh"
            ? yield* abandonFreshLaunch(plan, ran.left)
            : sessionOutcomeOf(plan, before, yield* registry.current(base), false)
        // a tab whose page crashed is said as a crash (its browser is not a hung one to end)
        const crash = mayHaveCrashed(ran.left) ? yield* crashedTabOf(plan) : undefined
        // a navigation the watchdog left hanging is stopped now, so the next call (and the offered check) answers
        const hung = ran.left._tag === "TimedOut" && crash === undefined ? yield* recoverHungPage(plan, ran.left) : {}
        const recovery = hung.recovery
        const error = withCrash(
          ran.left._tag === "TimedOut" ? withLivePage(yield* withLastUrl(plan, ran.left), hung.livePage) : ran.left,
          crash
        )
        yield* invalidateRefsOnNoActivePage(plan, error)
        yield* recordShownSnapshot(plan, undefined, true)
        return {
          plan,
          error,
          ...(outcome !== undefined ? { managedSessionOutcome: outcome } : {}),
          ...(recovery !== undefined ? { recovery } : {})
        } satisfies Attempt
      })
    ).pipe(
      // the only error left here is the cross-process lock's (the call's own errors are values by now)
      Effect.catchTag("TimedOut", (error) => Effect.succeed({ plan: first.right, error } satisfies Attempt)),
      abortable(call.signal),
      Effect.catchTag("Aborted", (error) => Effect.succeed({ plan: first.right, error } satisfies Attempt))
    )
  })

/**
 * A plain args call with no pool plans from the registry, the config and its input alone: when the registry is as
 * it was when it was planned (no call ran in between), planning again under the lock would give the same plan.
 */
const replansSame = (plan: Plan): boolean => plan.compiled.mode === "args" && plan.pool === undefined

/** A managed or fresh session this process launched or used: it owns it now (dead-owner reaping, BrowserProcesses). */
const recordOwnership = (plan: Plan, lockFile: string | undefined) =>
  Effect.gen(function* () {
    if (
      lockFile === undefined ||
      plan.kind !== "browser" ||
      plan.sessionName === undefined ||
      (plan.sessionRole !== "managed" && plan.sessionRole !== "fresh") ||
      isClose(plan.line)
    )
      return
    const config = yield* ToolConfig
    yield* (yield* BrowserProcesses).recordOwner(socketDirOf(config, plan.env), plan.sessionName, lockFile)
    // one of the processes using it: when another quits, the browser stays for this one
    yield* (yield* SessionLock).join(lockFile)
  })

/** Failures a crashed tab gives: upstream's error (not a launch's) or a timeout of a command that ran. */
const mayHaveCrashed = (error: { readonly _tag: string }): boolean =>
  (error instanceof UpstreamFailed && error.launch === undefined) ||
  (error instanceof TimedOut && error.source !== "session-lock")

const withCrash = <E extends { readonly _tag: string }>(error: E, crash: TabCrashed | undefined): E =>
  crash === undefined
    ? error
    : error instanceof UpstreamFailed
      ? (withFields(error as UpstreamFailed, { tabCrashed: crash }) as unknown as E)
      : error instanceof TimedOut
        ? (withFields(error as TimedOut, { tabCrashed: crash }) as unknown as E)
        : error

/** The same timeout with the page (a copy from its fields, so its message is the same words). */
const withUrl = (e: TimedOut, lastUrl: string): TimedOut => withFields(e, { lastUrl })

/** A step-by-step run's progress with the page the recovery read live after the timeout (T3: `liveUrlRecovered`). */
const withLivePage = (e: TimedOut, page: LivePage | undefined): TimedOut =>
  page === undefined || e.partialProgress === undefined
    ? e
    : withFields(e, { partialProgress: { ...e.partialProgress, currentPage: { ...page, source: "live" } } })

/** A timed-out call's session page, for recovery actions that must reopen it elsewhere (a dialog that hung the tab). */
const withLastUrl = (plan: Plan, error: TimedOut) =>
  plan.sessionName === undefined
    ? Effect.succeed(error)
    : Effect.map(SessionRegistry, (r) => r.view(plan.sessionName ?? "")).pipe(
        Effect.flatten,
        Effect.map((view) =>
          view.page?.url !== undefined && view.page.url !== "" ? withUrl(error, view.page.url) : error
        )
      )

/** The typed core: succeeds with what the call did, or fails with the one error that ended it. */
export const run = (
  raw: unknown,
  call: CallContext
): Effect.Effect<Executed, CallError, Effect.Effect.Context<ReturnType<typeof attempt>>> =>
  electronModeOf(raw, call.cwd) !== undefined
    ? // an electron call's result is its report (list, status and cleanup run no upstream command): see runElectron
      Effect.fail(
        new InvalidInput({
          field: "electron",
          detail: "electron: run returns an upstream call's result; use runElectron for electron calls"
        })
      )
    : Effect.flatMap(attempt(raw, call), (a: Attempt) =>
        a.error !== undefined
          ? Effect.fail(a.error)
          : a.executed !== undefined
            ? Effect.succeed(a.executed)
            : Effect.dieMessage("ToolCall.run: no result and no error")
      )

/** What a successful `electron` call did: its report, and the upstream call it ran last (launch handoff, probe snapshot). */
export interface ElectronRun {
  readonly electron: ElectronReport
  readonly executed?: Executed
}

/** The typed core of an `electron` call; any other input fails with InvalidInput (use `run`). */
export const runElectron = (
  raw: unknown,
  call: CallContext
): Effect.Effect<ElectronRun, CallError, Effect.Effect.Context<ReturnType<typeof attempt>>> =>
  electronModeOf(raw, call.cwd) === undefined
    ? Effect.fail(
        new InvalidInput({
          field: "electron",
          detail: "electron: runElectron takes an electron call; use run for the others"
        })
      )
    : Effect.flatMap(attempt(raw, call), (a: Attempt) =>
        a.error !== undefined
          ? Effect.fail(a.error)
          : a.electron !== undefined
            ? Effect.succeed<ElectronRun>({
                electron: a.electron,
                ...(a.executed !== undefined ? { executed: a.executed } : {})
              })
            : Effect.dieMessage("ToolCall.runElectron: no report and no error")
      )

const managedFacts = (registry: SessionRegistry["Type"]) =>
  Effect.map(
    registry.snapshot,
    Option.match({
      onNone: () => ({}),
      onSome: (s): { managedSession: NonNullable<ToolDetails["managedSession"]> } => ({
        managedSession: {
          name: s.managed.name,
          active: s.managed.active,
          generation: s.generation,
          launchFlags: s.managed.launchFlags
        }
      })
    })
  )

const rawArgs = (raw: unknown): ReadonlyArray<string> => {
  const args = (raw as { args?: unknown } | null)?.args
  return Array.isArray(args) ? args.filter((a): a is string => typeof a === "string") : []
}

const rawSessionMode = (raw: unknown) =>
  ((raw as { sessionMode?: unknown } | null)?.sessionMode === "fresh" ? "fresh" : "auto") as "auto" | "fresh"

/**
 * The whole call, never failing: every outcome becomes a ToolResult. Untraced, as are `prepare` and `execute`: on the
 * path of every call a span with its call-site capture cost ~0.2 ms (bench:core); an embedder that traces wraps the
 * call in `Effect.withSpan`.
 */
export const runToResult = Effect.fnUntraced(function* runToResult(raw: unknown, call: CallContext) {
  const presenter = yield* Presenter
  const registry = yield* SessionRegistry
  const config = yield* ToolConfig
  const a: Attempt = yield* attempt(raw, call)
  const plan = a.plan
  const result = yield* presenter.present({
    plan,
    args: plan?.args ?? rawArgs(raw),
    sessionMode: plan?.sessionMode ?? rawSessionMode(raw),
    ...(a.executed !== undefined ? { executed: a.executed } : {}),
    ...(a.error !== undefined ? { error: a.error } : {}),
    secrets: plan?.line.command === "auth" && plan.stdin !== undefined ? [plan.stdin] : [],
    owner: ownerOf(call, config),
    ...(yield* managedFacts(registry)),
    ...(a.managedSessionOutcome !== undefined ? { managedSessionOutcome: a.managedSessionOutcome } : {}),
    ...(a.electron !== undefined ? { electron: a.electron } : {}),
    ...(a.recovery !== undefined ? { recovery: a.recovery } : {})
  })
  call.mark?.("presented")
  return result
}) satisfies (raw: unknown, call: CallContext) => Effect.Effect<ToolResult, never, unknown>
