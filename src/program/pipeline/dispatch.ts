/**
 * The part of a call that talks to the browser, under the session lock: refuse stale refs and double captures, run
 * the planned command (or its job/qa steps, or inside the pinned tab), let the human decide a held action, recover a
 * drifted tab, and read the page a navigation-prone command led to. Errors keep the tag they were classified with.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Navigation } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { guardCapture } from "../../session/captures.js"
import { isClose, mayNavigate } from "../../upstream/commandPolicy.js"
import { loadsState, movesInHistory } from "../../upstream/commandEffects.js"
import { runSteps } from "../modes/runSteps.js"
import { probeNavigation } from "../page/pageProbes.js"
import { type PageCheck, runProbed } from "../page/probedCommand.js"
import { runClick } from "../page/clickCommand.js"
import { runInputCall } from "../page/inputCommand.js"
import { overlayAfterClick } from "../page/overlayAfterClick.js"
import { runNamedSnapshot } from "../page/namedSnapshot.js"
import { runOpen } from "../page/openCommand.js"
import { waitForTarget } from "../page/readinessWait.js"
import { guardRefs, withTwin } from "../refs/refTracking.js"
import { withCandidates } from "../refs/semanticResolution.js"
import { visibleRefFallback } from "../refs/visibleRefFallback.js"
import { isPendingConfirmation, resolveConfirmation } from "../lifecycle/approval.js"
import { asksForRoutes, listRoutes } from "../lifecycle/routeBook.js"
import { endFailedLaunch, launchFailureOf, withLaunchChoice } from "../lifecycle/failedLaunch.js"
import { closeQueuedLaunch } from "../lifecycle/poolLaunch.js"
import { recoverTab, refocusKnownTab } from "../tabs/tabRecovery.js"
import { focusBefore, restoreFocus } from "../tabs/focusRestore.js"
import { isPinnable, runPinned } from "../tabs/tabPinning.js"
import { runGuarded } from "../security/guardedTyping.js"
import { stepRunOf } from "../../session/stepRun.js"
import { mayProbe } from "../../session/mayProbe.js"
import { guardNeed } from "../../security/typingGuard.js"
import { targetOf } from "../../session/target.js"
import type { CallContext } from "./callContext.js"

/** A plain call that types text the security policy must guard (a secret, or literal text near password fields). */
const runGuardedPlanned = (plan: Plan) =>
  Effect.gen(function* () {
    const argv = plan.line.positionals
    const need = plan.line.command === "batch" ? undefined : guardNeed(plan.security, argv)
    if (need === undefined) return undefined
    const view =
      isPinnable(plan) && plan.sessionName !== undefined
        ? yield* (yield* SessionRegistry).view(plan.sessionName)
        : undefined
    const pin = view?.pinnedTab !== undefined ? { tab: view.pinnedTab, pageUrl: view.page?.url } : undefined
    return yield* Effect.either(
      waitForTarget(plan, (timeoutMs) =>
        runGuarded(plan, targetOf(plan), argv, need, { timeoutMs, ...(pin !== undefined ? { pin } : {}) })
      )
    )
  })

/** The planned command exactly as echoed in `effectiveArgs`. */
const runPlanned = (plan: Plan) =>
  Effect.flatMap(SessionCommands, (commands) =>
    commands.run({ prefix: [], env: plan.env, cwd: plan.cwd, kind: plan.kind }, plan.effectiveArgs, {
      ...(plan.stdin !== undefined ? { stdin: plan.stdin } : {}),
      timeoutMs: plan.timeoutMs
    })
  )

export const dispatch = (plan: Plan, call: CallContext) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    yield* guardRefs(plan)
    if (plan.sessionName !== undefined) {
      const refused = guardCapture(plan.line, plan.sessionName, (yield* registry.view(plan.sessionName)).captures)
      if (refused !== undefined) return yield* refused
    }
    const steps = stepRunOf(plan)
    const refocused = steps === undefined && plan.line.command !== "batch" ? yield* refocusKnownTab(plan) : undefined
    // where a click, key press or script starts, to give the focus back to that tab if another took it (L17)
    const startedOn = steps === undefined ? yield* focusBefore(plan) : undefined
    const pageBefore = plan.sessionName !== undefined ? (yield* registry.view(plan.sessionName)).page?.url : undefined
    const guarded = steps === undefined ? yield* runGuardedPlanned(plan) : undefined
    // scroll and get text run with their page reads in the same process (and in the pinned tab, if any)
    const probed = steps === undefined && guarded === undefined ? yield* runProbed(plan) : undefined
    // a click with modifiers or another button, a drop, a storage key removal: input the tool sends itself
    const first = steps === undefined && guarded === undefined && probed === undefined
    const input = first ? yield* runInputCall(plan) : undefined
    // a direct click runs with its dispatch recorder and page read in the same process; snapshot -i with the full
    // tree that names its unnamed controls (and -C's ref targets)
    const single = first && input === undefined
    const clicked = single ? yield* runClick(plan) : undefined
    const named = single && clicked === undefined ? yield* runNamedSnapshot(plan) : undefined
    const opened = single && clicked === undefined && named === undefined ? yield* runOpen(plan) : undefined
    const pinned =
      single && clicked === undefined && named === undefined && opened === undefined
        ? yield* runPinned(plan)
        : undefined
    const replied =
      steps !== undefined
        ? yield* Effect.either(runSteps(plan, steps.rows, steps.failFast, call.onProgress))
        : (guarded ??
          probed?.replied ??
          input?.replied ??
          clicked?.replied ??
          named?.replied ??
          opened?.replied ??
          pinned?.replied ??
          // `network routes` is the tool's own list (routeBook.ts): upstream has no such command
          (asksForRoutes(plan)
            ? yield* Effect.either(listRoutes(plan))
            : yield* Effect.either(waitForTarget(plan, (timeoutMs) => runPlanned({ ...plan, timeoutMs })))))
    // a job/qa step that could not start the browser is the call's launch failure too (its first failed step)
    const failedStep =
      Either.isRight(replied) && replied.right.kind === "batch"
        ? replied.right.rows.find((row) => !row.success)
        : undefined
    const launchFailure = Either.isLeft(replied)
      ? launchFailureOf(replied.left)
      : failedStep !== undefined && !failedStep.success
        ? launchFailureOf(failedStep.error)
        : undefined
    if (launchFailure !== undefined) {
      // The browser could not start or be reached: nothing of this call is kept (not its launch flags, not its
      // daemon, which would keep retrying the options that failed), so the next call starts normally.
      // (a daemon that did not start is not ended: the one its pid file names may be another process's, working)
      if (launchFailure.launch.reason !== "daemon-start") yield* endFailedLaunch(plan)
      return yield* Effect.fail(yield* withLaunchChoice(plan, launchFailure))
    }
    // a pool launch that timed out was queued there: its connection is closed so the pool frees the slot
    if (Either.isLeft(replied) && replied.left._tag === "TimedOut" && plan.pool !== undefined)
      return yield* Effect.fail(yield* closeQueuedLaunch(plan, replied.left))
    // Upstream answered an error for the managed session: its daemon and browser exist now all the same, so later
    // launch flags must be refused rather than silently relaunching it.
    if (Either.isLeft(replied) && plan.sessionRole === "managed" && !isClose(plan.line)) {
      const error = replied.left
      const answered =
        error._tag !== "MissingBinary" &&
        error._tag !== "ParseFailure" &&
        !(error._tag === "TimedOut" && error.source === "watchdog")
      if (answered) yield* registry.recordAttempt(plan)
    }
    const { outcome, approval } = isPendingConfirmation(replied)
      ? yield* resolveConfirmation(plan, replied.left, call.approve)
      : { outcome: yield* replied, approval: undefined }
    const navigated =
      clicked?.page ??
      (clicked?.landedRead !== true &&
      (mayNavigate(plan.line) || ((movesInHistory(plan.line.command) || loadsState(plan.line)) && mayProbe(plan))) &&
      outcome.kind === "single" &&
      outcome.warning === undefined
        ? yield* probeNavigation(plan)
        : undefined)
    // another tab took the focus during the command: its own tab is selected again, and is the page it is about (a
    // click whose read ran in its own document, which opened no tab, kept it)
    const restored =
      clicked?.focusKept === true
        ? undefined
        : yield* restoreFocus(plan, startedOn, clicked?.tabs ?? pinned?.tabs, navigated, clicked?.openedTab === true)
    const tabCorrection = restored?.correction ?? refocused?.correction ?? (yield* recoverTab(plan, outcome))
    // a click that stayed on its URL and opened a modal: its dialogs and their dismiss controls (R4)
    const overlay =
      tabCorrection === undefined && restored === undefined
        ? yield* overlayAfterClick(plan, clicked, pageBefore)
        : undefined
    const navigation: Navigation | undefined =
      restored?.page ?? (navigated !== undefined ? { title: navigated.title, url: navigated.url } : undefined)
    // read in the same probe: whether the page the click led to is a challenge (judged in execute)
    const challengeFacts = restored === undefined ? navigated?.facts : undefined
    const pageCheck: PageCheck | undefined =
      clicked?.clickDispatch !== undefined
        ? { clickDispatch: clicked.clickDispatch }
        : clicked?.comboboxFocus !== undefined || overlay !== undefined
          ? {
              ...(clicked?.comboboxFocus !== undefined ? { comboboxFocus: clicked.comboboxFocus } : {}),
              ...(overlay !== undefined ? { overlayBlockers: overlay.overlayBlockers } : {})
            }
          : named?.overlayBlockers !== undefined
            ? { overlayBlockers: named.overlayBlockers }
            : probed?.check
    // the page still changing when the click's read or the snapshot was taken
    const settle = clicked?.settle ?? named?.settle
    return {
      outcome: outcome satisfies UpstreamOutcome,
      navigation,
      approval,
      tabCorrection,
      challengeFacts,
      pageCheck,
      pageMovedTo: refocused?.pageMovedTo,
      snapshotNaming: named?.naming,
      ...(overlay !== undefined ? { overlaySnapshot: overlay.snapshot } : {}),
      ...(settle !== undefined ? { actionSettle: settle } : {}),
      ...(opened !== undefined && opened.readElsewhere !== true ? { opened: { page: opened.page } } : {})
    }
  }).pipe(
    Effect.catchTag("SelectorNotFound", (error) =>
      Effect.flatMap(
        plan.line.command === "find" ? visibleRefFallback(plan, withCandidates(plan, error)) : Effect.succeed(error),
        Effect.fail
      )
    ),
    Effect.catchTag("StaleRef", (error) => Effect.flatMap(withTwin(plan, error), Effect.fail))
  )
