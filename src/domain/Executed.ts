/** What a call did, as the program hands it to the Presenter: the outcome plus every fact read along the way. */
import type { Recovery } from "../schema/RecoveryDetails.js"
import type { ApprovalRecord } from "./Approval.js"
import type { ElectronGetTextScopeWarning, ElectronRefFreshness } from "../schema/ElectronScope.js"
import type { VerifiedArtifacts } from "../schema/Artifacts.js"
import type { RouteDiagnostic } from "./Captures.js"
import type { LookupReport, NetworkRequestsPageFilter } from "./Lookup.js"
import type { UpstreamOutcome } from "./Outcome.js"
import type { ClosedTab, LastPage, OpenedTab, TabCorrection, ViewportFacts } from "./PageFacts.js"
import type {
  ClickDispatch,
  ComboboxFocus,
  FillVerification,
  OverlayBlockers,
  PageSettle,
  ScrollContainer,
  ScrollNoop,
  ScrollPage,
  SelectorTextVisibility
} from "../schema/PageDiagnostics.js"
import type { BrowserDefaults, Plan } from "./Plan.js"
import type { QaVerdict } from "./Qa.js"
import type { RefSnapshot, RefSnapshotRecord } from "./RefSnapshot.js"
import type { ShownTree } from "./ShownTree.js"
import type { SnapshotNaming } from "./SnapshotNaming.js"

export interface Navigation {
  /** Absent when not read (an open whose page moved on: the tab list lagged). */
  readonly title?: string
  readonly url: string
}

/** The caller's `outputPath`, written after the call. */
export type OutputFileResult =
  | {
      readonly status: "saved"
      readonly path: string
      readonly absolutePath: string
      readonly source: "data" | "text" | "snapshot"
      readonly bytes: number
    }
  | { readonly status: "failed"; readonly absolutePath: string; readonly error: string }

/** A managed browser that a fresh launch replaced and that could not be closed. */
export interface ReplacedCloseFailure {
  readonly session: string
  readonly message: string
}

export interface Executed {
  readonly plan: Plan
  readonly outcome: UpstreamOutcome
  readonly verified: VerifiedArtifacts
  readonly durationMs: number
  readonly binary: { readonly version: string; readonly native: boolean }
  readonly navigation?: Navigation
  /** The session's page before this call, when known: a `Page:` line or snapshot header only when it changed. */
  readonly previousPage?: LastPage
  /** For `snapshot --diff`: the session's refs before this snapshot. */
  readonly previousRefs?: RefSnapshot
  /** What the session's last verbatim snapshot showed the model: a repeat snapshot of that page is its delta. */
  readonly shownBefore?: ShownTree
  /** For `snapshot --viewport`. */
  readonly viewport?: ViewportFacts
  /** A held action the human approved through pi's UI. */
  readonly approval?: ApprovalRecord
  /** After a snapshot: where the session's ref map was saved. */
  readonly refSnapshot?: RefSnapshotRecord
  /** After open: the tab re-selected because the active one drifted away from the opened page. */
  readonly tabCorrection?: TabCorrection
  /** After a click: the page opened a new tab itself, which the session follows (`navigation` is its page). */
  readonly openedTab?: OpenedTab
  /** After a click or key press: the tab it ran on closed itself (`navigation` is the front tab's page). */
  readonly closedTab?: ClosedTab
  /** A read that ran in a tab the page opened since the last command (upstream followed it), not the session's page. */
  readonly ranInOpenedTab?: { readonly url: string; readonly sessionPage: string }
  /** The session's page moved on by itself since the last command (a timer's `location.replace`): where it is now. */
  readonly pageMovedOn?: string
  /** The verdict of a `qa` call (a failed verdict is the call's QaFailed error). */
  readonly qa?: QaVerdict
  /** Failed or pending requests matching an active `network route` mock. */
  readonly routeDiagnostics?: ReadonlyArray<RouteDiagnostic>
  readonly browserDefaults?: BrowserDefaults
  /** The report of a `sourceLookup` / `networkSourceLookup` call. */
  readonly lookup?: LookupReport
  /** After `network requests --current-page|--current-origin|--current-url`: how the rows were filtered. */
  readonly networkRequestsPageFilter?: NetworkRequestsPageFilter
  readonly outputFile?: OutputFileResult
  readonly replacedCloseFailure?: ReplacedCloseFailure
  /** What the tool recovered before the command could run (a lost browser started again). */
  readonly recovery?: Recovery
  /** After a tab list: the target ids of its tabs whose page crashed (read over DevTools; upstream lists them live). */
  readonly crashedTabs?: ReadonlyArray<string>
  /** A fill in a wrapper-launched Electron app whose field does not hold what was typed (the call stays a success). */
  /** In a wrapper-launched Electron app: a `get text` on the whole app shell, an `@e…` mutation (refs may be stale). */
  readonly electronGetTextScopeWarning?: ElectronGetTextScopeWarning
  /** A batch's whole-shell `get text` steps, each (the first is `electronGetTextScopeWarning`). */
  readonly electronGetTextScopeWarnings?: ReadonlyArray<ElectronGetTextScopeWarning>
  readonly electronRefFreshness?: ElectronRefFreshness
  readonly fillVerification?: FillVerification
  /** A page-level scroll after which neither the window nor any sampled scroll container had moved. */
  readonly scrollNoop?: ScrollNoop
  /** Where a scroll left the page, or the container its selector names (R5). */
  readonly scrollPage?: ScrollPage
  readonly scrollContainer?: ScrollContainer
  /** A direct click that no trusted event delivered to its target (the call fails). */
  readonly clickDispatch?: ClickDispatch
  /** After snapshot -i: an open dialog and the controls that read like closing it. */
  readonly overlayBlockers?: OverlayBlockers
  /** A click aimed at a combobox left it focused with nothing visible to pick. */
  readonly comboboxFocus?: ComboboxFocus
  /** `get text <css>` steps whose selector matched several elements (hidden-first cases first). */
  readonly selectorTextVisibility?: ReadonlyArray<SelectorTextVisibility>
  /**
   * After a navigation: the page is a CAPTCHA, anti-bot interstitial or login wall for a human (the call stays a
   * success).
   */
  readonly challengePage?: ChallengePage
  /** After `snapshot -i`: unnamed controls' contexts and `-C`'s ref targets. */
  readonly snapshotNaming?: SnapshotNaming
  /** After `open`: whether the page stopped changing within the settle window, and its visible interactive elements. */
  readonly pageSettle?: PageSettle
}

/**
 * A page a human must get past, found after `open` or a navigating click. Evidence is the tool's own fixed wording
 * (never page text). Never solved, bypassed or retried by the tool.
 */
export interface ChallengePage {
  readonly kind: "captcha" | "interstitial" | "login-wall"
  readonly evidence: ReadonlyArray<string>
  /** The page to hand to the human: the URL the caller opened, or the one a click led to. */
  readonly url?: string
}

/** A fill whose read-back differs from what was typed (lengths only); the shape lives with the page diagnostics. */
export type { FillVerification } from "../schema/PageDiagnostics.js"

/**
 * What a call did to the extension-managed session (the contract's `managedSessionOutcome`): `created` (its first
 * browser), `replaced` (a fresh launch took over from a running one), `unchanged`, `closed`, or for a failed fresh
 * launch `preserved` (the previous browser stays current) / `abandoned` (there was none).
 */
export type ManagedSessionStatus = "created" | "replaced" | "unchanged" | "closed" | "preserved" | "abandoned"

export interface ManagedSessionOutcome {
  readonly status: ManagedSessionStatus
  readonly sessionMode: "auto" | "fresh"
  readonly attemptedSessionName: string
  readonly previousSessionName: string
  /** The managed session later calls use (after a close: the name the next launch will take). */
  readonly currentSessionName: string
  readonly replacedSessionName?: string
  readonly activeBefore: boolean
  readonly activeAfter: boolean
  readonly succeeded: boolean
}
