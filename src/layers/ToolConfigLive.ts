/** ToolConfigLive: settings from the environment, with the private socket dir created (mode 0700) on first use. */
import { mkdirSync } from "node:fs"
import { homedir, tmpdir, userInfo } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ToolConfig, type ToolConfigShape } from "../services/ToolConfig.js"
import { configPaths, loadFileConfig } from "../config/fileConfig.js"

/** Managed daemons exit after this long without a call: the backstop when pi dies without closing them. */
export const DEFAULT_IDLE_TIMEOUT_MS = 15 * 60_000
/** Default watchdog: upstream's own waits give up at 25 s, so 35 s leaves room for its error to arrive. */
export const DEFAULT_TIMEOUT_MS = 35_000
export const UPSTREAM_DEFAULT_TIMEOUT_CAP_MS = 25_000
/** Spill budget per persisted session: enough for hundreds of dense snapshots, bounded on disk. */
export const DEFAULT_SESSION_ARTIFACT_MAX_BYTES = 32 * 1024 * 1024
export const DEFAULT_MANIFEST_MAX_ENTRIES = 100

const positiveInt = (value: string | undefined, fallback: number): number => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

const uid = (): string => {
  try {
    return String(userInfo().uid)
  } catch {
    return "user"
  }
}

/** Settings from the environment over the global and override config files (project files only give guidance). */
export const configFromEnv = (env: Readonly<Record<string, string | undefined>>): ToolConfigShape => {
  const files = loadFileConfig(configPaths(env, undefined, false), env).config
  return {
  socketDir: env["PI_AGENT_BROWSER_SOCKET_DIR"] ?? join(tmpdir(), `piab-${uid()}`),
  idleTimeoutMs: positiveInt(env["PI_AGENT_BROWSER_IDLE_TIMEOUT_MS"], files.session?.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS),
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  upstreamDefaultTimeoutCapMs: UPSTREAM_DEFAULT_TIMEOUT_CAP_MS,
  artifactRoot: env["PI_AGENT_BROWSER_ARTIFACT_DIR"] ?? join(tmpdir(), `piab-artifacts-${uid()}`),
  sessionArtifactRoot: env["PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR"] ?? join(env["HOME"] ?? homedir(), ".pi", "agent-browser", "artifacts"),
  sessionArtifactMaxBytes: positiveInt(env["PI_AGENT_BROWSER_SESSION_ARTIFACT_MAX_BYTES"], files.artifacts?.maxBytes ?? DEFAULT_SESSION_ARTIFACT_MAX_BYTES),
  manifestMaxEntries: positiveInt(env["PI_AGENT_BROWSER_SESSION_ARTIFACT_MANIFEST_MAX_ENTRIES"], files.artifacts?.manifestMaxEntries ?? DEFAULT_MANIFEST_MAX_ENTRIES),
  env,
  sessionPrefix: "pi"
  }
}

/** A config layer from explicit settings (tests and embedders); the socket dir is created like the live one. */
export const toolConfigLayer = (config: ToolConfigShape) =>
  Layer.effect(
    ToolConfig,
    Effect.sync(() => {
      mkdirSync(config.socketDir, { recursive: true, mode: 0o700 })
      return config
    })
  )

export const ToolConfigLive = Layer.suspend(() => toolConfigLayer(configFromEnv({ ...process.env })))
