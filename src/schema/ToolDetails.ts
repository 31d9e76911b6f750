/**
 * The `details` object of every tool result, as an Effect Schema. JSON only, because pi persists it in the session
 * file; kept small: large payloads live in spill files and only their paths are stored here. The schema is what
 * `restoreFromBranch` decodes persisted entries with, so a corrupt or foreign entry is skipped instead of trusted.
 * Fields that are open on purpose (compiled inputs, upstream data, counts-only summaries) are `Schema.Unknown`.
 */
import * as Schema from "effect/Schema"
import { RecoveryDetails } from "./RecoveryDetails.js"
import { ArtifactManifestDetails, ArtifactRow, ArtifactVerification, OutputFile, SavedFile } from "./ArtifactDetails.js"
import { ElectronGetTextScopeWarning, ElectronRefFreshness } from "./ElectronScope.js"
import { PromptGuard } from "./PromptGuard.js"
import { FailureCategory, ResultCategory, SuccessCategory } from "./Categories.js"
import { LaunchDiagnostic, SessionRecoveryHint } from "./ErrorFields.js"
import { PolicyViolation } from "./SecurityPolicy.js"
import { SessionMode } from "./ToolInput.js"
import { RefSnapshotDetails } from "./RefSnapshotDetails.js"
import { BatchFailure, BatchStepDetails } from "./BatchStepDetails.js"
import { ManagedSessionDetails, ManagedSessionOutcome } from "./ManagedSessionDetails.js"
import { NextAction, RichInputRecovery, VisibleRefFallback } from "./NextAction.js"
import {
  ClickDispatch,
  ComboboxFocus,
  EvalHint,
  FillNotVerifiable,
  FillVerification,
  OverlayBlockers,
  PageSettle,
  ReadinessWait,
  ScrollContainer,
  ScrollNoop,
  ScrollPage,
  SelectorTextVisibility
} from "./PageDiagnostics.js"
import { optional } from "./exactOptional.js"

const Strings = Schema.Array(Schema.String)

export const ToolDetails = Schema.Struct({
  args: Strings,
  effectiveArgs: Strings,
  command: optional(Schema.String),
  subcommand: optional(Schema.String),
  sessionMode: SessionMode,
  sessionName: optional(Schema.String),
  usedImplicitSession: optional(Schema.Boolean),
  resultCategory: ResultCategory,
  successCategory: optional(SuccessCategory),
  failureCategory: optional(FailureCategory),
  summary: Schema.String,
  /** Upstream data as the command returned it (open by nature). */
  data: optional(Schema.Unknown),
  dataOmitted: optional(Schema.Struct({ bytes: Schema.Number, reason: Schema.String })),
  error: optional(Schema.String),
  stderr: optional(Schema.String),
  exitCode: optional(Schema.NullOr(Schema.Number)),
  warning: optional(Schema.String),
  code: optional(Schema.String),
  inspection: optional(Schema.Literal(true)),
  stdout: optional(Schema.String),
  timeoutMs: optional(Schema.Number),
  timedOut: optional(Schema.Boolean),
  validationError: optional(Schema.String),
  sessionRecoveryHint: optional(SessionRecoveryHint),
  /** The browser could not start or be reached: why, and the path or endpoint it tried. */
  launchDiagnostic: optional(LaunchDiagnostic),
  /**
   * A job, qa, lookup or guarded batch ran one upstream process per step; `effectiveArgs` is what every step shared.
   */
  execution: optional(Schema.Literal("one upstream call per step")),
  /** The security-policy rule a `policy-blocked` call broke. */
  policy: optional(PolicyViolation),
  fullOutputPath: optional(Schema.String),
  /** The contract's list form of `fullOutputPath` (one spill file per call here). */
  fullOutputPaths: optional(Schema.Array(Schema.String)),
  /**
   * How an oversized snapshot was condensed (counts only; the view is in the content, the raw tree in fullOutputPath).
   */
  snapshotCompaction: optional(Schema.Unknown),
  snapshotFilter: optional(Schema.Unknown),
  snapshotDiff: optional(Schema.Unknown),
  snapshotViewport: optional(Schema.Unknown),
  imagePath: optional(Schema.String),
  /** The contract's list form of `imagePath` (one inline screenshot per call here). */
  imagePaths: optional(Schema.Array(Schema.String)),
  /** What could not be read in upstream's output (`parse-failure`). */
  parseError: optional(Schema.String),
  artifacts: optional(Schema.Array(ArtifactRow)),
  navigationSummary: optional(Schema.Struct({ title: optional(Schema.String), url: Schema.String })),
  batchSteps: optional(Schema.Array(BatchStepDetails)),
  nextActions: optional(Schema.Array(NextAction)),
  /** Manifest rows this call added or changed (metadata only), with the window's retention counts. */
  artifactManifest: optional(ArtifactManifestDetails),
  /** The manifest's live / evicted / ephemeral / missing counts in one line (with artifactManifest). */
  artifactRetentionSummary: optional(Schema.String),
  /** For step-by-step job/qa runs that timed out: completed steps and the first incomplete one. */
  timeoutPartialProgress: optional(Schema.Unknown),
  refSnapshot: optional(RefSnapshotDetails),
  /** A snapshot that found no active page voided the session's refs. */
  refSnapshotInvalidation: optional(
    Schema.Struct({ reason: Schema.Literal("no-active-page"), summary: Schema.String })
  ),
  /** Browser defaults configured in config files that this first launch did not use (guidance only). */
  browserDefaults: optional(Schema.Struct({ flags: Strings, sources: Strings })),
  /**
   * What the tool recovered around a fault (a lost browser relaunched, a hung navigation stopped):
   * schema/RecoveryDetails.ts.
   */
  recovery: optional(RecoveryDetails),
  /** After open: the tab re-selected because the active tab had drifted from the opened page. */
  /** `stolenBy` (after `focus-stolen`): the tab that had taken the focus. */
  tabCorrection: optional(
    Schema.Struct({
      reselected: Schema.String,
      from: Schema.String,
      reason: optional(Schema.Literal("after-open", "focus-lost", "focus-stolen")),
      stolenBy: optional(Schema.String)
    })
  ),
  /** After a click: the tab the clicked page opened itself (now followed) and the tab the click ran on. */
  openedTab: optional(Schema.Struct({ tabId: Schema.String, from: Schema.String })),
  /** After a locator miss: current refs that exactly match the intended target. */
  visibleRefFallback: optional(VisibleRefFallback),
  richInputRecovery: optional(RichInputRecovery),
  /** What a successful call changed (navigation, mutation, artifact) and which nextActions follow from it. */
  pageChangeSummary: optional(Schema.Unknown),
  /** The first failed batch step, for branching without scanning batchSteps. */
  batchFailure: optional(BatchFailure),
  /** What semanticAction / job / qa compiled to (redacted). */
  compiledSemanticAction: optional(Schema.Unknown),
  compiledJob: optional(Schema.Unknown),
  compiledQaPreset: optional(Schema.Unknown),
  /** sourceLookup / networkSourceLookup: what they compiled to, and their reports (candidates only). */
  compiledSourceLookup: optional(Schema.Unknown),
  sourceLookup: optional(Schema.Unknown),
  compiledNetworkSourceLookup: optional(Schema.Unknown),
  networkSourceLookup: optional(Schema.Unknown),
  /** After `network requests --current-page|--current-origin|--current-url`. */
  networkRequestsPageFilter: optional(Schema.Unknown),
  /** The qa verdict: passed, failedChecks, warnings, summary. */
  qaPreset: optional(
    Schema.Struct({
      passed: Schema.Boolean,
      failedChecks: Strings,
      warnings: Strings,
      summary: Schema.String,
      observedPage: optional(Schema.Struct({ title: Schema.String, url: Schema.String })),
      /** Expected texts the page did not show. */
      missedTexts: optional(Strings)
    })
  ),
  /** Failed or pending requests that match an active `network route` mock. */
  networkRouteDiagnostics: optional(
    Schema.Array(
      Schema.Struct({
        reason: Schema.Literal("pending-routed-request", "cors-likely-routed-request", "failed-routed-request"),
        routePattern: Schema.String,
        mode: Schema.Literal("abort", "fulfill", "continue"),
        requestId: optional(Schema.String),
        requestUrl: optional(Schema.String),
        summary: Schema.String
      })
    )
  ),
  /** Every artifact the call produced, checked on disk. */
  artifactVerification: optional(ArtifactVerification),
  /** Direct saves (download, pdf, state save). */
  savedFile: optional(SavedFile),
  savedFilePath: optional(Schema.String),
  /** Up-front warnings (e.g. ffmpeg missing for recordings). */
  warnings: optional(Strings),
  /** With the caller's `--json` the visible text is the JSON alone: the lines a result adds after its body are here. */
  notes: optional(Strings),
  /** After `record start|restart` without ffmpeg on PATH (the contract's shape). */
  recordingDependencyWarning: optional(
    Schema.Struct({
      reason: Schema.Literal("ffmpeg-missing-for-recording"),
      dependency: Schema.Literal("ffmpeg"),
      command: Schema.String,
      message: Schema.String,
      recommendations: Strings
    })
  ),
  /** After close: saved files are not deleted by closing. */
  artifactCleanup: optional(
    Schema.Struct({
      owner: Schema.Literal("host-file-tools"),
      summary: Schema.String,
      note: Schema.String,
      explicitArtifactPaths: Strings
    })
  ),
  /** A held action's human decision (pi UI); `asked: false` means there was no UI and it was declined. */
  approval: optional(
    Schema.Struct({
      action: Schema.String,
      confirmationId: Schema.String,
      asked: Schema.Boolean,
      approved: Schema.Boolean
    })
  ),
  /** The caller's outputPath result. */
  outputFile: optional(OutputFile),
  /**
   * What the call did to the extension-managed session (every managed or fresh call; absent for user-managed and
   * sessionless ones).
   */
  managedSessionOutcome: optional(ManagedSessionOutcome),
  managedSession: optional(ManagedSessionDetails),
  /** A close refused before prompt-requested screenshots were saved. */
  promptGuard: optional(PromptGuard),
  binary: optional(Schema.Struct({ version: Schema.String, native: Schema.Boolean })),
  durationMs: optional(Schema.Number),
  /**
   * An `electron` call: the normalized action plan (redacted) and its action-specific data (launch records persist
   * here).
   */
  compiledElectron: optional(Schema.Unknown),
  electron: optional(Schema.Unknown),
  /** A mutation in a wrapper-launched app's session left the app dead or blank (the call is `tab-drift`). */
  electronPostCommandHealth: optional(Schema.Unknown),
  /** A fill (web page or Electron app) whose field does not hold what was typed (lengths only, never the values). */
  fillVerification: optional(FillVerification),
  /** A web fill whose field its read-back cannot see (cross-origin frame, closed shadow root, canvas). */
  fillNotVerifiable: optional(FillNotVerifiable),
  /** In a wrapper-launched Electron app: `get text` on the whole app shell; refs after an `@e…` mutation. */
  electronGetTextScopeWarning: optional(ElectronGetTextScopeWarning),
  electronGetTextScopeWarnings: optional(Schema.Array(ElectronGetTextScopeWarning)),
  electronRefFreshness: optional(ElectronRefFreshness),
  /** After a page-level scroll that moved neither the window nor any sampled scroll container. */
  scrollNoop: optional(ScrollNoop),
  /**
   * Where a page-level scroll (also `scroll to end|top`) left the page; where `scroll … --selector` left its container.
   */
  scrollPage: optional(ScrollPage),
  scrollContainer: optional(ScrollContainer),
  /** A direct click upstream called done that no trusted event delivered to its target (the call failed). */
  clickDispatch: optional(ClickDispatch),
  /** After snapshot -i: an open dialog with up to three controls that read like closing it (evidence, not proof). */
  overlayBlockers: optional(OverlayBlockers),
  /** A click aimed at a combobox left it focused without visible options (the contract's shape). */
  comboboxFocus: optional(ComboboxFocus),
  /** After `get text <css>` whose selector matched several elements: the primary case, and all when several. */
  selectorTextVisibility: optional(SelectorTextVisibility),
  selectorTextVisibilityAll: optional(Schema.Array(SelectorTextVisibility)),
  /** After eval: the result looks like a function returned uncalled, or a script that returned nothing. */
  evalStdinHint: optional(EvalHint),
  /** After eval on a file:// page that returned null (inconclusive there). */
  evalResultWarning: optional(EvalHint),
  /**
   * After a navigation: the page is a challenge for a human (CAPTCHA, anti-bot interstitial, login wall); never solved
   * or bypassed.
   */
  challengePage: optional(
    Schema.Struct({ kind: Schema.Literal("captcha", "interstitial", "login-wall"), evidence: Strings })
  ),
  /** After `open`: the page was still changing when the settle window ended, or showed no interactive element. */
  pageSettle: optional(PageSettle),
  /** Element steps that waited for their target to appear (bounded by the call's timeout), and for how long. */
  readinessWait: optional(ReadinessWait)
})
export type ToolDetails = typeof ToolDetails.Type
