/**
 * Post-action page diagnostics (issue #11): evidence that a successful command may not have done what was meant.
 * A page-level scroll that moved nothing (`scrollNoop`), a `get text` selector whose first match is hidden or not
 * unique (`selectorTextVisibility`), and eval results that look like a common scripting mistake (`evalStdinHint`,
 * `evalResultWarning`). Shapes shared by `Executed` and the persisted `details`.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"
import { RefSnapshotDetails } from "./RefSnapshotDetails.js"

/** A sampled scrollable container: sample index, tag and ARIA role only (never ids or classes), and its offsets. */
export const ScrollContainerSample = Schema.Struct({
  index: Schema.Number,
  tagName: Schema.String,
  role: optional(Schema.String),
  scrollLeft: Schema.Number,
  scrollTop: Schema.Number
})
export type ScrollContainerSample = typeof ScrollContainerSample.Type

/** Where the page and its most prominent scrollable containers were scrolled to. */
export const ScrollPosition = Schema.Struct({
  scrollX: Schema.Number,
  scrollY: Schema.Number,
  innerWidth: Schema.Number,
  innerHeight: Schema.Number,
  scrollWidth: Schema.Number,
  scrollHeight: Schema.Number,
  containerCount: Schema.Number,
  containers: Schema.Array(ScrollContainerSample),
  /** The element a `scroll … --selector <css>` scrolls, when it is on the page. */
  target: optional(Schema.Struct({ scrollLeft: Schema.Number, scrollTop: Schema.Number })),
  /** After a page scroll that reached the bottom: how much taller the page grew within a short wait (more loaded). */
  grewBy: optional(Schema.Number)
})
export type ScrollPosition = typeof ScrollPosition.Type

const PageOffsets = Schema.Struct({ scrollX: Schema.Number, scrollY: Schema.Number })
const ElementOffsets = Schema.Struct({ scrollLeft: Schema.Number, scrollTop: Schema.Number })

/** Where a page-level `scroll` left the page (the contract's `scrollPage`; `scroll to end|top` too). */
export const ScrollPage = Schema.Struct({
  before: PageOffsets,
  after: PageOffsets,
  moved: Schema.Boolean,
  /** The scroll reached the bottom and the page then grew this much taller (an infinite list loading more). */
  grewBy: optional(Schema.Number)
})
export type ScrollPage = typeof ScrollPage.Type

/**
 * Where a `scroll … --selector <css>` (or `scroll <css> <dir>`) left that container (the contract's `scrollContainer`).
 */
export const ScrollContainer = Schema.Struct({
  selector: Schema.String,
  before: ElementOffsets,
  after: ElementOffsets,
  moved: Schema.Boolean
})
export type ScrollContainer = typeof ScrollContainer.Type

export const ScrollNoop = Schema.Struct({
  reason: Schema.Literal("no-observed-scroll-position-change"),
  message: Schema.String,
  /** The page already stood at the edge the scroll went toward (`fits`: the page does not scroll that way). */
  edge: optional(Schema.Literal("top", "bottom", "left", "right", "fits")),
  before: ScrollPosition,
  after: ScrollPosition,
  recommendations: Schema.Array(Schema.String)
})
export type ScrollNoop = typeof ScrollNoop.Type

export const TextCandidate = Schema.Struct({
  index: Schema.Number,
  tagName: Schema.String,
  role: optional(Schema.String),
  textPreview: optional(Schema.String)
})
export type TextCandidate = typeof TextCandidate.Type

export const SelectorTextVisibility = Schema.Struct({
  selector: Schema.String,
  reason: Schema.Literal("first-match-hidden", "multiple-matches"),
  matchCount: Schema.Number,
  visibleCount: Schema.Number,
  firstMatchVisible: Schema.Boolean,
  firstVisibleTextPreview: optional(Schema.String),
  visibleCandidates: Schema.Array(TextCandidate),
  /** 0-based index of the batch step that read it (absent for a standalone `get text`). */
  stepIndex: optional(Schema.Number),
  summary: Schema.String
})
export type SelectorTextVisibility = typeof SelectorTextVisibility.Type

export const EvalHint = Schema.Struct({ reason: Schema.String, suggestion: Schema.String })
export type EvalHint = typeof EvalHint.Type

/** What a direct `click` aimed at: a CSS selector, an `xpath=` target, or a ref by its snapshot role and name. */
export const ClickTarget = Schema.Union(
  Schema.Struct({ kind: Schema.Literal("selector"), selector: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("xpath"), selector: Schema.String }),
  Schema.Struct({
    kind: Schema.Literal("accessible"),
    refId: Schema.String,
    role: Schema.String,
    name: Schema.String,
    duplicateIndex: optional(Schema.Number)
  }),
  /** `find text <text> click`: any innermost element holding that text (or a button input of that value). */
  Schema.Struct({ kind: Schema.Literal("text"), text: Schema.String, exact: optional(Schema.Boolean) }),
  /** `find role <role> click [--name <name>] [--exact]`. */
  Schema.Struct({
    kind: Schema.Literal("role"),
    role: Schema.String,
    name: optional(Schema.String),
    exact: optional(Schema.Boolean)
  })
)
export type ClickTarget = typeof ClickTarget.Type

/**
 * A direct `click` upstream called done, while no trusted pointer or mouse event reached the element it aimed at
 * (something covered it, or it moved). `landedOn` describes where the events went instead: tag, id and classes,
 * letters and digits only.
 */
export const ClickDispatch = Schema.Struct({
  status: Schema.Literal("no-native-event-observed"),
  reason: Schema.Literal("native-click-produced-no-target-dom-event"),
  nativeEventCount: Schema.Number,
  target: ClickTarget,
  landedOn: optional(Schema.String),
  /** A ref of the same role and name a pointer can reach (the snapshot's reachable twin of a hidden ref). */
  twin: optional(Schema.String),
  /** The target is an `<option>` of a native `<select>` (a widget library keeps it hidden under its own list). */
  nativeOption: optional(Schema.Boolean)
})
export type ClickDispatch = typeof ClickDispatch.Type

/** A control inside an open dialog whose name reads like a way to close it. */
export const OverlayCandidate = Schema.Struct({
  ref: Schema.String,
  role: Schema.String,
  name: Schema.String,
  args: Schema.Array(Schema.String),
  reason: Schema.String
})
export type OverlayCandidate = typeof OverlayCandidate.Type

/**
 * After `snapshot -i` (the page's full tree, read in the same process) or a click that stayed on its URL and opened a
 * modal (one full snapshot after it): an open dialog with up to three close/dismiss controls. Evidence, not proof:
 * the dialog may be what the user wants. `snapshot`: the ref map the candidates come from, the session's latest.
 */
export const OverlayBlockers = Schema.Struct({
  summary: Schema.String,
  dialogs: Schema.Array(Schema.String),
  candidates: Schema.Array(OverlayCandidate),
  snapshot: optional(RefSnapshotDetails)
})
export type OverlayBlockers = typeof OverlayBlockers.Type
/**
 * A fill whose field does not hold what was typed, read back right after it (web pages: in the fill's own upstream
 * process; Electron: `get value` / `get text`). Lengths only: neither value is ever kept (they can be secrets), but
 * a text cut at the field's maxlength is said with the start it kept (the model's own text; never a secret field's).
 */
export const FillVerification = Schema.Struct({
  status: Schema.Literal("mismatch"),
  target: Schema.String,
  verifiedWith: Schema.Literal("get value", "get text"),
  expectedLength: Schema.Number,
  observedLength: Schema.Number,
  /** 0-based index of the job step that filled (absent for a standalone fill). */
  stepIndex: optional(Schema.Number),
  /** The field is read-only: its widget (a date picker) sets it; typing cannot. */
  readOnly: optional(Schema.Literal(true)),
  /** The field is disabled (a page may disable it when it takes the focus). */
  disabled: optional(Schema.Literal(true)),
  /** A native date or time field (`date`, `time`, ...): it takes keys in its own order, not text. */
  fieldType: optional(Schema.String),
  /**
   * A native date field given an ISO date (2026-03-14): the keys that type it, in the order the field shows its parts
   * (the browser's locale), e.g. `03142026`. The model's own date, never a secret field's (those are not read back).
   */
  dateKeys: optional(Schema.String),
  /** The field's maxlength, which cut the typed text to its first `maxLength` characters. */
  maxLength: optional(Schema.Number),
  /** The text went into this other field (the one that had the focus before the fill). */
  spilledInto: optional(Schema.String),
  /** A rich editor (contenteditable) kept its earlier text: the fill added the typed text to it, not replaced it. */
  added: optional(Schema.Literal(true)),
  /** The fill did not take (the field is empty, read-only, disabled, or the text went elsewhere): a job step fails. */
  notTaken: optional(Schema.Literal(true)),
  summary: Schema.String
})
export type FillVerification = typeof FillVerification.Type

/**
 * A fill whose field the read-back cannot see (a cross-origin frame, a closed shadow root, a canvas): nothing is
 * claimed either way, and the result says so rather than reading as verified.
 */
export const FillNotVerifiable = Schema.Struct({
  status: Schema.Literal("not-verifiable"),
  reason: Schema.Literal("cross-origin-frame", "closed-shadow-root", "canvas"),
  target: Schema.String,
  stepIndex: optional(Schema.Number),
  summary: Schema.String
})
export type FillNotVerifiable = typeof FillNotVerifiable.Type

/**
 * After `open`: whether the page stopped changing within the settle window (a DOM quiet for 150 ms, at most 1.5 s),
 * how long the read waited, and how many visible interactive elements and characters of visible text it found then.
 */
export const PageSettle = Schema.Struct({
  settled: Schema.Boolean,
  waitedMs: Schema.Number,
  interactiveCount: Schema.Number,
  textChars: optional(Schema.Number),
  /**
   * The page's load event had not fired when it was read (`readyState` "interactive": shown and usable, a resource
   * still loading), with the resources not yet loaded (at most five URLs; absent when none could be named).
   */
  loading: optional(Schema.Struct({ readyState: Schema.String, pending: Schema.Array(Schema.String) })),
  /** After `open`: false when the loaded page has no script at all (nothing can fill it in later). */
  scripted: optional(Schema.Boolean),
  /** The HTTP status the opened document came with, when it was not a success (a 402, a 404, a 500). */
  httpStatus: optional(Schema.Number)
})
export type PageSettle = typeof PageSettle.Type

/** Job steps (or a standalone command) that waited for their target to appear, and for how long in all. */
export const ReadinessWait = Schema.Struct({
  waitedMs: Schema.Number,
  steps: optional(Schema.Array(Schema.Struct({ index: Schema.Number, waitedMs: Schema.Number })))
})
export type ReadinessWait = typeof ReadinessWait.Type

/**
 * The contract's `comboboxFocus`: after a click aimed at a combobox, the focused element is a combobox with an
 * explicit `aria-expanded`, and no listbox or option is visible: the click focused it without opening its list.
 */
export const ComboboxFocus = Schema.Struct({
  reason: Schema.Literal("focused-combobox-without-visible-options"),
  message: Schema.String,
  activeElement: Schema.Struct({
    role: Schema.String,
    tag: Schema.String,
    expanded: Schema.String,
    hasPopup: Schema.optional(Schema.String),
    name: Schema.optional(Schema.String)
  }),
  visibleListboxCount: Schema.Number,
  visibleOptionCount: Schema.Number,
  recommendations: Schema.Array(Schema.String)
})
export type ComboboxFocus = typeof ComboboxFocus.Type
