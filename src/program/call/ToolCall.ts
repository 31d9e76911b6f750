/**
 * One tool call as a typed Effect program: plan (validate) → queue on the session lock → plan again against the
 * state as it is now (unless nothing changed) → execute → judge → present. `run` is the typed core for embedders
 * (it fails with exactly the errors a call can end with); `runToResult` never fails and is what the pi adapter calls.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import type { Executed } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import type { ToolResult } from "../../schema/ToolResult.js"
import { InvalidInput, UpstreamFailed } from "../../schema/ToolError.js"
import { Presenter } from "../../services/Presenter.js"
import { SessionLock } from "../../services/SessionLock.js"
import { type RegistryRevision, SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import { electronModeOf, runElectronCall } from "../electron/electronCall.js"
import { blockingDialogOf, noteBlockingDialog } from "../lifecycle/blockingDialog.js"
import { reapDeadOwners } from "../lifecycle/lifecycle.js"
import { browserGoneSince } from "../lifecycle/sessionHealth.js"
import { staleOnRecord } from "../refs/refTracking.js"
import { abortable, baseNameOf, type CallContext, lockFileOf, lockKeyOf, ownerOf } from "../pipeline/planSession.js"
import { execute } from "../pipeline/execute.js"
import { prepare } from "../pipeline/prepare.js"
import { afterFailure, afterSuccess, type Attempt, type CallError, recordOwnership } from "./callOutcome.js"

export type { CallError } from "./callOutcome.js"
export type { CallContext, CallPhase } from "../pipeline/planSession.js"
export { baseSessionName } from "../../domain/SessionState.js"
export { execute } from "../pipeline/execute.js"
export { prepare } from "../pipeline/prepare.js"

/** Nothing in the registry changed between two readings of its `revision`. */
const sameRevision = (a: RegistryRevision, b: RegistryRevision): boolean =>
  a.state === b.state && a.records === b.records

/** An `electron` call: the only input that enters the Electron host's path (any other never reaches electronCall). */
const isElectronInput = (raw: unknown): boolean => (raw as { electron?: unknown } | null)?.electron !== undefined

/** Plans, then runs under the session's lock, planning again there: a queued call sees the state it will run in. */
const attempt = (raw: unknown, call: CallContext) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const registry = yield* SessionRegistry
    const sessionLock = yield* SessionLock
    const electron = isElectronInput(raw) ? electronModeOf(raw, call.cwd) : undefined
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
    const base = baseNameOf(call, config)
    const key = lockKeyOf(first.right, base)
    const lockFile = lockFileOf(first.right, base, config)
    const body = Effect.gen(function* () {
      call.mark?.("locked")
      const planned =
        key === undefined || (replansSame(first.right) && sameRevision(revision, yield* registry.revision))
          ? first
          : yield* Effect.either(prepare(raw, call))
      if (Either.isLeft(planned)) return { plan: first.right, error: planned.left } satisfies Attempt
      const before = yield* registry.current(base)
      const ran = yield* Effect.either(execute(planned.right, call))
      yield* noteDialog(
        planned.right,
        Either.map(ran, (executed) => executed.outcome)
      )
      call.mark?.("executed")
      yield* recordOwnership(planned.right, lockFile)
      if (Either.isRight(ran)) return yield* afterSuccess(ran.right, call, before, base)
      return yield* afterFailure(planned.right, ran.left, before, base)
    })
    // in this process first (pi runs a message's calls together), then across processes for as long as the call's
    // budget; a ref the session's record proves stale is refused between the two (refusedOnRecord)
    return yield* registry
      .withLock(
        key,
        Effect.flatMap(refusedOnRecord(first.right, revision, base), (refused) =>
          refused !== undefined
            ? Effect.succeed<Attempt>(refused)
            : lockFile === undefined
              ? body
              : sessionLock.withLock(lockFile, first.right.timeoutMs, body)
        )
      )
      .pipe(
        // the only error left here is the cross-process lock's (the call's own errors are values by now)
        Effect.catchTag("TimedOut", (error) => Effect.succeed({ plan: first.right, error } satisfies Attempt)),
        abortable(call.signal),
        Effect.catchTag("Aborted", (error) => Effect.succeed({ plan: first.right, error } satisfies Attempt))
      )
  })

/**
 * Where a stale ref's refusal stands among a call's refusals. A direct command's ref that the session's recorded
 * snapshot does not have (or one that snapshot voided) is stale whatever the daemon shows now, so the call is refused
 * here, holding this process's lock on the session only: before the cross-process lock, the session's health, the
 * daemon probe and the guard phase, none of which can make it run. Why that is sound:
 * - the plan goes first, as before (an invalid flag, refused launch flags, a policy refusal, a misplaced secret win),
 *   and it is the plan that would run: the first one, when nothing moved in the registry since (`replansSame`);
 * - the record is this process's own (SessionRegistryLive: in memory, read whole by one `Ref.get`) and only this
 *   process's calls on the session change it, under the lock held here: a snapshot queued before this call has
 *   recorded its refs by now, and another process cannot add one, so its lock would add nothing;
 * - a daemon restarted or a page moved on since is no longer what such a refusal says (it said `daemon-restarted`,
 *   `page-moved`: that the ref came from that page, which it did not); its next action, a snapshot, shows the page as
 *   it is; an attached browser gone since is not said either (its snapshot says it);
 * - except a browser this tool launched that is gone since (`browserGoneSince`, read only): that call takes the
 *   whole path, where the guard phase reaps the loss under the cross-process lock and says the ref as the lost
 *   browser's, so the refusal's next action (a snapshot) runs in a new browser and works;
 * - nothing ran, so no ownership is recorded (recordOwnership joins the session's users under the cross-process
 *   lock): the calls that ran in the session before, which made the record, joined it; refs restored from a branch
 *   are joined by the first call that runs, as a restored session without refs is.
 * A ref the record has may still be stale (the page moved on): only the daemon can tell, in the guard phase.
 */
const refusedOnRecord = (plan: Plan, revision: RegistryRevision, base: string) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    // most calls have no ref and end at the first test: the registry's revision is read for a stale ref only
    const stale = yield* staleOnRecord(plan)
    if (stale === undefined || !replansSame(plan) || !sameRevision(revision, yield* registry.revision)) return undefined
    if (yield* browserGoneSince(plan)) return undefined
    // nothing ran: a dialog the session remembers as blocking the page stays remembered (noteDialog is not entered)
    return yield* afterFailure(plan, stale, yield* registry.current(base), base)
  })

/**
 * After a call in a session: the dialog its reply says is blocking the page remembered, or the one remembered
 * forgotten when it says none (lifecycle/blockingDialog.ts). Only a reply that failed upstream or warned can say one;
 * any other is entered only when the session remembers one. A call that failed otherwise (refused before anything
 * ran: a stale ref, a guard; or ended by the tool) says nothing of the page: the dialog remembered stays.
 */
const noteDialog = (plan: Plan, reply: Either.Either<UpstreamOutcome, CallError>) =>
  Effect.gen(function* () {
    const session = plan.kind === "browser" && plan.line.command !== "batch" ? plan.sessionName : undefined
    if (session === undefined || (Either.isLeft(reply) && !(reply.left instanceof UpstreamFailed))) return
    const maySay = Either.isLeft(reply) || (reply.right.kind === "single" && reply.right.warning !== undefined)
    if (maySay || (yield* (yield* SessionRegistry).view(session)).blockingDialog !== undefined)
      yield* noteBlockingDialog(plan, blockingDialogOf(reply))
  })

/**
 * A plain args call with no pool plans from the registry, the config and its input alone: when the registry is as
 * it was when it was planned (no call ran in between), planning again under the lock would give the same plan.
 */
const replansSame = (plan: Plan): boolean => plan.compiled.mode === "args" && plan.pool === undefined

/** The typed core: succeeds with what the call did, or fails with the one error that ended it. */
export const run = (
  raw: unknown,
  call: CallContext
): Effect.Effect<Executed, CallError, Effect.Effect.Context<ReturnType<typeof attempt>>> =>
  isElectronInput(raw) && electronModeOf(raw, call.cwd) !== undefined
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

/**
 * What a successful `electron` call did: its report, and the upstream call it ran last (launch handoff, probe
 * snapshot).
 */
export interface ElectronRun {
  readonly electron: ElectronReport
  readonly executed?: Executed
}

/** The typed core of an `electron` call; any other input fails with InvalidInput (use `run`). */
export const runElectron = (
  raw: unknown,
  call: CallContext
): Effect.Effect<ElectronRun, CallError, Effect.Effect.Context<ReturnType<typeof attempt>>> =>
  !isElectronInput(raw) || electronModeOf(raw, call.cwd) === undefined
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
  if (a.plan !== undefined) call.mark?.("unlocked")
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
