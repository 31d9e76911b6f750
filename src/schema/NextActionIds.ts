/**
 * The next-action id registry: every id a result may carry in `details.nextActions[].id` (and in
 * `pageChangeSummary.nextActionIds`, `richInputRecovery.nextActionIds`, ...), grouped in the families of the
 * contract. Agents branch on these ids, so they live here once: emitters take them from this module, and a unit
 * test fails on an id-like literal anywhere else in `src/`. Numbered variants (`-2`, `-3`, ...) come from the
 * helpers below, never from string building at the call site.
 */

export const NEXT_ACTION_IDS = {
  /** What a successful navigation or mutation implies. */
  pageChange: {
    inspectOpenedPage: "inspect-opened-page",
    inspectAfterMutation: "inspect-after-mutation",
    /** A long page's view or read stopped before the end of its main content: read on from there, as text. */
    readOnInOrder: "read-on-in-order",
    dismissDialog: "dismiss-dialog",
    acceptDialog: "accept-dialog",
    /** After `stream enable` (also when it was already on): its status, and the stop to run when done. */
    checkStreamStatus: "check-stream-status",
    disableStream: "disable-stream"
  },
  /** Tab, session and browser-launch recovery. */
  recovery: {
    listTabsForRecovery: "list-tabs-for-recovery",
    /** The session's tab crashed: its page opened again in a new tab. */
    reopenCrashedPage: "reopen-crashed-page",
    listTabsForAboutBlankRecovery: "list-tabs-for-about-blank-recovery",
    listTabsForTabDriftRecovery: "list-tabs-for-tab-drift-recovery",
    /** Tab drift where the wrapper saw the stable id of the intended tab: select it, then refresh refs. */
    selectIntendedTabAfterDrift: "select-intended-tab-after-drift",
    snapshotAfterTabRecovery: "snapshot-after-tab-recovery",
    /** After `connect`: the attached browser's tabs, before choosing one. */
    listConnectedSessionTabs: "list-connected-session-tabs",
    /** A snapshot found no active page: list the tabs (no safe tab to select is known). */
    listTabsAfterNoActivePage: "list-tabs-after-no-active-page",
    retryWithFreshSession: "retry-with-fresh-session",
    reopenLostPage: "reopen-lost-page",
    checkPageState: "check-page-state",
    runAgentBrowserDoctor: "run-agent-browser-doctor",
    inspectBrowserProfiles: "inspect-browser-profiles",
    /** A failed `sessionMode: "fresh"` launch: check the browser that stayed current, or retry the launch. */
    verifyCurrentManagedSession: "verify-current-managed-session",
    snapshotCurrentManagedSession: "snapshot-current-managed-session",
    retryFreshManagedSession: "retry-fresh-managed-session",
    /** The browser pool was full: the same call with a longer timeoutMs, for which the tool keeps asking the pool. */
    retryWhenPoolHasRoom: "retry-when-pool-has-room",
    /** A provider's session API failed: the same call in a local browser (no provider, no pool). */
    useLocalBrowser: "use-local-browser"
  },
  /** A semantic fill missed and exact current editable refs exist: focus or click one, never type or submit. */
  richInputRecovery: {
    focusCurrentEditableRef: "focus-current-editable-ref",
    clickCurrentEditableRef: "click-current-editable-ref"
  },
  /** Stale refs, selector misses, and the custom-combobox select failure. */
  selectorRecovery: {
    refreshInteractiveRefs: "refresh-interactive-refs",
    /** A semanticAction's `find` met a stale ref: run it again after the refresh (it locates afresh). */
    retrySemanticActionAfterStaleRef: "retry-semantic-action-after-stale-ref",
    tryCurrentVisibleRef: "try-current-visible-ref",
    tryButtonNameCandidate: "try-button-name-candidate",
    tryLinkNameCandidate: "try-link-name-candidate",
    openCustomCombobox: "open-custom-combobox",
    inspectFocusedCombobox: "inspect-focused-combobox",
    tryOpenComboboxWithArrow: "try-open-combobox-with-arrow",
    tryOpenComboboxWithEnter: "try-open-combobox-with-enter"
  },
  /** Post-action page diagnostics (scroll, text visibility, challenge pages, click dispatch, overlays). */
  pageDiagnostics: {
    inspectAfterNoopScroll: "inspect-after-noop-scroll",
    verifyNoopScrollVisually: "verify-noop-scroll-visually",
    inspectVisibleTextCandidates: "inspect-visible-text-candidates",
    handChallengeToHuman: "hand-challenge-to-human",
    inspectClickDispatchMiss: "inspect-click-dispatch-miss",
    retryClickAfterDispatchMiss: "retry-click-after-dispatch-miss",
    inspectOverlayState: "inspect-overlay-state",
    /** A page still building its UI after open, or a snapshot -i with nothing to act on yet. */
    waitForPageUi: "wait-for-page-ui",
    /** Always numbered from 1: see `overlayBlockerCandidateId`. */
    tryOverlayBlockerCandidate: "try-overlay-blocker-candidate",
    /** A `wait --text` that timed out: read what the page says instead. */
    inspectAfterTextAssertionFailure: "inspect-after-text-assertion-failure",
    /** A `wait --url` / job `assertUrl` that was not met: read the page the browser is on instead. */
    inspectAfterUrlAssertionFailure: "inspect-after-url-assertion-failure",
    /** A native date field's fill did not take: one job types the date as its keys. */
    typeDateFieldKeys: "type-date-field-keys",
    /** A read-only field's fill did not take (a JS date picker sets it): one job opens its widget and shows it. */
    openWidgetAndLook: "open-widget-and-look",
    /** A rich editor kept its text under fill: one job selects all of it and types the text over it. */
    replaceEditorText: "replace-editor-text"
  },
  /** Saved files: a reported file that is not on disk (an `artifactPath` action, no args), an unverified download. */
  artifacts: {
    verifyArtifactPath: "verify-artifact-path",
    /** A file the call saved and the tool verified on disk: the path to read or attach (an `artifactPath` action). */
    useSavedArtifact: "use-saved-artifact",
    /** A download that could not be verified: `wait --download <path>` also picks up one that already finished. */
    waitForDownload: "wait-for-download"
  },
  /** An action upstream holds for `confirm <id>` / `deny <id>`. */
  confirmations: {
    confirmPendingAction: "confirm-pending-action",
    denyPendingAction: "deny-pending-action"
  },
  /** The electron input mode and sessions of wrapper-launched apps. */
  electron: {
    statusElectronLaunch: "status-electron-launch",
    probeElectronLaunch: "probe-electron-launch",
    listElectronTabs: "list-electron-tabs",
    snapshotElectronSession: "snapshot-electron-session",
    cleanupElectronLaunch: "cleanup-electron-launch",
    reattachElectronLaunch: "reattach-electron-launch",
    retryElectronCleanup: "retry-electron-cleanup",
    inspectAfterFillVerification: "inspect-after-fill-verification",
    verifyFilledValue: "verify-filled-value",
    /** After a fill a read-only field refused: click it to open the widget that sets it. */
    openReadOnlyFieldWidget: "open-read-only-field-widget",
    /** After an `@e…` mutation in a wrapper-launched app (same URL, maybe re-rendered). */
    refreshElectronRefsAfterRerender: "refresh-electron-refs-after-rerender",
    /** After `get text` on the whole app shell. */
    snapshotForElectronTextScope: "snapshot-for-electron-text-scope"
  },
  /** `network requests` follow-ups and failed-request source lookups. */
  network: {
    inspectNetworkRequest: "inspect-network-request",
    inspectRoutedNetworkRequest: "inspect-routed-network-request",
    findFailedRequestSource: "find-failed-request-source",
    filterNetworkRequests: "filter-network-requests",
    filterCurrentPageNetworkRequests: "filter-current-page-network-requests",
    clearNetworkRequestsBeforeRepro: "clear-network-requests-before-repro",
    startNetworkHarCapture: "start-network-har-capture",
    startNetworkHarCaptureForRouteMock: "start-network-har-capture-for-route-mock"
  },
  /** The security policy refused a call. */
  security: {
    readPageWithoutScript: "read-page-without-script",
    typeConfiguredSecret: "type-configured-secret",
    checkPageOrigin: "check-page-origin",
    inspectAfterPolicyBlock: "inspect-after-policy-block"
  },
  /** `qa.attached` preflight. */
  qa: {
    listTabsBeforeQaAttached: "list-tabs-before-qa-attached",
    snapshotBeforeQaAttached: "snapshot-before-qa-attached"
  },
  /** A call or a step that did not finish in time. */
  timeouts: {
    inspectCurrentPageAfterTimeout: "inspect-current-page-after-timeout",
    retryTimeoutStep: "retry-timeout-step",
    /** Another process held the session's lock for the whole budget: the same call, waiting longer (nothing ran). */
    retryWhenSessionFree: "retry-when-session-free",
    inspectDialogAfterTimeout: "inspect-dialog-after-timeout",
    dismissDialogAfterTimeout: "dismiss-dialog-after-timeout",
    /** The page a hung dialog holds, reopened in a new browser. */
    recoverFreshSessionAfterDialogTimeout: "recover-fresh-session-after-dialog-timeout"
  },
  /** Input the tool or upstream rejected. */
  usage: {
    showCommandHelp: "show-command-help",
    /** A malformed mode input (job, qa, semanticAction, …): its shape is in the docs; no call repeats it. */
    readInputReference: "read-input-reference",
    /** A flag upstream would ignore: the same call without it. */
    retryWithoutFlag: "retry-without-flag",
    /** `title` / `url` given as commands: upstream's getters are `get title` / `get url`. */
    useGetTitle: "use-get-title",
    useGetUrl: "use-get-url"
  }
} as const

type Registry = typeof NEXT_ACTION_IDS
export type NextActionFamily = keyof Registry
type IdsOf<F extends NextActionFamily> = Registry[F][keyof Registry[F]]
/** A registered base id. */
export type NextActionBaseId = { [F in NextActionFamily]: IdsOf<F> }[NextActionFamily]
/** Base ids that take numbered variants. */
type Numbered =
  | Registry["selectorRecovery"]["tryCurrentVisibleRef"]
  | Registry["pageDiagnostics"]["inspectVisibleTextCandidates"]
  | Registry["richInputRecovery"][keyof Registry["richInputRecovery"]]
/** Every id an emitter may use: a base id, a `-N` variant of a numbered one, or an overlay candidate `-N`. */
export type NextActionId =
  | NextActionBaseId
  | `${Numbered}-${number}`
  | `${Registry["pageDiagnostics"]["tryOverlayBlockerCandidate"]}-${number}`

/** Shorthands for emitters. */
export const {
  pageChange: PageChangeIds,
  recovery: RecoveryIds,
  richInputRecovery: RichInputRecoveryIds,
  selectorRecovery: SelectorRecoveryIds,
  pageDiagnostics: PageDiagnosticsIds,
  artifacts: ArtifactIds,
  confirmations: ConfirmationIds,
  electron: ElectronIds,
  network: NetworkIds,
  security: SecurityIds,
  qa: QaIds,
  timeouts: TimeoutIds,
  usage: UsageIds
} = NEXT_ACTION_IDS

/** Every base id with its family. */
export const NEXT_ACTION_FAMILIES: ReadonlyArray<{ readonly id: NextActionBaseId; readonly family: NextActionFamily }> =
  (Object.entries(NEXT_ACTION_IDS) as ReadonlyArray<[NextActionFamily, Record<string, NextActionBaseId>]>).flatMap(
    ([family, ids]) => Object.values(ids).map((id) => ({ id, family }))
  )

export const ALL_NEXT_ACTION_IDS: ReadonlyArray<NextActionBaseId> = NEXT_ACTION_FAMILIES.map((e) => e.id)

/**
 * The n-th (0-based) of several: the base id first, then `-2`, `-3`, ... (the contract's `try-current-visible-ref-N`).
 */
export const numberedNextActionId = <B extends Numbered>(base: B, index: number): B | `${B}-${number}` =>
  index === 0 ? base : `${base}-${index + 1}`

/** Overlay blocker candidates are numbered from 1 (`try-overlay-blocker-candidate-1` ... `-3`). */
export const overlayBlockerCandidateId = (
  index: number
): `${Registry["pageDiagnostics"]["tryOverlayBlockerCandidate"]}-${number}` =>
  `${PageDiagnosticsIds.tryOverlayBlockerCandidate}-${index + 1}`

export type RichInputRecoveryKind = "focus" | "click"

/**
 * The contract's `getAgentBrowserRichInputRecoveryNextActionId`: the id of candidate `index`'s focus or click action.
 */
export const richInputRecoveryNextActionId = (kind: RichInputRecoveryKind, index: number) =>
  numberedNextActionId(
    kind === "focus" ? RichInputRecoveryIds.focusCurrentEditableRef : RichInputRecoveryIds.clickCurrentEditableRef,
    index
  )

/** The contract's `getAgentBrowserRichInputRecoveryNextActionIds`: focus then click, per candidate, in order. */
export const richInputRecoveryNextActionIds = (count: number): ReadonlyArray<NextActionId> =>
  Array.from({ length: count }, (_, i) => [
    richInputRecoveryNextActionId("focus", i),
    richInputRecoveryNextActionId("click", i)
  ]).flat()

/** The family of an id, numbered variants included; undefined for an id this registry does not know. */
export const familyOfNextActionId = (id: string): NextActionFamily | undefined => {
  const exact = NEXT_ACTION_FAMILIES.find((e) => e.id === id)
  if (exact !== undefined) return exact.family
  const base = id.replace(/-\d+$/, "")
  return base === id ? undefined : NEXT_ACTION_FAMILIES.find((e) => e.id === base)?.family
}
