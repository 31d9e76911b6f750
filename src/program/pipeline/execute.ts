/**
 * A planned call, run and checked, under the caller's session lock: dispatch → allow-list → session bookkeeping →
 * ref map saved → artifacts verified → verdict facts (qa, config defaults, outputPath). Fails with the one typed
 * error that stopped it; a call that ran but did not do what was asked is judged by `verdictOf`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Executed } from "../../domain/Executed.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { Redactor } from "../../services/Redactor.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { routeDiagnostics } from "../../session/captures.js"
import { evaluateQa } from "../../compilers/evaluateQa.js"
import { batchSteps } from "../../redaction/batchSecrets.js"
import { pageAfter } from "../../session/lastPage.js"
import { afterCall } from "../../session/refPreflight.js"
import { refListOf, refSnapshotRecord } from "../../session/refSnapshotFile.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { writeOutputFile } from "../artifacts/outputFile.js"
import { verifyArtifacts } from "../artifacts/verifyArtifacts.js"
import { saveResponseBody } from "../artifacts/responseBody.js"
import { convertScreenshotFile, fitInlineImage } from "../artifacts/screenshotImage.js"
import { analyzeLookup } from "../lookups/analyzeLookup.js"
import { preflightAttachedQa } from "../modes/qaAttached.js"
import { crashedTargetsOf } from "../lifecycle/crashedTab.js"
import { applyPageFilter } from "../lookups/pageFilter.js"
import { checkAllowList } from "../page/allowListCheck.js"
import { leaveBlockedLanding } from "../security/blockedLanding.js"
import { probeViewport } from "../page/pageProbes.js"
import { needsSettleNote } from "../../page/pageSettle.js"
import { batchTextVisibility } from "../page/textVisibility.js"
import { challengePageAfter } from "../page/challengePage.js"
import { checkSelect } from "../page/selectCheck.js"
import { observeDaemon, refsFrom } from "../refs/refTracking.js"
import { preResolveClick } from "../refs/preResolveClick.js"
import { guardBrowser, trackBrowser } from "../lifecycle/browserHealth.js"
import { guardAttached, trackAttached } from "../lifecycle/attachedHealth.js"
import { closeManagedSession } from "../lifecycle/closeSession.js"
import { withRouteBook } from "../lifecycle/routeBook.js"
import { askPoolUntilBudget, withdrawOnInterrupt } from "../lifecycle/poolLaunch.js"
import { type CallContext, ownerOf } from "./callContext.js"
import { dispatch } from "./dispatch.js"
import { verdictOf } from "./verdict.js"

/** Files a compiled job or qa batch, or the steps of a caller's raw batch, will write. */
const compiledOutputs = (plan: Plan): ReadonlyArray<string> =>
  plan.compiled.mode === "job"
    ? plan.compiled.job.outputPaths
    : plan.compiled.mode === "qa"
      ? plan.compiled.qa.outputPaths
      : (plan.batchOutputPaths ?? [])

/** The refs a snapshot allocated, with the page and daemon they belong to. */
const snapshotRefs = (plan: Plan, data: unknown, hidden?: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const refs = refsFrom(data)
    if (refs === undefined) return undefined
    const origin = (data as { origin?: unknown } | null)?.origin
    const observed = yield* observeDaemon(plan)
    return {
      refs,
      url: typeof origin === "string" ? origin : (observed.url ?? ""),
      daemonPid: observed.pid,
      ...(hidden !== undefined ? { hidden: new Map(Object.entries(hidden)) } : {})
    } satisfies RefSnapshot
  })

/**
 * A job's or a caller's batch's last snapshot step: its refs, marked by what the steps after it did (current when
 * nothing followed), so the next call can act on the refs the model just read.
 */
const jobSnapshotRefs = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    if (outcome.kind !== "batch" || (plan.compiled.mode !== "job" && plan.line.command !== "batch")) return undefined
    let at = -1
    outcome.rows.forEach((row, i) => {
      if (row.success && row.command[0] === "snapshot") at = i
    })
    const row = outcome.rows[at]
    const refs = row?.success === true ? yield* snapshotRefs(plan, row.result, row.snapshotNaming?.hidden) : undefined
    return refs === undefined
      ? undefined
      : afterCall(
          refs,
          outcome.rows.slice(at + 1).map((r) => r.command)
        )
  })

/** Untraced: it is on the path of every call (see `runToResult`). */
export const execute = Effect.fnUntraced(function* execute(asked: Plan, call: CallContext) {
  const registry = yield* SessionRegistry
  const store = yield* ArtifactStore
  const config = yield* ToolConfig
  const started = yield* Clock.currentTimeMillis
  for (const path of [asked.outputPath, ...compiledOutputs(asked)])
    if (path !== undefined) yield* store.ensureParentDir(path)

  const recovery = (yield* guardBrowser(asked)) ?? (yield* guardAttached(asked))
  yield* preflightAttachedQa(asked)
  // a role/name click or check acts on the reachable match of a fresh snapshot -i (the plan the result then shows)
  const plan = yield* preResolveClick(asked)
  const dispatched = yield* withdrawOnInterrupt(plan, askPoolUntilBudget(plan, dispatch(plan, call))).pipe(
    Effect.tap(() => trackBrowser(plan)),
    Effect.tap(() => trackAttached(plan))
  )
  const { navigation, approval, tabCorrection, pageCheck } = dispatched
  const filtered = yield* applyPageFilter(plan, dispatched.outcome)
  const networkRequestsPageFilter = filtered.filter
  // before recordCall: the routes the session had, so an unroute says what it removed
  const booked = yield* withRouteBook(plan, filtered.outcome)
  const outcome = yield* convertScreenshotFile(plan, yield* saveResponseBody(plan, booked))
  const lookup = yield* analyzeLookup(plan, outcome)
  yield* checkAllowList(plan, outcome, navigation)
  yield* leaveBlockedLanding(plan, outcome, navigation)

  const session = plan.kind === "browser" ? plan.sessionName : undefined
  const previousRefs =
    session !== undefined && plan.snapshotOptions?.diff === true ? yield* registry.refSnapshotOf(session) : undefined
  const refs =
    session === undefined
      ? undefined
      : outcome.kind === "single" && plan.line.command === "snapshot"
        ? yield* snapshotRefs(plan, outcome.data, dispatched.snapshotNaming?.hidden)
        : // a click's overlay check took a snapshot: its refs (the candidates') are the session's now
          dispatched.overlaySnapshot !== undefined
          ? yield* snapshotRefs(plan, dispatched.overlaySnapshot)
          : yield* jobSnapshotRefs(plan, outcome)
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
  // refs the call did not replace are marked when it navigated or may have changed the page
  const held = session !== undefined && refs === undefined ? yield* registry.refSnapshotOf(session) : undefined
  // a focus taken back with `tab <id>` (which clears agent-browser's ref map) changed the refs too
  const restoredTab = tabCorrection?.reason === "focus-stolen" ? [["tab", tabCorrection.reselected]] : []
  const marked =
    held !== undefined
      ? afterCall(held, [
          ...(plan.line.command === "batch" ? batchSteps(plan) : [plan.line.positionals]),
          ...restoredTab
        ])
      : undefined
  const kept = refs ?? (marked !== held ? marked : undefined)
  const replaced = yield* registry.recordCall(plan, {
    ...(kept !== undefined ? { refSnapshot: kept } : {}),
    // a tab re-selected after open is pinned (upstream may drift again); refocusing before a read is not, nor the
    // focus taken back after a command (a pinned tab is selected before every command, and agent-browser 0.41.2
    // clears its ref map on every tab select, so no @ref would work in a pinned session)
    ...(tabCorrection !== undefined && tabCorrection.reason !== "focus-lost" && tabCorrection.reason !== "focus-stolen"
      ? { reselectedTab: tabCorrection.reselected }
      : {}),
    ...(page !== undefined ? { page } : {})
  })
  const replacedCloseFailure = Option.isNone(replaced)
    ? undefined
    : yield* closeManagedSession(replaced.value, plan.env).pipe(
        Effect.as(undefined),
        Effect.catchTag("CleanupFailed", (e) => Effect.succeed({ session: replaced.value.name, message: e.message }))
      )
  const refSnapshot =
    refs === undefined || session === undefined
      ? undefined
      : {
          session,
          url: refs.url,
          refCount: refs.refs.size,
          ...refListOf(refs),
          path: yield* store.saveRefs(
            ownerOf(call, config),
            JSON.stringify(yield* (yield* Redactor).scrubValue(refSnapshotRecord(session, refs)))
          )
        }

  const viewport =
    plan.snapshotOptions?.viewport === true && outcome.kind === "single" ? yield* probeViewport(plan) : undefined
  const routes = session !== undefined && !isClose(plan.line) ? (yield* registry.view(session)).routes : []
  const requests = outcome.kind === "single" ? (outcome.data as { requests?: unknown } | null)?.requests : undefined
  const routeFindings =
    Array.isArray(requests) && routes.length > 0
      ? routeDiagnostics(routes, requests as ReadonlyArray<Record<string, unknown>>)
      : []
  const textVisibility = pageCheck?.selectorTextVisibility ?? (yield* batchTextVisibility(plan, outcome))
  const verified = yield* fitInlineImage(plan, outcome, yield* verifyArtifacts(plan, outcome))
  const qa =
    plan.compiled.mode === "qa" && outcome.kind === "batch" ? evaluateQa(plan.compiled.qa, outcome.rows) : undefined
  const binary = yield* (yield* BinaryLocator).resolve
  // a select on a custom combobox answered "Selected" and changed nothing: said as the failure it is
  yield* checkSelect(plan, outcome)

  const crashedTabs = yield* crashedTabsOfList(plan, outcome)

  const ran: Executed = {
    plan,
    outcome,
    verified,
    binary: { version: binary.version, native: !binary.viaLauncher },
    durationMs: (yield* Clock.currentTimeMillis) - started,
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
    ...(pageCheck?.scrollNoop !== undefined ? { scrollNoop: pageCheck.scrollNoop } : {}),
    ...(pageCheck?.scrollPage !== undefined ? { scrollPage: pageCheck.scrollPage } : {}),
    ...(pageCheck?.scrollContainer !== undefined ? { scrollContainer: pageCheck.scrollContainer } : {}),
    ...(pageCheck?.clickDispatch !== undefined ? { clickDispatch: pageCheck.clickDispatch } : {}),
    ...(pageCheck?.overlayBlockers !== undefined ? { overlayBlockers: pageCheck.overlayBlockers } : {}),
    ...(pageCheck?.comboboxFocus !== undefined ? { comboboxFocus: pageCheck.comboboxFocus } : {}),
    ...(textVisibility !== undefined ? { selectorTextVisibility: textVisibility } : {}),
    ...(challengePage !== undefined ? { challengePage } : {}),
    ...(dispatched.snapshotNaming !== undefined ? { snapshotNaming: dispatched.snapshotNaming } : {}),
    ...(pageSettle !== undefined
      ? { pageSettle }
      : dispatched.actionSettle !== undefined
        ? { pageSettle: dispatched.actionSettle }
        : {})
  }
  if (verdictOf(ran) !== undefined) return ran
  const defaults = plan.browserDefaults
  const withDefaults: Executed = defaults !== undefined ? { ...ran, browserDefaults: defaults } : ran
  if (plan.input.outputPath === undefined) return withDefaults
  return { ...withDefaults, outputFile: yield* writeOutputFile(withDefaults, plan.input.outputPath) } satisfies Executed
})

/** A tab list's tabs whose page crashed (upstream lists them as live at their old URL). */
const crashedTabsOfList = (plan: Plan, outcome: UpstreamOutcome) => {
  const tabs =
    plan.line.command === "tab" && outcome.kind === "single"
      ? (outcome.data as { tabs?: unknown } | null)?.tabs
      : undefined
  if (!Array.isArray(tabs)) return Effect.succeed([] as ReadonlyArray<string>)
  const ids = tabs.flatMap((t: unknown) => {
    const id = (t as { targetId?: unknown } | null)?.targetId
    return typeof id === "string" ? [id] : []
  })
  return crashedTargetsOf(plan, ids)
}
