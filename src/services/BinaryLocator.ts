/**
 * BinaryLocator: finds the agent-browser executable on PATH, preferring the platform-native binary behind the npm
 * Node launcher (the launcher costs ~85 ms a call), and checks its version once per process.
 * State: the resolved binary, cached after the first success (a failure is retried next call, so installing
 * agent-browser mid-session works). Raises MissingBinary.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { MissingBinary } from "../schema/ToolError.js"

export interface ResolvedBinary {
  /** What gets spawned. */
  readonly path: string
  /** The `agent-browser` entry found on PATH. */
  readonly foundOnPath: string
  /** True when no native binary sat behind the launcher and the Node launcher itself is spawned. */
  readonly viaLauncher: boolean
  readonly version: string
}

export interface BinaryLocatorShape {
  readonly resolve: Effect.Effect<ResolvedBinary, MissingBinary>
}

export class BinaryLocator extends Context.Tag("pi-agent-browser-effect/BinaryLocator")<
  BinaryLocator,
  BinaryLocatorShape
>() {}
