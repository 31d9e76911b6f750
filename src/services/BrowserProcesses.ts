/**
 * BrowserProcesses: the process identity of every browser session this tool starts (its daemon's pid from
 * `<session>.pid`, the Chromium it spawned with its process group and `agent-browser-chrome-*` profile folder, and
 * Chromium's `org.chromium.Chromium.*` singleton folder), so that what upstream leaves behind after a crash is
 * ended by recorded ids, never by name: a daemon killed with SIGKILL orphans its Chromium, and a quit without the
 * binary cannot ask upstream to close. Every process fact comes from `OsProcesses`. State: one record per session (a
 * `Ref`), replaced whole.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

export interface BrowserIdentity {
  readonly daemonPid: number
  /** Start time of the daemon as the process table reads it (guards against a reused pid). */
  readonly daemonStart: string
  readonly browserPid?: number
  readonly browserStart?: string
  /** argv[0] of the browser: group members are matched on it before they are killed. */
  readonly browserExe?: string
  readonly profileDir?: string
  readonly singletonDir?: string
}

/** A browser that went away between calls, found (and cleaned up) before the next call. */
export interface BrowserLoss {
  readonly session: string
  readonly reason: "daemon-exited" | "browser-exited"
  readonly daemonPid: number
  readonly browserPid?: number
  /** The page the session was on, from the daemon's target file. */
  readonly lastUrl?: string
  /** Processes ended and folders removed while reaping. */
  readonly reaped: ReapReport
}

/**
 * The process table could not be read, so whether the session's browser is still running was not checked (said once).
 */
export interface LossNotChecked {
  readonly session: string
  readonly notChecked: string
}

export const isLossNotChecked = (found: BrowserLoss | LossNotChecked): found is LossNotChecked => "notChecked" in found

export interface ReapReport {
  readonly killed: ReadonlyArray<number>
  readonly removed: ReadonlyArray<string>
  /** The process table could not be read: what was not checked (nothing was then ended or removed). */
  readonly unchecked?: string
}

/** A session whose owning process was gone, reaped by another agent. */
export interface OrphanReaped {
  readonly session: string
  readonly ownerPid: number
  readonly reaped: ReapReport
}

export interface BrowserProcessesShape {
  /**
   * Records this process (pid and kernel start time) as the owner of a session it launched, in
   * `<session>.piab-owner` beside its socket, with the lock file its calls take.
   */
  readonly recordOwner: (socketDir: string, session: string, lockFile: string) => Effect.Effect<void>
  /**
   * Reaps every session in the socket dir whose recorded owner is dead (pid gone, or reused by another process) and
   * that no call is using (its lock is free): daemon, browser, folders, files. A live owner's session is never touched.
   */
  readonly reapOrphans: (socketDir: string) => Effect.Effect<ReadonlyArray<OrphanReaped>>
  /** After a call: (re)records the session's daemon and browser when they are new or not known yet. */
  readonly record: (socketDir: string, session: string) => Effect.Effect<BrowserIdentity | undefined>
  /**
   * Before a call: a recorded daemon or browser that is gone is reaped and reported once. When the process table could
   * not be read (to record or to check the session), that is reported once instead: losses go unnoticed from then on.
   */
  readonly check: (socketDir: string, session: string) => Effect.Effect<BrowserLoss | LossNotChecked | undefined>
  /** After a call: `check`, then `record` unless the known browser was just found running (one read, not two). */
  readonly track: (socketDir: string, session: string) => Effect.Effect<BrowserLoss | LossNotChecked | undefined>
  /**
   * Ends what is left of a session (after upstream's close, or instead of it): the daemon by SIGTERM then SIGKILL,
   * the browser's process group by SIGKILL, then its profile and singleton folders and the session's socket files.
   */
  readonly reap: (socketDir: string, session: string) => Effect.Effect<ReapReport>
  readonly identity: (session: string) => Effect.Effect<BrowserIdentity | undefined>
}

export class BrowserProcesses extends Context.Tag("pi-agent-browser-effect/BrowserProcesses")<
  BrowserProcesses,
  BrowserProcessesShape
>() {}
