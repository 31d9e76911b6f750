/**
 * BrowserPool: the configured browser pool (docs/POOLS.md), resolved once per process on first use: the environment
 * that makes upstream launch each managed session's browser in the pool (a CDP endpoint with its token, or a provider
 * with its key), and the endpoint as messages may name it. The token is learned by the Redactor as it is resolved, so
 * an upstream error that quotes the endpoint never shows it. No pool configured: `launch` is undefined.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { InvalidInput } from "../schema/ToolError.js"

export interface PoolLaunch {
  /** Variables for the managed session's upstream processes (never argv, never persisted). */
  readonly env: Readonly<Record<string, string>>
  /** The endpoint without its credentials. */
  readonly endpoint: string
  readonly provider?: string
  /** Where it was configured (`PI_AGENT_BROWSER_POOL`, `pool.endpoint`). */
  readonly configuredBy: string
}

export interface BrowserPoolShape {
  /** The pool's launch environment (a `!command` token runs once); a source that yields nothing is InvalidInput. */
  readonly launch: Effect.Effect<PoolLaunch | undefined, InvalidInput>
}

export class BrowserPool extends Context.Tag("pi-agent-browser-effect/BrowserPool")<BrowserPool, BrowserPoolShape>() {}
