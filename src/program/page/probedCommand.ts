/**
 * Commands whose honest result needs a page read around them, run with the reads in the same upstream `batch`
 * process (no extra process): a page-level `scroll` between two scroll-position probes, a `get text <css>`
 * followed by the visibility probe, and a `fill` followed by its read-back (`fillVerification` on the outcome when
 * the field does not hold the text) and, aimed at a combobox, by the focus read (`comboboxFocus`, R6). The command's
 * own row becomes the outcome, exactly as if it ran alone; the probes only add evidence, and a probe that cannot
 * answer adds none. A command whose target is not there yet waits
 * for it (readinessWait.ts: the whole batch again after a locator miss, when nothing ran). Runs inside the session's
 * pinned tab when there is one. Skipped when upstream may hold page script for approval (`--confirm-actions`, action
 * policies).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type {
  ClickDispatch,
  ComboboxFocus,
  OverlayBlockers,
  ScrollContainer,
  ScrollNoop,
  ScrollPage,
  SelectorTextVisibility
} from "../../schema/PageDiagnostics.js"
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { CommandError } from "../../services/SessionCommands.js"
import { fillTargetOf } from "../../page/fillReadback.js"
import { refRows } from "../../page/fillRefReads.js"
import { fillProbeOutcomeOf } from "../../page/fillProbe.js"
import {
  readScrollPosition,
  scrollMovementOf,
  noMovementData,
  scrollDirectionOf,
  scrollNoopOf,
  scrollSelectorOf
} from "../../page/scrollPosition.js"
import { invalidSelectorsOf, textVisibilityOf } from "../../page/textVisibility.js"
import { SelectorUnsupported } from "../../schema/ToolError.js"
import { activeLaunchOf } from "../lifecycle/trackedLaunch.js"
import { runCommandBatch } from "./commandBatch.js"
import { probesFor } from "./probeRows.js"
import { typeDateKeys } from "./dateKeysFill.js"
import { comboboxFocusOf, isComboboxFill } from "../../page/comboboxFocus.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { clickEffectsOf, isPressCommand } from "../../page/clickEffects.js"
import { isMousePointCommand, mousePointOf } from "../../page/mousePoint.js"
import { checkRefusedAt, checkTargetOf, refCheckRefusal } from "../../page/checkGuard.js"
import { selectRefusedOf, selectTargetOf } from "../../page/selectGuard.js"
import { keyRowOf, typedHoldsOf, typeTargetOf } from "../../page/typeReadback.js"
import { mediaOf, mediaQueriesOf } from "../../page/mediaRead.js"
import { field, shownEffectsOf } from "../../page/appearedText.js"
import { typedSaidOf } from "../../page/typedEffects.js"
import { jsDialogsSaid } from "../../page/jsDialogs.js"
import { evalResultOf } from "../../page/namingReads.js"
import { uploadOutcomeOf, uploadTargetOf, withUploadHeld } from "../../page/uploadRead.js"
import { dragRefusedAfter, dragUnseenOf, isDragCommand } from "../../page/dragWatch.js"

export interface PageCheck {
  readonly scrollNoop?: ScrollNoop
  readonly scrollPage?: ScrollPage
  readonly scrollContainer?: ScrollContainer
  readonly selectorTextVisibility?: ReadonlyArray<SelectorTextVisibility>
  readonly clickDispatch?: ClickDispatch
  readonly overlayBlockers?: OverlayBlockers
  readonly comboboxFocus?: ComboboxFocus
}

export interface Probed {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  readonly check: PageCheck
  /** A key press whose read saw nothing start to leave the page: no page it led to is read after it. */
  readonly stayed?: true
}

/** A page-level scroll between its two position reads: whether it moved, and a scroll that could not move said. */
const scrollChecked = (
  plan: Plan,
  replied: Either.Either<UpstreamOutcome, CommandError>,
  beforeRead: unknown,
  after: unknown
): Probed => {
  const before = readScrollPosition(beforeRead)
  const moved = readScrollPosition(after)
  if (before === undefined || moved === undefined) return { replied, check: {} } satisfies Probed
  const noop = scrollNoopOf(before, moved, scrollDirectionOf(plan.line.positionals))
  return {
    // a scroll that moved nothing is said so from its first word (actionText.ts)
    replied:
      noop === undefined
        ? replied
        : Either.map(replied, (r) => (r.kind === "single" ? { ...r, data: noMovementData(r.data) } : r)),
    check: {
      ...scrollMovementOf(scrollSelectorOf(plan.line.positionals), before, moved),
      ...(noop !== undefined ? { scrollNoop: noop } : {})
    }
  } satisfies Probed
}

/**
 * What a key press, a typing command, a mouse down|up|move, a hover, a focus or a `set media` did, from the read
 * after it (the outcome's extra fields; none when the read found nothing); undefined for any other command.
 */
const saidAfter = (
  positionals: ReadonlyArray<string>,
  after: unknown,
  later: unknown,
  installed: unknown
): Pick<Extract<UpstreamOutcome, { kind: "single" }>, "effects" | "fieldHolds" | "jsDialogs"> | undefined => {
  if (isPressCommand(positionals)) {
    const effects = clickEffectsOf(after)
    const jsDialogs = jsDialogsSaid(field(after, "jsDialogs"), field(after, "earlierDialogs"))
    return { ...(effects !== undefined ? { effects } : {}), ...(jsDialogs !== undefined ? { jsDialogs } : {}) }
  }
  const typed = typeTargetOf(positionals)
  if (typed !== undefined) {
    const fieldHolds = typedHoldsOf(typed, after)
    return { ...(fieldHolds !== undefined ? { fieldHolds } : {}), ...typedSaidOf(installed, later, fieldHolds) }
  }
  if (positionals[0] === "hover" || positionals[0] === "focus" || isDragCommand(positionals)) {
    const shown = shownEffectsOf(field(after, "appeared"))
    if (isDragCommand(positionals) && dragUnseenOf(after, shown)) return { effects: { noDragStart: true } }
    return Object.keys(shown).length > 0 ? { effects: shown } : {}
  }
  if (mediaQueriesOf(positionals) !== undefined) {
    const media = mediaOf(after)
    return media !== undefined ? { effects: { media } } : {}
  }
  if (!isMousePointCommand(positionals)) return undefined
  const pointer = mousePointOf(after)
  const shown = shownEffectsOf(field(later, "appeared"))
  return pointer !== undefined || Object.keys(shown).length > 0
    ? { effects: { ...(pointer !== undefined ? { pointer } : {}), ...shown } }
    : {}
}

/** A read's own check after it: a selector the page could not parse, or whether the text it read is visible. */
const textReadChecked = (replied: Probed["replied"], after: unknown): Probed => {
  const invalid = invalidSelectorsOf(after)[0]
  if (invalid !== undefined)
    return { replied: Either.left(new SelectorUnsupported({ selector: invalid, reason: "invalid-css" })), check: {} }
  const found = textVisibilityOf(after, [undefined])
  return { replied, check: found.length > 0 ? { selectorTextVisibility: found } : {} }
}

/** A refusal read around the command: a check or select guard's, or a drag no element took (page/dragWatch.ts). */
const refusedAround = (
  plan: Plan,
  rows: ReadonlyArray<StepRow>,
  at: number,
  refs: RefSnapshot | undefined,
  check: ReturnType<typeof checkTargetOf>,
  select: ReturnType<typeof selectTargetOf>
) =>
  checkRefusedAt(check, rows, at, refs) ??
  selectRefusedOf(select, rows[at - 1]) ??
  dragRefusedAfter(plan.line.positionals, evalResultOf(rows[at + 1]))

const pinnedTabOf = (session: string) =>
  Effect.map(
    Effect.flatMap(SessionRegistry, (registry) => registry.view(session)),
    (view) => view.pinnedTab
  )

/** Runs the planned command between its probes in one batch; undefined when it has none (it then runs as usual). */
export const runProbed = (plan: Plan) =>
  Effect.gen(function* () {
    const electronApp = plan.line.command === "fill" && (yield* activeLaunchOf(plan.sessionName)) !== undefined
    const refs =
      plan.sessionName !== undefined && !electronApp
        ? yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName)
        : undefined
    const comboboxFill = !electronApp && isComboboxFill(plan.line, refs)
    // a check aimed at a ref the snapshot lists as another kind of control: refused, nothing sent (checkGuard.ts)
    const check = checkTargetOf(plan.line.positionals)
    const refRefused = refCheckRefusal(check, refs)
    if (refRefused !== undefined) return { replied: Either.left(refRefused), check: {} } satisfies Probed
    const probes = probesFor(plan, electronApp, comboboxFill, refs)
    if (probes === undefined || plan.sessionName === undefined) return undefined
    // a key press in a pinned tab runs with its tab list (tabs/tabPinning.ts), unwatched: no extra process
    if (isPressCommand(plan.line.positionals) && (yield* pinnedTabOf(plan.sessionName)) !== undefined) return undefined
    const fill = electronApp ? undefined : fillTargetOf(plan.line.positionals)
    // a fill's, check's or select's batch stops at its first failed step: a slider set, a refusal by the guard
    const keyed = probes.keyed
    const select = selectTargetOf(plan.line.positionals, refs)
    const upload = uploadTargetOf(plan.line.positionals)
    const bail = [fill, check, keyed, select, upload].some((x) => x !== undefined)
    const ran = yield* runCommandBatch(plan, plan.sessionName, probes.before, probes.after, bail, keyed?.rows)
    // a reply that is not a batch at all: a read (get text) runs alone instead; a scroll or fill may have acted
    if (ran.kind === "failed")
      return ran.error._tag === "ParseFailure" && plan.line.command === "get"
        ? undefined
        : ({ replied: Either.left(ran.error), check: {} } satisfies Probed)
    if (ran.kind === "unpinned") return undefined
    const { rows, at } = ran
    const evalAt = (i: number) => evalResultOf(rows[i])
    const uploaded = upload !== undefined ? uploadOutcomeOf(upload, rows, at) : undefined
    const checkRefused = refusedAround(plan, rows, at, refs, check, select) ?? uploaded?.refused
    if (checkRefused !== undefined) return { replied: Either.left(checkRefused), check: {} } satisfies Probed
    const filled = fill !== undefined ? fillProbeOutcomeOf(fill, rows, at) : undefined
    if (filled?.kind === "range") {
      if (filled.refused !== undefined) return { replied: Either.left(filled.refused), check: {} } satisfies Probed
      const set = { kind: "single" as const, data: { filled: fill?.selector }, warning: undefined }
      return { replied: Either.right({ ...set, rangeFill: filled.range }), check: {} } satisfies Probed
    }
    if (ran.row === undefined) return undefined
    const row = keyRowOf(plan.line.positionals, rows, at, ran.row, keyed)
    const after = evalAt(at + (keyed?.rows.length ?? 1))
    // a native date field takes keys, not text: typed as its keys in one more batch, said so (dateKeysFill.ts)
    const keys = row.success && fill !== undefined ? filled?.verification?.dateKeys : undefined
    const dated =
      keys !== undefined && fill !== undefined ? yield* typeDateKeys(plan, plan.sessionName, fill, keys) : undefined
    const fillVerification = dated === undefined ? filled?.verification : undefined
    const fillNotVerifiable = filled?.notVerifiable
    const held = dated ?? filled?.held
    const invalid = dated === undefined ? filled?.invalid : undefined
    const replied: Either.Either<UpstreamOutcome, CommandError> = row.success
      ? Either.right({
          kind: "single",
          data:
            dated !== undefined ? { filled: fill?.selector, typedKeys: keys } : withUploadHeld(row.result, uploaded),
          warning: row.warning,
          ...(row.readinessWaitMs !== undefined ? { readinessWaitMs: row.readinessWaitMs } : {}),
          ...(fillVerification !== undefined ? { fillVerification } : {}),
          ...(fillNotVerifiable !== undefined ? { fillNotVerifiable } : {}),
          ...(held !== undefined ? { fieldHolds: { value: held, own: true, ...(invalid ? { invalid } : {}) } } : {})
        })
      : Either.left(row.error)
    if (!row.success) return { replied, check: {} } satisfies Probed
    const later = evalAt(at + (keyed?.rows.length ?? 1) + 1)
    const said = saidAfter(plan.line.positionals, after, later, evalAt(at - 1))
    const stayed =
      isPressCommand(plan.line.positionals) && field(after, "stayed") === true ? { stayed: true as const } : {}
    if (said !== undefined)
      return { replied: Either.map(replied, (r) => ({ ...r, ...said })), check: {}, ...stayed } satisfies Probed
    if (upload !== undefined) return { replied, check: {} } satisfies Probed
    if (fill !== undefined) {
      const combo = comboboxFill ? comboboxFocusOf(evalAt(at + 3 + refRows(fill).length), "fill") : undefined
      return { replied, check: combo !== undefined ? { comboboxFocus: combo } : {} } satisfies Probed
    }
    if (plan.line.command === "scroll") return scrollChecked(plan, replied, evalAt(at - 1), after)
    return textReadChecked(replied, after)
  })
