/**
 * The page's own state, read outside the tool: the raw agent-browser binary, run with `--json` on the tool's session.
 * Tests judge the tool's text against what the page holds, not against the tool's own reads.
 */
import type { LiveEnv } from "./liveEnv.js"

/** The `data` of the raw binary's `--json` answer to `args` on `session`. */
export const rawData = <A = Record<string, unknown>>(world: LiveEnv, session: string, args: ReadonlyArray<string>): A =>
  (JSON.parse(world.raw(["--json", "--session", session, ...args])) as { data: A }).data

/** What `script` evaluates to in the session's page, evaluated by the raw binary. */
export const rawEval = (world: LiveEnv, session: string, script: string): unknown =>
  rawData<{ result: unknown }>(world, session, ["eval", script]).result
