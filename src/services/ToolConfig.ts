/**
 * ToolConfig: the settings every other service reads, resolved once from the environment (or given by a test).
 * Holds no mutable state. Defaults, the `Config` and the layers: `layers/ToolConfigLive.ts`.
 */
import * as Context from "effect/Context"
import type { PoolSettings } from "../domain/Pool.js"

export interface ToolConfigShape {
  /** Private, short Unix socket dir for wrapper-spawned daemons (upstream limits socket path length). */
  readonly socketDir: string
  /** Idle timeout for extension-managed daemons: the backstop when pi dies without cleanup. */
  readonly idleTimeoutMs: number
  /** Default per-call watchdog. */
  readonly defaultTimeoutMs: number
  /** Ceiling for a caller-set AGENT_BROWSER_DEFAULT_TIMEOUT, so upstream waits give up before the watchdog. */
  readonly upstreamDefaultTimeoutCapMs: number
  /** Where process-private spill files go (removed on shutdown). */
  readonly artifactRoot: string
  /** Where persisted pi sessions keep their spill files, one directory per session (survives reload/resume). */
  readonly sessionArtifactRoot: string
  /** Byte budget per persisted session's spill directory; the oldest spills are evicted beyond it. */
  readonly sessionArtifactMaxBytes: number
  /** How many recent entries the artifact manifest keeps. */
  readonly manifestMaxEntries: number
  /** The environment child processes inherit (PATH decides which agent-browser runs). */
  readonly env: Readonly<Record<string, string | undefined>>
  /** Prefix of generated managed session names. */
  readonly sessionPrefix: string
  /** Watchdog for `dialog …` (PI_AGENT_BROWSER_DIALOG_PROCESS_TIMEOUT_MS; default 5 s). */
  readonly dialogTimeoutMs: number
  /**
   * Watchdog for commands that look like they open a dialog (PI_AGENT_BROWSER_DIALOG_TRIGGER_PROCESS_TIMEOUT_MS; 8 s).
   */
  readonly dialogTriggerTimeoutMs: number
  /** Upper bound for closing a managed session (PI_AGENT_BROWSER_IMPLICIT_SESSION_CLOSE_TIMEOUT_MS; default 10 s). */
  readonly closeTimeoutMs: number
  /**
   * Why the socket dir cannot be used (set by the live layer when creating it failed): browser calls fail with a
   * validation error naming the folder and the fix; calls that need no daemon still run.
   */
  readonly socketDirProblem?: string
  /** A browser pool every managed session launches in (docs/POOLS.md); unset: a local browser. */
  readonly pool?: PoolSettings
}

export class ToolConfig extends Context.Tag("pi-agent-browser-effect/ToolConfig")<ToolConfig, ToolConfigShape>() {}

/** Supported upstream versions: the 0.41 line the wrapper was built and tested against. */
export const SUPPORTED_RANGE = { major: 0, minor: 41, label: ">=0.41.0 <0.42.0" } as const
