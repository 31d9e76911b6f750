/**
 * The judge phase, on the outcome the run and read phases gave: as the call shows it (its family's outcome reads,
 * families/runPhase.ts: page filter, route book, response body, screenshot file, a lookup's analysis), judged
 * against the allow-list and the policy's blocked pages, the challenge page it led to, and the page the session is on
 * now; then the one `Executed` record the verdict and the presenter read.
 */

import * as Effect from "effect/Effect"
import type { Executed, Navigation } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import { clickDispatchMessage } from "../../page/clickDispatch.js"
import { needsSettleNote } from "../../page/pageSettle.js"
import { ArtifactMissing, QaFailed, UpstreamFailed, type UpstreamReplyError } from "../../schema/ToolError.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { pageAfter } from "../../session/sessionTransitions.js"
import { firstBatchFailure } from "../../upstream/classifyReply.js"
import { isOpening } from "../../upstream/commandEffects.js"
import type { CommandFamily } from "../families/family.js"
import { outcomeReads } from "../families/runPhase.js"
import { checkAllowList } from "../page/allowListCheck.js"
import { challengePageAfter } from "../page/challengePage.js"
import type { PageCheck } from "../probed/probedCommand.js"
import { leaveBlockedLanding } from "../security/blockedLanding.js"
import type { dispatch } from "./dispatch.js"
import type { callFacts } from "./factsPhase.js"
import { callRefs, type recordPhase } from "./recordPhase.js"

const NOT_JUDGED: Effect.Effect.Success<ReturnType<typeof challengePageAfter>> = {}

type Dispatched = Effect.Effect.Success<ReturnType<typeof dispatch>>

/** The outcome as its family reads it (families/runPhase.ts), judged against the allow-list and blocked schemes. */
const judgeOutcome = (plan: Plan, family: CommandFamily, dispatched: Dispatched) =>
  Effect.gen(function* () {
    const navigation: Navigation | undefined = dispatched.navigation
    const read = yield* outcomeReads(plan, family, dispatched.outcome)
    // each check below is entered only by a call it can apply to: an allow-list, blocked schemes
    if (plan.effectiveArgs.some((t) => t.startsWith("--allowed-domains")))
      yield* checkAllowList(plan, read.outcome, navigation)
    if ((plan.security?.rules.blockedSchemes.length ?? 0) > 0)
      yield* leaveBlockedLanding(plan, read.outcome, navigation)
    return read
  })

export const judgePhase = (plan: Plan, family: CommandFamily, dispatched: Dispatched) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    const { outcome, lookup, networkRequestsPageFilter } = yield* judgeOutcome(plan, family, dispatched)
    const navigation = dispatched.navigation
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    const previousRefs =
      session !== undefined && plan.snapshotOptions?.diff === true ? yield* registry.refSnapshotOf(session) : undefined
    const refs = yield* callRefs(plan, outcome, dispatched)
    const before = session !== undefined ? yield* registry.view(session) : undefined
    const previousPage = before?.page
    const shownBefore = plan.callerRequestedJson ? undefined : before?.shown
    const facts = dispatched.challengeFacts
    const opened = dispatched.opened
    // an open reads the page it opened; any other command is judged on the page it led to, if it read one
    const judged =
      isOpening(plan.line.positionals[0]) || (navigation !== undefined && facts !== undefined)
        ? yield* challengePageAfter(plan, outcome, navigation, facts, previousPage, opened)
        : NOT_JUDGED
    const { challengePage, pageSettle } = judged
    // a page that moved by itself (seen before the command) is where the session is, unless the reply says otherwise
    const named = pageAfter(plan.line.positionals, outcome, navigation, previousPage)
    const moved = dispatched.pageMovedTo
    const landed = named === undefined && moved !== undefined ? { url: moved } : named
    // an open that said the page shows almost nothing yet: the snapshot after it does not say it again
    const page =
      landed != null && pageSettle !== undefined && needsSettleNote(pageSettle)
        ? { ...landed, nearEmptyNoted: true }
        : landed
    return {
      outcome,
      lookup,
      networkRequestsPageFilter,
      previousRefs,
      refs,
      previousPage,
      shownBefore,
      challengePage,
      pageSettle,
      page
    }
  })

type Facts = Effect.Effect.Success<ReturnType<typeof callFacts>>
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

/** What a call did, as one `Executed` record, from the facts each phase read. Pure. */
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
    ...("openedTab" in dispatched ? { openedTab: dispatched.openedTab } : {}),
    ...("closedTab" in dispatched ? { closedTab: dispatched.closedTab } : {}),
    ...("ranInOpenedTab" in dispatched ? { ranInOpenedTab: dispatched.ranInOpenedTab } : {}),
    ...(dispatched.pageMovedTo !== undefined ? { pageMovedOn: dispatched.pageMovedTo } : {}),
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

/**
 * Whether a call that ran did what was asked: a failed QA check, a failed job/qa/batch step (its own typed error,
 * unchanged), a file a step claimed to save that is not on disk (as a direct call's: artifact-missing), or an
 * outputPath that could not be written makes it a failure. Pure.
 */
export const verdictOf = (executed: Executed): QaFailed | ArtifactMissing | UpstreamReplyError | undefined => {
  if (executed.qa !== undefined && !executed.qa.passed) {
    const missed = executed.qa.missedTexts
    const failedChecks = executed.qa.failedChecks
    return new QaFailed({ failedChecks, ...(missed !== undefined ? { missedTexts: missed } : {}) })
  }
  // a failed React step of a sourceLookup is evidence (status "unsupported"), not a failed call
  const rows =
    executed.outcome.kind !== "batch"
      ? []
      : executed.lookup?.mode === "sourceLookup"
        ? executed.outcome.rows.filter((r) => r.command[0] !== "react")
        : executed.outcome.rows
  const step = firstBatchFailure(rows)
  if (step !== undefined) return step.error
  // a missing row with a limitation says why no file is expected (matching diff images); any other fails closed
  const missing = executed.verified.rows.find((r) => r.state === "missing" && r.limitation === undefined)
  if (missing !== undefined) return new ArtifactMissing({ path: missing.path, kind: missing.kind })
  // a click upstream called done that never reached its target did not do what was asked
  const click = executed.clickDispatch
  if (click !== undefined)
    return new UpstreamFailed({ detail: clickDispatchMessage(click), stderr: "", exitCode: 0, clickDispatch: click })
  if (executed.outputFile?.status === "failed")
    return new ArtifactMissing({
      path: executed.outputFile.absolutePath,
      kind: "output",
      detail: executed.outputFile.error
    })
  return undefined
}
