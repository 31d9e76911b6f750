/**
 * DaemonProbe: what an upstream session's daemon says about itself in its socket directory, read without spawning a
 * process: its pid (`<session>.pid`; a new pid means a new daemon, whose refs restart at e1) and the active tab's URL
 * as of its last command (`<session>.target`). Stateless; missing files read as unknown.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

export interface DaemonObservation {
  readonly pid: string | undefined
  readonly url: string | undefined
  /** The CDP target id of the daemon's active tab (`<session>.target`). */
  readonly targetId?: string
}

export interface DaemonProbeShape {
  readonly observe: (socketDir: string, session: string) => Effect.Effect<DaemonObservation>
  /**
   * Ends the daemon named in `<session>.pid` by its pid (SIGTERM, then SIGKILL after a grace period), only when that
   * pid is a live agent-browser process. For daemons no `close` can reach: one whose browser never came up answers
   * every command, `close` included, with its launch error while any launch flag or variable is set. `unchecked`:
   * the process table could not be read, so nothing was signalled (logged with the cause).
   */
  readonly end: (socketDir: string, session: string) => Effect.Effect<"ended" | "not-running" | "unchecked">
}

export class DaemonProbe extends Context.Tag("pi-agent-browser-effect/DaemonProbe")<DaemonProbe, DaemonProbeShape>() {}
