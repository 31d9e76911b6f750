/**
 * The read phase, after the run phase answered (what was read before it: readBefore, below): the page a
 * navigation-prone command led to (unless its run step read it), the focus given back to the tab it started on, a
 * drifted tab recovered, the dialogs a click opened (only a click that saw them open), and the page checks the run
 * step read in its own process.
 */

import * as Effect from "effect/Effect"
import type { Navigation } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { mayProbe } from "../../session/planRun.js"
import { samePage } from "../../session/refPreflight.js"
import {
  changesChoice,
  isOpening,
  loadsState,
  mayLoseFocus,
  movesInHistory,
  opensTabAt,
  pressesActivatingKey,
  staysOnTab
} from "../../upstream/commandEffects.js"
import { mayNavigate } from "../../upstream/commandPolicy.js"
import type { CommandFamily } from "../families/family.js"
import type { RunPhaseResult } from "../families/runPhase.js"
import { overlayAfterClick } from "../page/overlayAfterClick.js"
import { probeFrontPage, probeNavigation } from "../page/pageProbes.js"
import type { PageCheck } from "../probed/probedCommand.js"
import { observeDaemon } from "../refs/refTracking.js"
import { focusBefore, restoreFocus } from "../tabs/tabRecovery.js"
import { recoverTab, refocusKnownTab } from "../tabs/tabRecovery.js"

/**
 * History moves, a state load, Enter or Space (a focused link, a form's submit) and a select or check (its change
 * handler) may leave the page; a new tab with a URL loads one: the page each led to is read once it loaded (not when
 * the command's own read saw it stay).
 */
const probedAfter = (plan: Plan) =>
  movesInHistory(plan.line.command) ||
  loadsState(plan.line) ||
  pressesActivatingKey(plan.line) ||
  changesChoice(plan.line.command) ||
  opensTabAt(plan.line)

/** The page a command that may have navigated led to, unless its own run step read it. */
const navigationOf = (plan: Plan, ran: RunPhaseResult, outcome: UpstreamOutcome) =>
  ran.clicked?.page !== undefined || ran.probed?.landed !== undefined
    ? Effect.succeed(ran.clicked?.page ?? ran.probed?.landed)
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
    const startedOn = before.startedOn
    // a click or key press whose page closed its own tab once the command's read answered
    const closing = clicked?.closing ?? ran.probed?.closing
    const restored =
      clicked?.focusKept === true || startedOn === undefined
        ? undefined
        : yield* restoreFocus(
            plan,
            startedOn,
            clicked?.tabs ?? ran.pinned?.tabs ?? ran.probed?.tabs,
            navigated,
            clicked?.openedTab === true,
            // the tab list's titles may be stale: the page in front is read once the tab is gone
            closing !== undefined ? { ...closing, readFront: probeFrontPage(plan) } : undefined
          )
    const earlier = restored?.correction ?? before.refocused?.correction
    // an open's reply in a session, when no tab was corrected already: the tab it opened is the one in front
    const afterOpen =
      earlier === undefined &&
      outcome.kind === "single" &&
      isOpening(plan.line.command) &&
      plan.sessionName !== undefined
        ? yield* recoverTab(plan, outcome)
        : undefined
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

/**
 * What a call reads before its run phase: the tab refocused, the tab it starts on and the page it is on, so the read
 * phase after it (above) can give the focus back and say where the page went.
 */
/** What the call read before it ran: the tab refocused, the tab it started on, the page it was on. */
export interface ReadBefore {
  readonly refocused: Effect.Effect.Success<ReturnType<typeof refocusKnownTab>> | undefined
  readonly startedOn: Effect.Effect.Success<ReturnType<typeof focusBefore>> | undefined
  readonly pageBefore: string | undefined
  /** The daemon's active page before a command that stays on its tab (its `.target` file; no process). */
  readonly activeBefore?: string
  /** That page's tab (its CDP target id, from the same file). */
  readonly activeTargetBefore?: string
}

/** An effect run at most once, its value handed out again (local: `Effect.cached` costs more than the file reads). */
const once = <A, R>(effect: Effect.Effect<A, never, R>): Effect.Effect<A, never, R> => {
  let value: { readonly of: A } | undefined
  return Effect.suspend(() =>
    value !== undefined
      ? Effect.succeed(value.of)
      : Effect.map(effect, (of) => {
          value = { of }
          return of
        })
  )
}

/**
 * Before the run phase, for a single command (a step run reads its own): a known tab refocused (not for a caller's
 * batch), and the tab and page it starts on, to give the focus back to that tab if another took it (L17).
 */
export const readBefore = (plan: Plan, family: CommandFamily) =>
  Effect.gen(function* () {
    const single = family.name !== "steps"
    const command = plan.line.command
    // the tab checks before (tabs/tabRecovery.ts) apply in a session's browser that ran before: a known tab
    // refocused before a command that stays on its tab or may lose the focus, the tab it starts on for the latter
    const ranBefore = single && plan.kind === "browser" && !plan.firstLaunch ? plan.sessionName : undefined
    // the daemon's files, read once (when a check below needs them) for every read before the run: nothing runs
    // between them, unless a known tab was refocused (its `tab <id>` moves the daemon's front tab): then read again
    const observed = once(observeDaemon(plan))
    const refocused =
      ranBefore !== undefined && command !== "batch" && (staysOnTab(command) || mayLoseFocus(command))
        ? yield* refocusKnownTab(plan, ranBefore, observed)
        : undefined
    const daemon = refocused === undefined ? observed : once(observeDaemon(plan))
    const startedOn =
      ranBefore !== undefined && mayLoseFocus(command) ? yield* focusBefore(ranBefore, daemon) : undefined
    const pageBefore =
      plan.sessionName !== undefined ? (yield* (yield* SessionRegistry).view(plan.sessionName)).page?.url : undefined
    // a tab the page opened since the last command is followed by upstream at this one (its .target changes)
    const watch = single && staysOnTab(plan.line.command) && plan.kind === "browser" && pageBefore !== undefined
    const active = watch ? yield* daemon : undefined
    const activeBefore = active?.url
    return {
      refocused,
      startedOn,
      pageBefore,
      ...(activeBefore !== undefined ? { activeBefore } : {}),
      ...(active?.targetId !== undefined ? { activeTargetBefore: active.targetId } : {})
    } satisfies ReadBefore
  })
