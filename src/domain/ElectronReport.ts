/**
 * What an `electron` call did, as data the Presenter renders (text, `details.compiledElectron`, `details.electron`,
 * next actions), plus the post-command health verdict of an ordinary call in a wrapper-launched app's session.
 */
import type { ElectronRequest } from "../schema/ElectronInput.js"
import type {
  CdpTarget,
  ElectronCleanupReport,
  ElectronLaunchDiagnostics,
  ElectronLaunchRecord,
  ElectronLaunchStatus,
  ElectronListResult
} from "../schema/ElectronRecord.js"

/** The managed session `close` step of a cleanup (it runs before the host stops the process). */
export interface ElectronSessionStep {
  readonly launchId: string
  readonly sessionName: string
  readonly status: "ok" | "skipped" | "failed"
  readonly reason?: string
}

/** The element holding focus, as bounded metadata: never its value (a focused field can hold a secret). */
export interface ElectronFocusedElement {
  readonly tag: string
  readonly role?: string
  readonly name?: string
  readonly type?: string
  readonly id?: string
  readonly editable: boolean
}

export interface ElectronProbeTab {
  readonly id: string
  readonly title: string
  readonly url: string
  readonly active: boolean
}

/** The bounded state reads of `probe` (and what failed among them). */
export interface ElectronProbeReads {
  readonly title?: string
  readonly url?: string
  readonly focusedElement?: ElectronFocusedElement
  readonly activeTab?: ElectronProbeTab
  readonly tabs?: ReadonlyArray<ElectronProbeTab>
  readonly refCount?: number
  /** The first refs of the probe's snapshot, and how many more it had. */
  readonly refIds?: ReadonlyArray<string>
  readonly omittedRefIds?: number
  readonly errors: ReadonlyArray<string>
}

/**
 * The current managed session is attached to none of the live launches, or a launch's session shows a page (url)
 * that none of the launch's own CDP targets has: state reads there are not reads of the app.
 */
export type ElectronSessionMismatch =
  | {
      readonly reason: "managed-session-not-attached"
      readonly managedSession: string
      readonly launchSessions: ReadonlyArray<string>
    }
  | {
      readonly reason: "url-not-in-launch-targets"
      readonly launchId: string
      readonly sessionName: string
      readonly port: number
      readonly observedUrl: string
      readonly observedTitle?: string
      readonly launchTargets: ReadonlyArray<{ readonly type: string; readonly title: string; readonly url: string }>
    }

export type ElectronActionReport =
  | { readonly action: "list"; readonly request: ElectronRequest; readonly result: ElectronListResult }
  | {
      readonly action: "launch"
      readonly request: ElectronRequest
      readonly status: "succeeded" | "failed"
      readonly launch?: ElectronLaunchRecord
      readonly targets?: ReadonlyArray<CdpTarget>
      readonly browserVersion?: string
      /** `selected`: whether the target was then selected as the session's tab (absent: upstream's only page). */
      readonly connect?: {
        readonly argument: string
        readonly via: "target" | "port"
        readonly targetId?: string
        readonly selected?: boolean
      }
      readonly handoff: {
        readonly handoff: "connect" | "tabs" | "snapshot"
        readonly refCount?: number
        readonly snapshotRetries?: number
      }
      /** A launch whose attach failed is cleaned at once; this is that cleanup. */
      readonly cleanup?: ElectronCleanupReport
      readonly failure?: {
        readonly stage: "launch" | "attach" | "handoff"
        readonly diagnostics?: ElectronLaunchDiagnostics
        readonly policy?: { readonly list: "allow" | "deny"; readonly entry?: string }
      }
    }
  | {
      readonly action: "status"
      readonly request: ElectronRequest
      readonly launches: ReadonlyArray<ElectronLaunchRecord>
      readonly statuses: ReadonlyArray<ElectronLaunchStatus>
      readonly sessionMismatch?: ElectronSessionMismatch
    }
  | {
      readonly action: "probe"
      readonly request: ElectronRequest
      readonly status: "succeeded" | "partial"
      readonly probeContext: {
        readonly kind: "current-session" | "launch"
        readonly launchId?: string
        readonly sessionName?: string
      }
      readonly launchStatus?: ElectronLaunchStatus
      readonly probe: ElectronProbeReads
      readonly sessionMismatch?: ElectronSessionMismatch
    }
  | {
      readonly action: "cleanup"
      readonly request: ElectronRequest
      readonly status: "succeeded" | "partial"
      readonly sessionSteps: ReadonlyArray<ElectronSessionStep>
      readonly cleanup?: ElectronCleanupReport
    }

/** An ordinary call in a wrapper-launched app's session left the app dead or on an unrecoverable blank page. */
export interface ElectronHealthReport {
  readonly action: "post-command-health"
  readonly launchId: string
  readonly sessionName: string
  readonly reason: "process-dead" | "debug-port-dead" | "about-blank"
  readonly status: ElectronLaunchStatus
}

export type ElectronReport = ElectronActionReport | ElectronHealthReport
