/**
 * Closes a wrapper-managed browser session, re-sending its launch flags so upstream does not relaunch the browser
 * just to close it, and waits (bounded) until its daemon has gone. Then whatever upstream left (a daemon that did not
 * answer, the Chromium of a crashed daemon, profile and singleton folders, the `.target` file) is ended by recorded
 * process ids, so a close works without the binary too. Fails with CleanupFailed only when something of the session
 * is still running afterwards; callers decide whether that fails their call (a replaced browser) or is reported (quit).
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import type { ManagedSession } from "../../domain/SessionState.js"
import { CleanupFailed } from "../../schema/ToolError.js"
import { DaemonProbe } from "../../services/DaemonProbe.js"
import { PermissionGrants } from "../../services/PermissionGrants.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { parseCommandLine, withoutFlags } from "../../upstream/commandLine.js"
import { poolCloseEnv } from "./poolLaunch.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"

/** How long a closed daemon gets to remove its files before the wrapper reports it closed anyway (20 × 100 ms). */
const CLOSE_SETTLE_POLLS = 20
const CLOSE_SETTLE_POLL_MS = 100

export const closeManagedSession = (session: ManagedSession, env: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const config = yield* ToolConfig
    // the permissions granted to its pages end with the connection that holds them
    yield* (yield* PermissionGrants).release(session.name)
    const launch = withoutFlags(
      parseCommandLine(session.launchFlags),
      new Set(["--state", "--session-name", "--restore"])
    )
    // a session launched in the pool closes there (without its environment, upstream would launch a local browser to
    // close)
    const ownChoice = session.launchFlags.some((t) =>
      ["--cdp", "-p", "--provider", "--auto-connect", "--executable-path"].includes(t.split("=")[0] ?? "")
    )
    const closeEnv = ownChoice ? env : { ...(yield* poolCloseEnv), ...env }
    const socketDir = socketDirOf(config, env)
    const probe = yield* DaemonProbe
    // no daemon runs for it (its launch failed and was ended): upstream's `close` would start one just to close it,
    // and in a pool that one would queue for a browser; what the session left is reaped below
    if ((yield* probe.observe(socketDir, session.name)).pid === undefined) {
      yield* (yield* BrowserProcesses).reap(socketDir, session.name)
      return { closed: true as const, session: session.name }
    }
    const closed = yield* Effect.either(
      commands.run(
        { prefix: ["--json", "--session", session.name, ...launch], env: closeEnv, cwd: undefined, kind: "browser" },
        ["close"],
        { timeoutMs: config.closeTimeoutMs }
      )
    )
    // upstream answers before its daemon has finished exiting: wait (bounded) until its pid file is gone
    if (Either.isRight(closed)) {
      for (let i = 0; i < CLOSE_SETTLE_POLLS; i++) {
        if ((yield* probe.observe(socketDir, session.name)).pid === undefined) break
        yield* Effect.sleep(CLOSE_SETTLE_POLL_MS)
      }
    }
    // what upstream left (or everything, when it could not run) ends by recorded ids
    yield* (yield* BrowserProcesses).reap(socketDir, session.name)
    // a daemon whose browser never started answers `close` with its launch error and was never tracked: end it by
    // the pid it wrote
    if (Either.isLeft(closed)) {
      yield* Effect.logDebug(
        `close of ${session.name} failed; ending what it left by recorded ids`,
        Cause.fail(closed.left)
      )
      yield* probe.end(socketDir, session.name)
    }
    if (Either.isLeft(closed) && (yield* probe.observe(socketDir, session.name)).pid !== undefined) {
      const error = closed.left
      return yield* new CleanupFailed({
        resource: `browser session ${session.name}`,
        detail: error.message || error._tag
      })
    }
    return { closed: true as const, session: session.name }
  })

/** For quit and branch moves: a close that failed is reported in the result list (and logged), never thrown. */
export const closeReporting = (session: ManagedSession, env: Readonly<Record<string, string>>) =>
  closeManagedSession(session, env).pipe(
    Effect.catchTag("CleanupFailed", (error) =>
      Effect.as(
        Effect.logWarning(`browser session ${session.name} is still running after its close`, Cause.fail(error)),
        { closed: false as const, session: session.name, error: error.message }
      )
    )
  )
