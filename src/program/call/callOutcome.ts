/**
 * What a call's attempt ends with once its upstream command ran (or failed): the judged result with the session's
 * outcome, or the error with the crash, the hung page's recovery and the last page it knew.
 */
import * as Effect from "effect/Effect"
import type { Executed, ManagedSessionOutcome } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { SessionState } from "../../domain/SessionState.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import type { TabCrashed } from "../../schema/ErrorFields.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import {
  type Aborted,
  type InvalidInput,
  type TabDrift,
  TimedOut,
  UpstreamFailed,
  withFields
} from "../../schema/ToolError.js"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import { ElectronHost } from "../../services/ElectronHost.js"
import { SessionLock } from "../../services/SessionLock.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"
import { sessionOutcomeOf } from "../../session/sessionTransitions.js"
import type { ElectronCallError } from "../electron/electronCall.js"
import { electronAfterCommand } from "../electron/afterCommand.js"
import { electronPostCommandHealth } from "../electron/postCommandHealth.js"
import { recordShownSnapshot } from "../page/shownSnapshot.js"
import { invalidateRefsOnNoActivePage } from "../refs/refTracking.js"
import type { CallContext } from "../pipeline/planSession.js"
import type { execute } from "../pipeline/execute.js"
import { verdictOf } from "../pipeline/judgePhase.js"
import { abandonFreshLaunch } from "../lifecycle/freshLaunch.js"
import { type LivePage, recoverHungPage } from "../lifecycle/hungPage.js"
import { noteCrash } from "../lifecycle/pageHealth.js"
import { dialogHeldError, noteBlockingDialog } from "../lifecycle/blockingDialog.js"
import { activeLaunchOf } from "../lifecycle/trackedLaunch.js"

/** Every error a call can end with, as the compiler infers it from the programs (no hand-written union). */
export type CallError =
  | InvalidInput
  | Aborted
  | Effect.Effect.Error<ReturnType<typeof execute>>
  | NonNullable<ReturnType<typeof verdictOf>>
  | ElectronCallError
  | TabDrift

/** What one attempt at a call ended with: its plan, and what ran or the error that ended it. */
export interface Attempt {
  readonly plan: Plan | undefined
  readonly executed?: Executed
  readonly error?: CallError
  readonly managedSessionOutcome?: ManagedSessionOutcome
  readonly electron?: ElectronReport
  readonly recovery?: Recovery
}

/** An upstream command's failure, as `execute` ends with it. */
type ExecuteError = Effect.Effect.Error<ReturnType<typeof execute>>

/** The command ran: judged (the verdict, an Electron app's health), then its snapshot and session outcome recorded. */
export const afterSuccess = (ran: Executed, call: CallContext, before: SessionState, base: string) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    // the plan as it ran (a role/name click resolved to a ref before it ran)
    const plan = ran.plan
    // the Electron-only steps, entered once the session is a wrapper-launched app's (decided here, once)
    const launched = (yield* (yield* ElectronHost).records).length > 0
    const app = launched && (yield* activeLaunchOf(plan.sessionName)) !== undefined
    const health = app ? yield* electronPostCommandHealth(plan, ran) : undefined
    const error = verdictOf(ran) ?? health?.error
    const executed = error === undefined && app ? yield* electronAfterCommand(plan, ran, call) : ran
    // what the model was shown changes after a failure or a call that may have shown a snapshot (a snapshot, a batch)
    if (error !== undefined || plan.line.command === "snapshot" || plan.line.command === "batch")
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
  })

/** The command failed: a fresh launch abandoned, a crashed tab said, a hung page recovered, stale refs dropped. */
export const afterFailure = (plan: Plan, failure: ExecuteError, before: SessionState, base: string) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    const outcome =
      plan.sessionRole === "fresh"
        ? yield* abandonFreshLaunch(plan, failure)
        : sessionOutcomeOf(plan, before, yield* registry.current(base), false)
    // a tab whose page crashed is said as a crash (its browser is not a hung one to end)
    // (one found before the command ran is already on the error: nothing was sent)
    const known = failure._tag === "UpstreamFailed" ? failure.tabCrashed : undefined
    const crash = known ?? (mayHaveCrashed(failure) ? yield* noteCrash(plan) : undefined)
    // the session's page as the call left it (read before a recovery that ends the browser forgets it)
    const timedOut = failure._tag === "TimedOut" ? yield* withLastUrl(plan, failure) : undefined
    // a navigation the watchdog left hanging is stopped now, so the next call (and the offered check) answers
    const hung = failure._tag === "TimedOut" && crash === undefined ? yield* recoverHungPage(plan, failure) : {}
    const recovery = hung.recovery
    // a dialog held the page: said as that dialog, and remembered as blocking (as a reply that says one)
    const held =
      failure._tag === "TimedOut" && hung.dialog !== undefined ? dialogHeldError(plan, failure, hung.dialog) : undefined
    if (held !== undefined) yield* noteBlockingDialog(plan, held.message)
    const error = held ?? withCrash(timedOut !== undefined ? withLivePage(timedOut, hung.livePage) : failure, crash)
    yield* invalidateRefsOnNoActivePage(plan, error)
    yield* recordShownSnapshot(plan, undefined, true)
    return {
      plan,
      error,
      ...(outcome !== undefined ? { managedSessionOutcome: outcome } : {}),
      ...(recovery !== undefined ? { recovery } : {})
    } satisfies Attempt
  })

/** A managed or fresh session this process launched or used: it owns it now (dead-owner reaping, BrowserProcesses). */
export const recordOwnership = (plan: Plan, lockFile: string | undefined) =>
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
