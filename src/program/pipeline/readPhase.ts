/**
 * The read phase, after the run phase answered (what was read before it is readBefore.ts's): the page a
 * navigation-prone command led to (unless its run step read it), the focus given back to the tab it started on, a
 * drifted tab recovered, the dialogs a click opened (only a click that saw them open), and the page checks the run
 * step read in its own process.
 */
import * as Effect from "effect/Effect"
import type { Navigation } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { mayProbe } from "../../session/mayProbe.js"
import { loadsState, movesInHistory, opensTabAt, pressesActivatingKey } from "../../upstream/commandEffects.js"
import { mayNavigate } from "../../upstream/commandPolicy.js"
import type { RunPhaseResult } from "../families/runPhase.js"
import { overlayAfterClick } from "../page/overlayAfterClick.js"
import { probeNavigation } from "../page/pageProbes.js"
import type { PageCheck } from "../probed/probedCommand.js"
import { restoreFocus } from "../tabs/focusRestore.js"
import { recoverTab } from "../tabs/tabRecovery.js"
import type { ReadBefore } from "./readBefore.js"
import { observeDaemon } from "../refs/refTracking.js"
import { samePage } from "../../session/refPreflight.js"

/**
 * History moves, a state load and Enter or Space (a focused link, a form's submit) may leave the page; a new tab with
 * a URL loads one: the page each led to is read once it loaded.
 */
const probedAfter = (plan: Plan) =>
  movesInHistory(plan.line.command) || loadsState(plan.line) || pressesActivatingKey(plan.line) || opensTabAt(plan.line)

/** The page a command that may have navigated led to, unless its own run step read it. */
const navigationOf = (plan: Plan, ran: RunPhaseResult, outcome: UpstreamOutcome) =>
  ran.clicked?.page !== undefined
    ? Effect.succeed(ran.clicked.page)
    : ran.clicked?.landedRead !== true &&
        ran.probed?.stayed !== true &&
        (mayNavigate(plan.line) || (probedAfter(plan) && mayProbe(plan))) &&
        outcome.kind === "single" &&
        outcome.warning === undefined
      ? probeNavigation(plan)
      : Effect.succeed(undefined)

/** The checks a run step read with the command, or the overlay a click opened. */
const pageCheckOf = (
  ran: RunPhaseResult,
  overlay: Effect.Effect.Success<ReturnType<typeof overlayAfterClick>>
): PageCheck | undefined => {
  const clicked = ran.clicked
  if (clicked?.clickDispatch !== undefined) return { clickDispatch: clicked.clickDispatch }
  if (clicked?.comboboxFocus !== undefined || overlay !== undefined)
    return {
      ...(clicked?.comboboxFocus !== undefined ? { comboboxFocus: clicked.comboboxFocus } : {}),
      ...(overlay !== undefined ? { overlayBlockers: overlay.overlayBlockers } : {})
    }
  return ran.named?.overlayBlockers !== undefined ? { overlayBlockers: ran.named.overlayBlockers } : ran.probed?.check
}

/**
 * A command that stays on its tab, whose daemon followed a tab the page opened since the last command (upstream
 * follows a new tab at the next command it handles): its `.target` names another page after it than before (file
 * reads, no process). The answer came from that tab; said (the next command's tab recovery goes back). The same tab
 * (its target id unchanged) on another page moved on by itself (`movedOn`): that page is the session's now.
 */
const ranInFollowedTab = (plan: Plan, before: ReadBefore, corrected: unknown) =>
  Effect.gen(function* () {
    const { activeBefore, pageBefore } = before
    if (activeBefore === undefined || pageBefore === undefined || corrected !== undefined) return undefined
    const { url: after, targetId } = yield* observeDaemon(plan)
    if (after === undefined || samePage(after, activeBefore) || samePage(after, pageBefore)) return undefined
    // the same tab as before (its target id kept): the page moved on by itself (a timer's location.replace)
    if (targetId !== undefined && targetId === before.activeTargetBefore) return { movedOn: after } as const
    return { movedOn: undefined, ranIn: { url: after, sessionPage: pageBefore } } as const
  })

export const readPhase = (plan: Plan, ran: RunPhaseResult, outcome: UpstreamOutcome, before: ReadBefore) =>
  Effect.gen(function* () {
    const { clicked, named, opened } = ran
    const navigated = yield* navigationOf(plan, ran, outcome)
    // another tab took the focus during the command: its own tab is selected again, and is the page it is about (a
    // click whose read ran in its own document, which opened no tab, kept it)
    const restored =
      clicked?.focusKept === true
        ? undefined
        : yield* restoreFocus(
            plan,
            before.startedOn,
            clicked?.tabs ?? ran.pinned?.tabs,
            navigated,
            clicked?.openedTab === true
          )
    const earlier = restored?.correction ?? before.refocused?.correction
    const afterOpen = earlier === undefined ? yield* recoverTab(plan, outcome) : undefined
    const tabCorrection = earlier ?? afterOpen?.correction
    // a click that stayed on its URL and opened a modal: its dialogs and their dismiss controls (R4); only the click
    // run step reads the dialogs a click opened
    const overlay =
      clicked?.dialogsOpened !== undefined && tabCorrection === undefined && restored === undefined
        ? yield* overlayAfterClick(plan, clicked, before.pageBefore)
        : undefined
    const navigation: Navigation | undefined =
      restored?.page ??
      (navigated !== undefined ? { title: navigated.title, url: navigated.url } : undefined) ??
      afterOpen?.movedTo
    const followed = yield* ranInFollowedTab(plan, before, tabCorrection)
    const ranElsewhere = followed?.ranIn
    // the page still changing when the click's read or the snapshot was taken
    const settle = clicked?.settle ?? named?.settle
    return {
      navigation,
      tabCorrection,
      ...(ranElsewhere !== undefined ? { ranInOpenedTab: ranElsewhere } : {}),
      ...(restored !== undefined && "opened" in restored && restored.opened !== undefined
        ? { openedTab: restored.opened }
        : {}),
      ...(restored?.closed !== undefined ? { closedTab: restored.closed } : {}),
      // read in the same probe: whether the page the click led to is a challenge (judged in execute)
      challengeFacts: restored === undefined || restored.page === navigated ? navigated?.facts : undefined,
      pageCheck: pageCheckOf(ran, overlay),
      pageMovedTo: before.refocused?.pageMovedTo ?? followed?.movedOn,
      snapshotNaming: named?.naming,
      ...(overlay !== undefined ? { overlaySnapshot: overlay.snapshot } : {}),
      ...(settle !== undefined ? { actionSettle: settle } : {}),
      ...(opened !== undefined && opened.readElsewhere !== true ? { opened: { page: opened.page } } : {})
    }
  })
