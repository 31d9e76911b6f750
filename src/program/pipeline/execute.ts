/**
 * A planned call, run and checked, under the caller's session lock, as named phases: guard (guardPhase.ts) → run and
 * read, as the call's family says (dispatch.ts, families/) → judge the outcome (allow-list, blocked landing, challenge
 * page) → record it in the session (recordPhase.ts) → the facts after (callFacts.ts) → verdict facts (qa, config
 * defaults, outputPath). Fails with the one typed error that stopped it; a call that ran but did not do what was
 * asked is judged by `verdictOf`.
 */
import type { PageCheck } from "../page/probedCommand.js"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { Executed, Navigation } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { needsSettleNote } from "../../page/pageSettle.js"
import { pageAfter } from "../../session/lastPage.js"
import { writeOutputFile } from "../artifacts/outputFile.js"
import { saveResponseBody } from "../artifacts/responseBody.js"
import { convertScreenshotFile } from "../artifacts/screenshotImage.js"
import { type CommandFamily, reads } from "../families/family.js"
import { analyzeLookup } from "../lookups/analyzeLookup.js"
import { applyPageFilter } from "../lookups/pageFilter.js"
import { checkAllowList } from "../page/allowListCheck.js"
import { challengePageAfter } from "../page/challengePage.js"
import { leaveBlockedLanding } from "../security/blockedLanding.js"
import { trackAttached } from "../session/attachedHealth.js"
import { trackBrowser } from "../session/browserHealth.js"
import { askPoolUntilBudget, withdrawOnInterrupt } from "../session/poolLaunch.js"
import { withRouteBook } from "../session/routeBook.js"
import type { CallContext } from "./callContext.js"
import { callFacts } from "./callFacts.js"
import { callRefs } from "./recordPhase.js"
import { dispatch } from "./dispatch.js"
import { guardPhase } from "./guardPhase.js"
import { recordPhase } from "./recordPhase.js"
import { verdictOf } from "./verdict.js"

/** Files a compiled job or qa batch, or the steps of a caller's raw batch, will write. */
const compiledOutputs = (plan: Plan): ReadonlyArray<string> =>
  plan.compiled.mode === "job"
    ? plan.compiled.job.outputPaths
    : plan.compiled.mode === "qa"
      ? plan.compiled.qa.outputPaths
      : (plan.batchOutputPaths ?? [])

/** The outcome as the call shows it (page filter, route book, response body, screenshot), judged against policy. */
const judgeOutcome = (
  plan: Plan,
  family: CommandFamily,
  dispatched: Effect.Effect.Success<ReturnType<typeof dispatch>>
) =>
  Effect.gen(function* () {
    const navigation: Navigation | undefined = dispatched.navigation
    const filtered = yield* applyPageFilter(plan, dispatched.outcome)
    // before recordCall: the routes the session had, so an unroute says what it removed
    const booked = reads(family, "routeBook") ? yield* withRouteBook(plan, filtered.outcome) : filtered.outcome
    const saved = reads(family, "responseBody") ? yield* saveResponseBody(plan, booked) : booked
    const outcome = reads(family, "screenshotFile") ? yield* convertScreenshotFile(plan, saved) : saved
    const lookup = reads(family, "lookup") ? yield* analyzeLookup(plan, outcome) : undefined
    yield* checkAllowList(plan, outcome, navigation)
    yield* leaveBlockedLanding(plan, outcome, navigation)
    return { outcome, lookup, networkRequestsPageFilter: filtered.filter }
  })

/** Untraced: it is on the path of every call (see `runToResult`). */
export const execute = Effect.fnUntraced(function* execute(asked: Plan, call: CallContext) {
  const registry = yield* SessionRegistry
  const started = yield* Clock.currentTimeMillis
  for (const path of [asked.outputPath, ...compiledOutputs(asked)])
    if (path !== undefined) yield* (yield* ArtifactStore).ensureParentDir(path)
  const { plan, family, recovery } = yield* guardPhase(asked)
  const dispatched = yield* withdrawOnInterrupt(plan, askPoolUntilBudget(plan, dispatch(plan, family, call))).pipe(
    Effect.tap(() => trackBrowser(plan)),
    Effect.tap(() => trackAttached(plan))
  )
  const { outcome, lookup, networkRequestsPageFilter } = yield* judgeOutcome(plan, family, dispatched)
  const { navigation, tabCorrection } = dispatched
  const session = plan.kind === "browser" ? plan.sessionName : undefined
  const previousRefs =
    session !== undefined && plan.snapshotOptions?.diff === true ? yield* registry.refSnapshotOf(session) : undefined
  const refs = yield* callRefs(plan, outcome, dispatched)
  const before = session !== undefined ? yield* registry.view(session) : undefined
  const previousPage = before?.page
  const shownBefore = plan.callerRequestedJson ? undefined : before?.shown
  const { challengePage, pageSettle } = yield* challengePageAfter(
    plan,
    outcome,
    navigation,
    dispatched.challengeFacts,
    previousPage,
    dispatched.opened
  )
  // a page that moved by itself (seen before the command) is where the session is, unless the reply says otherwise
  const named = pageAfter(plan.line.positionals, outcome, navigation, previousPage)
  const landed = named === undefined && dispatched.pageMovedTo !== undefined ? { url: dispatched.pageMovedTo } : named
  // an open that said the page shows almost nothing yet: the snapshot after it does not say it again
  const page =
    landed != null && pageSettle !== undefined && needsSettleNote(pageSettle)
      ? { ...landed, nearEmptyNoted: true }
      : landed
  const recorded = yield* recordPhase(plan, { refs, tabCorrection, page }, call)
  const facts = yield* callFacts(plan, family, outcome, dispatched.pageCheck)
  const base = {
    plan,
    outcome,
    verified: facts.verified,
    binary: { version: facts.binary.version, native: !facts.binary.viaLauncher },
    durationMs: (yield* Clock.currentTimeMillis) - started
  }
  const judged = { base, previousPage, previousRefs, shownBefore, challengePage, pageSettle, lookup }
  const ran = executedOf({ ...judged, networkRequestsPageFilter, recovery }, dispatched, recorded, facts)
  if (verdictOf(ran) !== undefined) return ran
  const defaults = plan.browserDefaults
  const withDefaults: Executed = defaults !== undefined ? { ...ran, browserDefaults: defaults } : ran
  if (plan.input.outputPath === undefined) return withDefaults
  return { ...withDefaults, outputFile: yield* writeOutputFile(withDefaults, plan.input.outputPath) } satisfies Executed
})

type Facts = Effect.Effect.Success<ReturnType<typeof callFacts>>
type Dispatched = Effect.Effect.Success<ReturnType<typeof dispatch>>
type Recorded = Effect.Effect.Success<ReturnType<typeof recordPhase>>

/** The facts read before the session was recorded (the page before, what the page was judged to be). */
export interface Judged {
  readonly base: Pick<Executed, "plan" | "outcome" | "durationMs" | "binary" | "verified">
  readonly previousPage: Executed["previousPage"]
  readonly previousRefs: Executed["previousRefs"]
  readonly shownBefore: Executed["shownBefore"]
  readonly challengePage: Executed["challengePage"]
  readonly pageSettle: Executed["pageSettle"]
  readonly lookup: Executed["lookup"]
  readonly networkRequestsPageFilter: Executed["networkRequestsPageFilter"]
  readonly recovery: Executed["recovery"]
}

/** The page checks a run step read, as the record's own fields. */
const pageCheckFields = (check: PageCheck | undefined): Partial<Executed> => ({
  ...(check?.scrollNoop !== undefined ? { scrollNoop: check.scrollNoop } : {}),
  ...(check?.scrollPage !== undefined ? { scrollPage: check.scrollPage } : {}),
  ...(check?.scrollContainer !== undefined ? { scrollContainer: check.scrollContainer } : {}),
  ...(check?.clickDispatch !== undefined ? { clickDispatch: check.clickDispatch } : {}),
  ...(check?.overlayBlockers !== undefined ? { overlayBlockers: check.overlayBlockers } : {}),
  ...(check?.comboboxFocus !== undefined ? { comboboxFocus: check.comboboxFocus } : {})
})

export const executedOf = (judged: Judged, dispatched: Dispatched, recorded: Recorded, facts: Facts): Executed => {
  const { navigation, approval, tabCorrection } = dispatched
  const { previousPage, previousRefs, shownBefore, lookup, networkRequestsPageFilter, recovery } = judged
  const { challengePage, pageSettle } = judged
  const { refSnapshot, replacedCloseFailure } = recorded
  const { viewport, routeFindings, qa, crashedTabs, textVisibility } = facts
  const settle = pageSettle ?? dispatched.actionSettle
  return {
    ...judged.base,
    ...(navigation !== undefined ? { navigation } : {}),
    ...(previousPage !== undefined ? { previousPage } : {}),
    ...(previousRefs !== undefined ? { previousRefs } : {}),
    ...(shownBefore !== undefined ? { shownBefore } : {}),
    ...(viewport !== undefined ? { viewport } : {}),
    ...(approval !== undefined ? { approval } : {}),
    ...(tabCorrection !== undefined ? { tabCorrection } : {}),
    ...(refSnapshot !== undefined ? { refSnapshot } : {}),
    ...(routeFindings.length > 0 ? { routeDiagnostics: routeFindings } : {}),
    ...(qa !== undefined ? { qa } : {}),
    ...(lookup !== undefined ? { lookup } : {}),
    ...(networkRequestsPageFilter !== undefined ? { networkRequestsPageFilter } : {}),
    ...(replacedCloseFailure !== undefined ? { replacedCloseFailure } : {}),
    ...(recovery !== undefined ? { recovery } : {}),
    ...(crashedTabs.length > 0 ? { crashedTabs } : {}),
    ...pageCheckFields(dispatched.pageCheck),
    ...(textVisibility !== undefined ? { selectorTextVisibility: textVisibility } : {}),
    ...(challengePage !== undefined ? { challengePage } : {}),
    ...(dispatched.snapshotNaming !== undefined ? { snapshotNaming: dispatched.snapshotNaming } : {}),
    ...(settle !== undefined ? { pageSettle: settle } : {})
  }
}
