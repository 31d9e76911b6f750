/**
 * A click (`click`, `dblclick`, `find … click`) in one upstream process: `batch` [pinned tab] → recorder → click →
 * read. A direct `click` on a selector or named ref, and a `find text|role … click`, is judged for dispatch
 * (`clickDispatch`); a click aimed at a combobox, for whether it opened (`comboboxFocus`). The click's row is the
 * outcome (with its dialog warning, exactly as alone); the read gives the page it stayed on (title, URL, challenge
 * facts) and whether a trusted event reached the target. Only a click that started a navigation to another document
 * needs the page read again after it loads (`navigating`): the batch stops at its first failed step, and the read
 * fails (with its value) when the click stayed and opened no tab: it ran in the clicked document, so no other tab took
 * the focus (`focusKept`). Otherwise the tab list follows (whether another tab took the focus), then a gate that fails
 * when the click stayed, so only a click that navigated (or whose read ran in another document) goes on to wait for
 * the load and read the page it led to, in the same process. Skipped where page script may be held for approval, for
 * Electron apps (their health check owns the page after a click), and when the session has no page yet.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { ClickDispatch, ClickTarget, ComboboxFocus, PageSettle } from "../../schema/PageDiagnostics.js"
import { pageSettleOf } from "../../page/pageSettle.js"
import type { ChallengeFacts } from "../../page/challengeEvidence.js"
import type { Plan } from "../../domain/Plan.js"
import { ElectronHost } from "../../services/ElectronHost.js"
import type { CommandError } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { challengeFactsOf } from "../../page/challengeEvidence.js"
import { clickDispatchOf, clickRecordOf, clickTargetOf, clickTargetText, twinOf } from "../../page/clickDispatch.js"
import type { ClosingTab } from "../../page/closeHold.js"
import { enabledAfterOf, stayedDisabledOf } from "../../page/readiness.js"
import { uncoveredOf } from "../../page/readiness.js"
import { readinessBudgetMs } from "../../page/readiness.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { CLICK_READ_EXPRESSION, CLICK_STAYED_GATE, clickReadOf, clickRecorderScript } from "../../page/clickRecorder.js"
import { clickEffectsOf } from "../../page/clickEffects.js"
import { withoutClickedFieldFocus } from "../../page/focusMoved.js"
import { comboboxFocusOf, isComboboxClick } from "../../page/comboboxFocus.js"
import { dialogsOpenedOf } from "../../page/dialogsOpened.js"
import { jsDialogsOf } from "../../page/actionWatches.js"
import { mayNavigate } from "../../upstream/commandPolicy.js"
import { type CommandBatch, runCommandBatch } from "./commandBatch.js"
import { whilePageAnswers } from "../lifecycle/pageHealth.js"
import { LANDED_PAGE_READ, landedPageOf, landedPageSteps } from "./pageProbes.js"
import { type TabRow, tabsOf } from "../tabs/tabRecovery.js"
import { mayProbeAlone } from "../../session/planRun.js"
import { withNewControlsReplied } from "../refs/newControls.js"

export interface ClickRun {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  /** The page after the click, when it stayed in the same document; undefined when it must be read again. */
  readonly page?: { readonly title: string; readonly url: string; readonly facts?: ChallengeFacts }
  readonly clickDispatch?: ClickDispatch
  readonly comboboxFocus?: ComboboxFocus
  /** The page was still changing when the click's read gave up waiting for it to go quiet. */
  readonly settle?: PageSettle
  /** Modal dialogs the click opened on the page it stayed on (counted when no dispatch diagnostic fired). */
  readonly dialogsOpened?: number
  /** The clicked page opened a tab itself (upstream follows it). */
  readonly openedTab?: boolean
  /** The clicked page closed its own tab once the read answered (the tabs are listed after it: tabRecovery.ts). */
  readonly closing?: ClosingTab
  /** The session's tabs right after the click (its read), from the same process. */
  readonly tabs?: ReadonlyArray<TabRow>
  /**
   * The read ran in the clicked document, which opened no tab: no other tab took the focus (no tab list was needed).
   */
  readonly focusKept?: true
  /** The click navigated and the page it led to was read in its own process (`page` is absent if that read failed). */
  readonly landedRead?: boolean
}

/** At most this long for the page a navigating click led to to load, within the click's own process. */
const LANDED_LOAD_TIMEOUT_MS = 7_000

/** Whether the session is a wrapper-launched Electron app's: its health check owns the page after a click. */
export const isElectronSession = (session: string) =>
  Effect.map(ElectronHost, (host) => host.records).pipe(
    Effect.flatten,
    Effect.map((records) => records.some((r) => r.sessionName === session && r.cleanupState === "active"))
  )

const result = (run: ClickRun): ClickRun => run

/** An eval row's answer as a record (the recorder's). */
const recordedValue = (result: unknown): Record<string, unknown> | undefined => {
  const record = (v: unknown) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : undefined)
  return record(record(result)?.["result"])
}

/** A click that may navigate, in a session the tool may read, outside a job or qa run: recorded and read. */
const recordsClick = (plan: Plan): boolean => mayNavigate(plan.line) && mayProbeAlone(plan)

/**
 * The click's reply: upstream's, with the JavaScript dialogs and the effects the recorder and the read saw (a job's
 * click step says the same: program/modes/clickStep.ts).
 */
export const clickReplyOf = (
  row: Extract<StepRow, { readonly success: true }>,
  recorder: StepRow | undefined,
  read: Record<string, unknown> | undefined,
  clicked: { readonly role: string; readonly name: string } | undefined
): Either.Either<UpstreamOutcome, CommandError> => {
  // the alerts that opened after the previous action (upstream accepted them), and the dialogs the click opened
  const logged = recorder?.success === true ? recordedValue(recorder.result)?.["earlierDialogs"] : undefined
  const earlier = jsDialogsOf(logged).filter((d) => d.type === "alert")
  const jsOpened = jsDialogsOf(read?.["jsDialogs"])
  // console errors and uncaught errors the click logged, a heading or control it changed (clickEffects.ts)
  const watched = withoutClickedFieldFocus(clickEffectsOf(read?.["effects"]), clicked)
  // "nothing changed" is not said of a click that opened a dialog or a tab (said apart from the effects)
  const elsewhere = jsOpened.length > 0 || clickRecordOf(read?.["click"])?.openedTab === true
  const effects = watched?.ignoredDisabled === true && elsewhere ? undefined : watched
  const answer = recorder?.success === true ? recordedValue(recorder.result) : undefined
  const enabledAfterMs = enabledAfterOf(answer)
  const uncovered = uncoveredOf(answer)
  return Either.right({
    kind: "single",
    data: row.result,
    warning: row.warning,
    ...(enabledAfterMs !== undefined ? { enabledAfterMs } : {}),
    ...(uncovered !== undefined ? { uncovered } : {}),
    ...(row.readinessWaitMs !== undefined ? { readinessWaitMs: row.readinessWaitMs } : {}),
    ...(jsOpened.length > 0 || earlier.length > 0 ? { jsDialogs: { opened: jsOpened, earlier } } : {}),
    ...(effects !== undefined ? { effects } : {})
  })
}

/**
 * What a click waits for while it is disabled (page/readiness.ts): its judged target, else a `dblclick`'s (found,
 * not judged); as long as a target may wait to appear (readiness.ts: 3 s, within the call's budget). Undefined when it
 * cannot be found in the page (a locator dialect, a ref the recorder cannot find again, flags).
 */
const enableWaitOf = (plan: Plan, target: ClickTarget | undefined, refs: RefSnapshot | undefined) => {
  const [command, ...rest] = plan.line.positionals
  const found = target ?? (command === "dblclick" ? clickTargetOf(["click", ...rest], refs) : undefined)
  const waitMs = readinessBudgetMs(plan.timeoutMs)
  return found !== undefined && waitMs > 0 ? { target: found, waitMs } : undefined
}

/** Runs a direct click with its recorder and read in one process; undefined when this click runs as usual. */
export const runClick = (plan: Plan) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    if (session === undefined || !recordsClick(plan)) return undefined
    if (yield* isElectronSession(session)) return undefined
    const registry = yield* SessionRegistry
    const view = yield* registry.view(session)
    // a session that has not opened a page yet has no browser to read: the click launches it as usual (a managed
    // session that runs but whose page is unknown, after a dialog or a click that could not be read, is read as usual)
    if (view.page === undefined && (plan.firstLaunch || plan.sessionRole !== "managed")) return undefined
    const refs = yield* registry.refSnapshotOf(session)
    const target = clickTargetOf(plan.line.positionals, refs)
    const enable = enableWaitOf(plan, target, refs)
    // the read ends the batch when the click stayed and opened no tab; else the tab list: a tab that took the focus
    // during the click (L17, tabs/tabRecovery.ts); then, past the gate, the page a navigating click led to; all in the
    // same process, which stops at the first failed step
    const landed = landedPageSteps(Math.min(LANDED_LOAD_TIMEOUT_MS, plan.timeoutMs / 4))
    // a page that stops answering while the click runs (a handler that never returns) ends it early: pageHealth.ts
    const batch = runCommandBatch(
      plan,
      session,
      [["eval", clickRecorderScript(target, enable)]],
      [["eval", CLICK_READ_EXPRESSION], ["tab", "list"], ["eval", CLICK_STAYED_GATE], ...landed],
      { bail: true }
    )
    const ran = yield* whilePageAnswers(plan, batch, (error): CommandBatch => ({ kind: "failed", error }))
    if (ran.kind === "failed") return result({ replied: Either.left(ran.error) })
    if (ran.kind === "unpinned") return undefined
    const { rows, row, at } = ran
    // the target stayed disabled through the wait: the recorder's step threw, and the click was never sent
    const disabled = enable !== undefined ? stayedDisabledOf(clickTargetText(enable.target), rows[at - 1]) : undefined
    if (disabled !== undefined) return result({ replied: Either.left(disabled) })
    if (row === undefined) return undefined
    if (!row.success) return result({ replied: Either.left(row.error) })
    const answered = clickReadOf(rows[at + 1])
    const read = answered?.value
    const ref = /^@?(e\d+)$/.exec(plan.line.positionals[1] ?? "")?.[1]
    const replied = clickReplyOf(row, rows[at - 1], read, ref !== undefined ? refs?.refs.get(ref) : undefined)
    const tabs = tabsOf(rows[at + 2])
    const record = clickRecordOf(read?.["click"])
    // no record: the read ran in the document the click led to (or could not run), so the page is read again: past
    // the gate, in this process
    const navigated = record?.navigating === true && record.closing === undefined
    if (read === undefined || record === undefined || navigated || typeof read["url"] !== "string") {
      const gated = rows[at + 3]?.success === true
      const page = gated ? landedPageOf(rows[at + 4 + LANDED_PAGE_READ]) : undefined
      return result({
        replied,
        ...(tabs !== undefined ? { tabs } : {}),
        ...(page !== undefined ? { page } : {}),
        ...(gated ? { landedRead: true } : {})
      })
    }
    const facts = challengeFactsOf(read["challenge"])
    const dispatch =
      target !== undefined
        ? clickDispatchOf(target, record, target.kind === "accessible" ? twinOf(target.refId, refs) : undefined)
        : undefined
    const combo =
      dispatch === undefined && isComboboxClick(plan.line, refs) ? comboboxFocusOf(read["combo"]) : undefined
    const settle = pageSettleOf(read["settle"])
    const opened = dispatch === undefined ? dialogsOpenedOf(read["dialogsOpened"]) : undefined
    // controls the click made appear: their refs, from one snapshot after it (newControls.ts)
    const closing = record.closing
    const stays = record.openedTab !== true && closing === undefined
    const said = stays ? yield* withNewControlsReplied(plan, session, refs, replied) : replied
    return result({
      replied: said,
      ...(tabs !== undefined ? { tabs } : {}),
      ...(answered?.stayed === true && closing === undefined ? { focusKept: true } : {}),
      ...(closing !== undefined ? { closing } : {}),
      page: { title: String(read["title"] ?? ""), url: read["url"], ...(facts !== undefined ? { facts } : {}) },
      ...(settle !== undefined && !settle.settled ? { settle } : {}),
      ...(dispatch !== undefined ? { clickDispatch: dispatch } : {}),
      ...(combo !== undefined ? { comboboxFocus: combo } : {}),
      ...(opened !== undefined && opened > 0 ? { dialogsOpened: opened } : {}),
      ...(record.openedTab === true ? { openedTab: true } : {})
    })
  })
