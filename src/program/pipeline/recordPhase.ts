/**
 * The record phase: what the call did to its session, written once. The refs it allocated (or the held ones marked by
 * what it did), the page it landed on, a re-selected tab; a browser it replaced closed; the ref map saved to a file.
 * Then the facts read after it (`callFacts`), for the verdict and the presenter: the viewport a snapshot asked for,
 * what the routes did to the requests listed, hidden text a batch's get text read, the files saved (verified, an image
 * fitted inline), a qa's verdict, the binary, a custom select that changed nothing, crashed tabs in a tab list.
 */
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import { observeDaemon, refsFrom } from "../refs/refTracking.js"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { LastPage, TabCorrection } from "../../domain/PageFacts.js"
import type { Plan } from "../../domain/Plan.js"
import type { ManagedSession } from "../../domain/SessionState.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { Redactor } from "../../services/Redactor.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { batchSteps } from "../../redaction/batchSecrets.js"
import { afterCall } from "../../session/refPreflight.js"
import { refListOf, refSnapshotRecord } from "../../session/refSnapshotFile.js"
import { closeManagedSession } from "../lifecycle/closeSession.js"
import { type CallContext, ownerOf } from "./callContext.js"
import { evaluateQa } from "../../compilers/evaluateQa.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { routeDiagnostics } from "../../session/captures.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { artifactRequest } from "../../upstream/artifactPaths.js"
import type { VerifiedArtifacts } from "../../schema/Artifacts.js"
import { type CommandFamily, guards, reads } from "../families/family.js"
import { fitInlineImage } from "../artifacts/screenshotImage.js"
import { verifyArtifacts } from "../artifacts/verifyArtifacts.js"
import { probeViewport } from "../page/pageProbes.js"
import type { PageCheck } from "../page/probedCommand.js"
import { checkSelect } from "../page/selectCheck.js"
import { batchTextVisibility } from "../page/textVisibility.js"
import { crashedTargetsOf } from "../lifecycle/crashedTab.js"

const NO_FILES: VerifiedArtifacts = { rows: [], warnings: [] }

/** Refs the call did not replace, marked when it navigated or may have changed the page (or re-selected a tab). */
const markedRefs = (plan: Plan, held: RefSnapshot | undefined, tabCorrection: TabCorrection | undefined) => {
  if (held === undefined) return undefined
  // a focus taken back with `tab <id>` (which clears agent-browser's ref map) changed the refs too
  const restoredTab = tabCorrection?.reason === "focus-stolen" ? [["tab", tabCorrection.reselected]] : []
  const marked = afterCall(held, [
    ...(plan.line.command === "batch" ? batchSteps(plan) : [plan.line.positionals]),
    ...restoredTab
  ])
  return marked !== held ? marked : undefined
}

/** The replaced managed browser, closed; a close that failed is a warning, not the call's failure. */
const closeReplaced = (plan: Plan, replaced: Option.Option<ManagedSession>) =>
  Option.isNone(replaced)
    ? Effect.succeed(undefined)
    : closeManagedSession(replaced.value, plan.env).pipe(
        Effect.as(undefined),
        Effect.catchTag("CleanupFailed", (e) => Effect.succeed({ session: replaced.value.name, message: e.message }))
      )

/** The ref map the call allocated, saved (scrubbed) beside the session's other files. */
const savedRefs = (session: string, refs: RefSnapshot, call: CallContext) =>
  Effect.gen(function* () {
    const record = yield* (yield* Redactor).scrubValue(refSnapshotRecord(session, refs))
    const path = yield* (yield* ArtifactStore).saveRefs(ownerOf(call, yield* ToolConfig), JSON.stringify(record))
    return { session, url: refs.url, refCount: refs.refs.size, ...refListOf(refs), path }
  })

/** What the call allocated and where it ended. */
export interface CallResult {
  readonly refs: RefSnapshot | undefined
  readonly tabCorrection: TabCorrection | undefined
  readonly page: LastPage | null | undefined
}

export const recordPhase = (plan: Plan, family: CommandFamily, record: CallResult, call: CallContext) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    const { refs, tabCorrection, page } = record
    const held = session !== undefined && refs === undefined ? yield* registry.refSnapshotOf(session) : undefined
    const kept = refs ?? markedRefs(plan, held, tabCorrection)
    const replaced = yield* registry.recordCall(plan, {
      ...(kept !== undefined ? { refSnapshot: kept } : {}),
      // a tab re-selected after open is pinned (upstream may drift again); refocusing before a read is not, nor the
      // focus taken back after a command (a pinned tab is selected before every command, and agent-browser 0.41.2
      // clears its ref map on every tab select, so no @ref would work in a pinned session)
      ...(tabCorrection !== undefined &&
      tabCorrection.reason !== "focus-lost" &&
      tabCorrection.reason !== "focus-stolen"
        ? { reselectedTab: tabCorrection.reselected }
        : {}),
      ...(page !== undefined ? { page } : {}),
      // captures and the route book change only in the families that guard captures or read the route book
      booksMayChange: guards(family, "captures") || reads(family, "routeBook")
    })
    const replacedCloseFailure = yield* closeReplaced(plan, replaced)
    const refSnapshot = refs === undefined || session === undefined ? undefined : yield* savedRefs(session, refs, call)
    return { replacedCloseFailure, refSnapshot }
  })

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

/** The refs this call allocated in a browser session, if any. */
export const callRefs = (
  plan: Plan,
  outcome: UpstreamOutcome,
  read: { readonly snapshotNaming?: SnapshotNaming | undefined; readonly overlaySnapshot?: unknown }
) =>
  plan.kind !== "browser" || plan.sessionName === undefined
    ? Effect.succeed(undefined)
    : outcome.kind === "single" && plan.line.command === "snapshot"
      ? snapshotRefs(plan, outcome.data, read.snapshotNaming?.hidden)
      : // a click's overlay check took a snapshot: its refs (the candidates') are the session's now
        read.overlaySnapshot !== undefined
        ? snapshotRefs(plan, read.overlaySnapshot)
        : jobSnapshotRefs(plan, outcome)

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

/** What the session's route mocks did to the requests a `network requests` listed. */
const routeFindingsOf = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    const routes =
      session !== undefined && !isClose(plan.line) ? (yield* (yield* SessionRegistry).view(session)).routes : []
    const requests = outcome.kind === "single" ? (outcome.data as { requests?: unknown } | null)?.requests : undefined
    return Array.isArray(requests) && routes.length > 0
      ? routeDiagnostics(routes, requests as ReadonlyArray<Record<string, unknown>>)
      : []
  })

export const callFacts = (
  plan: Plan,
  family: CommandFamily,
  outcome: UpstreamOutcome,
  pageCheck: PageCheck | undefined
) =>
  Effect.gen(function* () {
    const viewport =
      reads(family, "viewport") && plan.snapshotOptions?.viewport === true && outcome.kind === "single"
        ? yield* probeViewport(plan)
        : undefined
    const routeFindings = yield* routeFindingsOf(plan, outcome)
    const textVisibility =
      pageCheck?.selectorTextVisibility ??
      (reads(family, "textVisibility") ? yield* batchTextVisibility(plan, outcome) : undefined)
    // only a command that saves a file (or a batch's steps) has files to check
    const saves = outcome.kind === "batch" || artifactRequest(plan.line) !== undefined
    const verified = saves ? yield* fitInlineImage(plan, outcome, yield* verifyArtifacts(plan, outcome)) : NO_FILES
    const qa =
      plan.compiled.mode === "qa" && outcome.kind === "batch" ? evaluateQa(plan.compiled.qa, outcome.rows) : undefined
    const binary = yield* (yield* BinaryLocator).resolve
    // a select on a custom combobox answered "Selected" and changed nothing: said as the failure it is
    if (reads(family, "selectCheck")) yield* checkSelect(plan, outcome)
    const crashedTabs = reads(family, "crashedTabs") ? yield* crashedTabsOfList(plan, outcome) : []
    return { viewport, routeFindings, textVisibility, verified, qa, binary, crashedTabs }
  })
