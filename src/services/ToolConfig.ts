/**
 * ToolConfig: the settings every other service reads, resolved once from the environment (or given by a test).
 * Holds no mutable state.
 */
import * as Context from "effect/Context"

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
}

export class ToolConfig extends Context.Tag("agent-browser/ToolConfig")<ToolConfig, ToolConfigShape>() {}

/** Supported upstream versions: the 0.41 line the wrapper was built and tested against. */
export const SUPPORTED_RANGE = { major: 0, minor: 41, label: ">=0.41.0 <0.42.0" } as const
