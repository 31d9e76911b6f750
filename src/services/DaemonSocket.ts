/**
 * DaemonSocket: one command to an upstream session's daemon over its own unix socket (`<socketdir>/<session>.sock`),
 * the way upstream's CLI sends it (cli/src/connection.rs `send_command_once`): one line of JSON written, one line of
 * JSON read back. For the daemon commands the CLI has no flags for (a route's response shape); the reply is read by
 * the one classifier like any envelope. Holds no state.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { TimedOut, UpstreamFailed } from "../schema/ToolError.js"

export interface DaemonSocketShape {
  /**
   * Sends `command` to the socket at `socketPath` and answers the first line the daemon writes back. A socket that
   * is not there or refuses the connection fails as `UpstreamFailed` (nothing was sent); no line within `timeoutMs`
   * fails as `TimedOut` (`no-answer`, the command may have run).
   */
  readonly send: (
    socketPath: string,
    command: Readonly<Record<string, unknown>>,
    timeoutMs: number
  ) => Effect.Effect<string, TimedOut | UpstreamFailed>
}

export class DaemonSocket extends Context.Tag("pi-agent-browser-effect/DaemonSocket")<
  DaemonSocket,
  DaemonSocketShape
>() {}
