/**
 * SessionLock: one call at a time per browser session across processes. The in-process lock (SessionRegistry)
 * orders one runtime's calls; this one is an OS-level lock on a file beside the session's socket, so two pi
 * processes (a session resumed twice, subagents sharing an explicit `--session`) never drive one browser at once.
 * The kernel releases it when the holding process dies, however it dies. Beside it, a shared lock per process that
 * uses the session (`join`/`leave`): when one of several processes sharing a session quits, the browser stays for the
 * others. State: this process's shares (their open files).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { TimedOut } from "../schema/ToolError.js"

export interface SessionLockShape {
  /**
   * Runs `task` holding the lock file at `path`, waiting for it up to `waitMs`. A holder that keeps it longer fails
   * the call with `TimedOut` (`source: "session-lock"`, naming the holder); nothing of the call has run then.
   */
  readonly withLock: <A, E, R>(
    path: string,
    waitMs: number,
    task: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | TimedOut, R>
  /**
   * Removes the lock file at `path` when nobody holds it (taken, unlinked, released; a waiter that opened the old
   * file sees its inode gone and retries on a new one), so an ended session leaves no file. True when removed.
   */
  readonly retire: (path: string) => Effect.Effect<boolean>
  /**
   * Marks this process as one that uses the session whose lock file is `path`, for as long as it lives: a shared lock
   * on the session's users file beside it (once per process; the kernel drops it when the process dies, however).
   */
  readonly join: (path: string) => Effect.Effect<void>
  /**
   * Ends this process's use of the session (quit): answers whether another live process still uses it, so the last
   * one to go closes the browser and the others leave it running. Without an OS lock: none (this process decides).
   * `join`, `leave` and `inUse` are called holding the session's lock (`withLock`).
   */
  readonly leave: (path: string) => Effect.Effect<{ readonly othersRemain: boolean }>
  /** Whether some live process (this one included) uses the session: never reap its browser then. */
  readonly inUse: (path: string) => Effect.Effect<boolean>
  /** How the lock is taken on this machine, or why it cannot be (the doctor says it). */
  readonly mechanism: string
  /** False where no OS lock could be loaded: calls are then ordered within this process only. */
  readonly crossProcess: boolean
}

export class SessionLock extends Context.Tag("pi-agent-browser-effect/SessionLock")<SessionLock, SessionLockShape>() {}
