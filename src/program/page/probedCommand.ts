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
import type { UpstreamOutcome } from "../../domain/Outcome.js"
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
import type { CommandError } from "../../services/SessionCommands.js"
import { fillReadScript, fillTargetOf } from "../../page/fillReadback.js"
import { refRows } from "../../page/fillRefReads.js"
import { fillProbeOutcomeOf, fillProbeRows } from "../../page/fillProbe.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import {
  readScrollPosition,
  scrollMovementOf,
  noMovementData,
  scrollDirectionOf,
  scrollNoopOf,
  scrollProbeScript,
  scrollSelectorOf
} from "../../page/scrollPosition.js"
import {
  invalidSelectorsOf,
  textSelectorOf,
  textVisibilityOf,
  textVisibilityScript
} from "../../page/textVisibility.js"
import { SelectorUnsupported } from "../../schema/ToolError.js"
import { activeLaunchOf } from "../lifecycle/trackedLaunch.js"
import { runCommandBatch } from "./commandBatch.js"
import { typeDateKeys } from "./dateKeysFill.js"
import { mayProbe } from "../../session/mayProbe.js"
import { COMBOBOX_FOCUS_EXPRESSION, comboboxFocusOf, isComboboxFill } from "../../page/comboboxFocus.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { clickEffectsOf, isPressCommand, PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../page/clickEffects.js"
import { isMousePointCommand, MOUSE_WATCH_INSTALL, mousePointOf, mouseReadExpression } from "../../page/mousePoint.js"
import { checkProbeRows, checkRefusedAt, checkTargetOf, refCheckRefusal } from "../../page/checkGuard.js"
import { selectBeforeScript, selectRefusedOf, selectTargetOf } from "../../page/selectGuard.js"
import { type KeyedTyping, keyedTypingOf, keyRowOf, typedHoldsOf, typeTargetOf } from "../../page/typeReadback.js"
import { mediaOf, mediaQueriesOf, mediaReadExpression } from "../../page/mediaRead.js"
import { APPEARED_READ, appearedInstall, field, shownEffectsOf } from "../../page/appearedText.js"
import { cssTargetOf, flipsWatch } from "../../page/hoverReveal.js"
import { KEYED_WATCH_INSTALL, KEYED_WATCH_READ, typedSaidOf } from "../../page/typedEffects.js"
import { jsDialogsSaid } from "../../page/jsDialogs.js"
import { evalResultOf } from "../../page/namingReads.js"
import { uploadOutcomeOf, uploadProbeRows, uploadTargetOf, withUploadHeld } from "../../page/uploadRead.js"

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

/** A combobox's list may open a moment after typing (debounced autocomplete): the focus read waits this long. */
const COMBOBOX_FILL_SETTLE_MS = 300

/** The page reads around the planned command, or undefined when the command needs none or may not have them. */
type Rows = ReadonlyArray<ReadonlyArray<string>>

const probesFor = (
  plan: Plan,
  electronApp: boolean,
  comboboxFill: boolean,
  refs: RefSnapshot | undefined
): { before: Rows; after: Rows; keyed?: KeyedTyping } | undefined => {
  if (!mayProbe(plan) || plan.stdin !== undefined || plan.compiled.mode === "job" || plan.compiled.mode === "qa")
    return undefined
  // mouse down|up|move: where the pointer acted and the element there (page/mousePoint.ts)
  if (isMousePointCommand(plan.line.positionals)) {
    return { before: [["eval", MOUSE_WATCH_INSTALL]], after: [["eval", mouseReadExpression(plan.line.positionals)]] }
  }
  // press|key: console errors, a changed heading or focused control (page/clickEffects.ts)
  if (isPressCommand(plan.line.positionals)) {
    return { before: [["eval", PRESS_WATCH_INSTALL]], after: [["eval", PRESS_WATCH_READ]] }
  }
  // check|uncheck: a CSS target that is no box is refused by the step before it; a disabled box too (checkGuard.ts)
  const check = checkTargetOf(plan.line.positionals)
  if (check !== undefined) return { before: checkProbeRows(check.selector), after: [] }
  // upload <css>: a target that is no file input is refused; the files the input took are read (page/uploadRead.ts)
  const upload = uploadTargetOf(plan.line.positionals)
  if (upload !== undefined) return uploadProbeRows(upload)
  // select <css|ref>: an asked option that is disabled is refused by the step before it (page/selectGuard.ts)
  const select = selectTargetOf(plan.line.positionals, refs)
  if (select !== undefined) return { before: [["eval", selectBeforeScript(select)]], after: [] }
  if (plan.line.command === "scroll") {
    const selector = scrollSelectorOf(plan.line.positionals)
    return { before: [["eval", scrollProbeScript(selector)]], after: [["eval", scrollProbeScript(selector, true)]] }
  }
  // hover|focus: text it made appear or hid (a tooltip, a menu, a CSS :hover or :focus-within one: page/hoverReveal.ts)
  if (plan.line.command === "hover" || plan.line.command === "focus") {
    const install = appearedInstall(flipsWatch(cssTargetOf(plan.line.positionals)))
    return { before: [["eval", install]], after: [["eval", APPEARED_READ]] }
  }
  // set media dark|light|reduced-motion: whether the page now matches each query (page/mediaRead.ts)
  const media = mediaQueriesOf(plan.line.positionals)
  if (media !== undefined) return { before: [], after: [["eval", mediaReadExpression(media)]] }
  // type|keyboard type|inserttext: what the field holds after it (page/typeReadback.ts)
  const typed = typeTargetOf(plan.line.positionals)
  if (typed !== undefined) {
    // typed key by key: text its keys made appear, dialogs they opened (page/typedEffects.ts)
    const keyed = keyedTypingOf(plan.line.positionals)
    if (keyed === undefined) return { before: [], after: [["eval", fillReadScript(typed)]] }
    const after = [
      ["eval", fillReadScript(typed)],
      ["eval", KEYED_WATCH_READ]
    ]
    return { before: [["eval", KEYED_WATCH_INSTALL]], after, keyed }
  }
  // a wrapper-launched Electron app checks its fills itself, after the command (electron/fillVerification.ts)
  const fill = electronApp ? undefined : fillTargetOf(plan.line.positionals)
  // a fill aimed at a combobox: whether its list opened, read after a short settle (R6)
  const combo = comboboxFill
    ? [
        ["wait", String(COMBOBOX_FILL_SETTLE_MS)],
        ["eval", COMBOBOX_FOCUS_EXPRESSION]
      ]
    : []
  if (fill !== undefined) {
    // the guard (a slider is set instead; the focused field noted), the fill, its read-back (page/fillProbe.ts)
    const rows = fillProbeRows(fill, refs?.refs.get(fill.selector?.replace(/^@/, "") ?? "")?.role)
    return { before: rows.before, after: [...rows.after, ...combo] }
  }
  const selector = textSelectorOf(plan.line.positionals)
  return selector !== undefined ? { before: [], after: [["eval", textVisibilityScript([selector])]] } : undefined
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
  if (positionals[0] === "hover" || positionals[0] === "focus") {
    const shown = shownEffectsOf(field(after, "appeared"))
    return Object.keys(shown).length > 0 ? { effects: shown } : {}
  }
  if (mediaQueriesOf(positionals) !== undefined) {
    const media = mediaOf(after)
    return media !== undefined ? { effects: { media } } : {}
  }
  if (!isMousePointCommand(positionals)) return undefined
  const pointer = mousePointOf(after)
  return pointer !== undefined ? { effects: { pointer } } : {}
}

/** A read's own check after it: a selector the page could not parse, or whether the text it read is visible. */
const textReadChecked = (replied: Probed["replied"], after: unknown): Probed => {
  const invalid = invalidSelectorsOf(after)[0]
  if (invalid !== undefined)
    return { replied: Either.left(new SelectorUnsupported({ selector: invalid, reason: "invalid-css" })), check: {} }
  const found = textVisibilityOf(after, [undefined])
  return { replied, check: found.length > 0 ? { selectorTextVisibility: found } : {} }
}

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
    const checkRefused =
      checkRefusedAt(check, rows, at, refs) ?? selectRefusedOf(select, rows[at - 1]) ?? uploaded?.refused
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
