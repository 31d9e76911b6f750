/**
 * Best-effort close of a wrapper-managed browser session, re-sending its launch flags so upstream does not relaunch
 * the browser just to close it. Never fails: the result says what happened.
 */
import * as Effect from "effect/Effect"
import type { ManagedSession } from "../../schema/SessionState.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { DaemonProbe } from "../../services/DaemonProbe.js"
import { parseCommandLine, withoutFlags } from "../../upstream/commandLine.js"

/** Upper bound for one close: closing a live browser takes 0.1–0.8 s; a wedged one is killed by upstream. */
export const CLOSE_TIMEOUT_MS = 10_000
/** How long a closed daemon gets to remove its files before the wrapper reports it closed anyway (20 × 100 ms). */
const CLOSE_SETTLE_POLLS = 20
const CLOSE_SETTLE_POLL_MS = 100

export const closeManagedSession = (session: ManagedSession, env: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const locator = yield* BinaryLocator
    const runner = yield* ProcessRunner
    const binary = yield* locator.resolve
    const launch = withoutFlags(parseCommandLine(session.launchFlags), new Set(["--state", "--session-name", "--restore"]))
    const result = yield* runner.run({
      binary: binary.path,
      args: ["--json", "--session", session.name, ...launch, "close"],
      env,
      timeoutMs: CLOSE_TIMEOUT_MS
    })
    // upstream answers before its daemon has finished exiting: wait (bounded) until its pid file is gone
    const socketDir = env["AGENT_BROWSER_SOCKET_DIR"]
    if (result.exitCode === 0 && socketDir !== undefined) {
      const probe = yield* DaemonProbe
      for (let i = 0; i < CLOSE_SETTLE_POLLS; i++) {
        if ((yield* probe.observe(socketDir, session.name)).pid === undefined) break
        yield* Effect.sleep(CLOSE_SETTLE_POLL_MS)
      }
    }
    return { closed: result.exitCode === 0, session: session.name }
  }).pipe(Effect.catchAll((error) => Effect.succeed({ closed: false, session: session.name, error: error._tag })))
