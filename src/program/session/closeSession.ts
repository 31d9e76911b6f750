/**
 * Closes a wrapper-managed browser session, re-sending its launch flags so upstream does not relaunch the browser
 * just to close it, and waits (bounded) until its daemon has gone. Fails with CleanupFailed when upstream could not
 * close it; callers decide whether that fails their call (a replaced browser) or is reported (quit).
 */
import * as Effect from "effect/Effect"
import type { ManagedSession } from "../../schema/SessionState.js"
import { CleanupFailed } from "../../schema/ToolError.js"
import { DaemonProbe } from "../../services/DaemonProbe.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { parseCommandLine, withoutFlags } from "../../upstream/commandLine.js"

/** Upper bound for one close: closing a live browser takes 0.1–0.8 s; a wedged one is killed by upstream. */
export const CLOSE_TIMEOUT_MS = 10_000
/** How long a closed daemon gets to remove its files before the wrapper reports it closed anyway (20 × 100 ms). */
const CLOSE_SETTLE_POLLS = 20
const CLOSE_SETTLE_POLL_MS = 100

export const closeManagedSession = (session: ManagedSession, env: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const commands = yield* SessionCommands
    const launch = withoutFlags(parseCommandLine(session.launchFlags), new Set(["--state", "--session-name", "--restore"]))
    const socketDir = env["AGENT_BROWSER_SOCKET_DIR"]
    const probe = yield* DaemonProbe
    yield* commands.run({ prefix: ["--json", "--session", session.name, ...launch], env, cwd: undefined, kind: "browser" }, ["close"], { timeoutMs: CLOSE_TIMEOUT_MS }).pipe(
      // a daemon whose browser cannot start answers `close` with its launch error: end it by its pid instead
      Effect.catchAll((error) =>
        Effect.flatMap(socketDir === undefined ? Effect.succeed("not-running" as const) : probe.end(socketDir, session.name), (ended) =>
          ended === "ended" ? Effect.void : Effect.fail(new CleanupFailed({ resource: `browser session ${session.name}`, message: error.message || error._tag }))))
    )
    // upstream answers before its daemon has finished exiting: wait (bounded) until its pid file is gone
    if (socketDir !== undefined) {
      for (let i = 0; i < CLOSE_SETTLE_POLLS; i++) {
        if ((yield* probe.observe(socketDir, session.name)).pid === undefined) break
        yield* Effect.sleep(CLOSE_SETTLE_POLL_MS)
      }
    }
    return { closed: true as const, session: session.name }
  })

/** For quit and branch moves: a close that failed is reported in the result list, never thrown. */
export const closeReporting = (session: ManagedSession, env: Readonly<Record<string, string>>) =>
  closeManagedSession(session, env).pipe(
    Effect.catchTag("CleanupFailed", (error) => Effect.succeed({ closed: false as const, session: session.name, error: error.message }))
  )
