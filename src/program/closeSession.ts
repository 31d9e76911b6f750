/**
 * Best-effort close of a wrapper-managed browser session, re-sending its launch flags so upstream does not relaunch
 * the browser just to close it. Never fails: the result says what happened.
 */
import * as Effect from "effect/Effect"
import type { ManagedSession } from "../schema/SessionState.js"
import { BinaryLocator } from "../services/BinaryLocator.js"
import { ProcessRunner } from "../services/ProcessRunner.js"
import { parseCommandLine, withoutFlags } from "../upstream/commandLine.js"

/** Upper bound for one close: closing a live browser takes 0.1–0.8 s; a wedged one is killed by upstream. */
export const CLOSE_TIMEOUT_MS = 10_000

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
    return { closed: result.exitCode === 0, session: session.name }
  }).pipe(Effect.catchAll((error) => Effect.succeed({ closed: false, session: session.name, error: error._tag })))
