/**
 * What an `electron` call did, as data the Presenter renders (text, `details.compiledElectron`, `details.electron`,
 * next actions), plus the post-command health verdict of an ordinary call in a wrapper-launched app's session.
 */
import type { ElectronRequest } from "./ElectronInput.js"
import type {
  CdpTarget,
  ElectronCleanupReport,
  ElectronLaunchDiagnostics,
  ElectronLaunchRecord,
  ElectronLaunchStatus,
  ElectronListResult
} from "./ElectronRecord.js"

/** The managed session `close` step of a cleanup (it runs before the host stops the process). */
export interface ElectronSessionStep {
  readonly launchId: string
  readonly sessionName: string
  readonly status: "ok" | "skipped" | "failed"
  readonly reason?: string
}

/** The bounded state reads of `probe` (and what failed among them). */
export interface ElectronProbeReads {
  readonly title?: string
  readonly url?: string
  readonly tabs?: ReadonlyArray<{ readonly id: string; readonly title: string; readonly url: string; readonly active: boolean }>
  readonly refCount?: number
  readonly errors: ReadonlyArray<string>
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
    readonly connect?: { readonly argument: string; readonly via: "target" | "port"; readonly targetId?: string }
    readonly handoff: { readonly handoff: "connect" | "tabs" | "snapshot"; readonly refCount?: number; readonly snapshotRetries?: number }
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
    /** The current managed session, when it is attached to none of the live launches. */
    readonly sessionMismatch?: { readonly managedSession: string; readonly launchSessions: ReadonlyArray<string> }
  }
  | {
    readonly action: "probe"
    readonly request: ElectronRequest
    readonly status: "succeeded" | "partial"
    readonly probeContext: { readonly kind: "current-session" | "launch"; readonly launchId?: string; readonly sessionName?: string }
    readonly launchStatus?: ElectronLaunchStatus
    readonly probe: ElectronProbeReads
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
