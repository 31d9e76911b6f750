/** ToolConfigLive: settings from the environment, with the private socket dir created (mode 0700) on first use. */
import { mkdirSync } from "node:fs"
import { homedir, tmpdir, userInfo } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ToolConfig, type ToolConfigShape } from "../services/ToolConfig.js"
import { configPaths, loadFileConfig } from "../config/fileConfig.js"
import { poolSettings } from "../config/poolConfig.js"
import { DEFAULT_CLOSE_TIMEOUT_MS, DEFAULT_DIALOG_TIMEOUT_MS, DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS } from "../upstream/timeoutPolicy.js"
import { folderProblem } from "../upstream/folderProblem.js"

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
  const pool = poolSettings(env, files)
  return {
  ...(pool !== undefined ? { pool } : {}),
  socketDir: env["PI_AGENT_BROWSER_SOCKET_DIR"] ?? join(tmpdir(), `piab-${uid()}`),
  idleTimeoutMs: positiveInt(env["PI_AGENT_BROWSER_IDLE_TIMEOUT_MS"], files.session?.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS),
  defaultTimeoutMs: positiveInt(env["PI_AGENT_BROWSER_PROCESS_TIMEOUT_MS"], DEFAULT_TIMEOUT_MS),
  dialogTimeoutMs: positiveInt(env["PI_AGENT_BROWSER_DIALOG_PROCESS_TIMEOUT_MS"], DEFAULT_DIALOG_TIMEOUT_MS),
  dialogTriggerTimeoutMs: positiveInt(env["PI_AGENT_BROWSER_DIALOG_TRIGGER_PROCESS_TIMEOUT_MS"], DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS),
  closeTimeoutMs: positiveInt(env["PI_AGENT_BROWSER_IMPLICIT_SESSION_CLOSE_TIMEOUT_MS"], DEFAULT_CLOSE_TIMEOUT_MS),
  upstreamDefaultTimeoutCapMs: UPSTREAM_DEFAULT_TIMEOUT_CAP_MS,
  artifactRoot: env["PI_AGENT_BROWSER_ARTIFACT_DIR"] ?? join(tmpdir(), `piab-artifacts-${uid()}`),
  sessionArtifactRoot: env["PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR"] ?? join(env["HOME"] ?? homedir(), ".pi", "agent-browser", "artifacts"),
  sessionArtifactMaxBytes: positiveInt(env["PI_AGENT_BROWSER_SESSION_ARTIFACT_MAX_BYTES"], files.artifacts?.maxBytes ?? DEFAULT_SESSION_ARTIFACT_MAX_BYTES),
  manifestMaxEntries: positiveInt(env["PI_AGENT_BROWSER_SESSION_ARTIFACT_MANIFEST_MAX_ENTRIES"], files.artifacts?.manifestMaxEntries ?? DEFAULT_MANIFEST_MAX_ENTRIES),
  env,
  sessionPrefix: "pi"
  }
}

/**
 * A config layer from explicit settings (tests and embedders); the socket dir is created like the live one. A dir
 * that cannot be created does not fail the layer: browser calls answer with what is wrong instead.
 */
export const toolConfigLayer = (config: ToolConfigShape) =>
  Layer.effect(
    ToolConfig,
    Effect.sync(() => {
      try {
        mkdirSync(config.socketDir, { recursive: true, mode: 0o700 })
        return config
      } catch (error) {
        const variable = config.env["PI_AGENT_BROWSER_SOCKET_DIR"] !== undefined ? "PI_AGENT_BROWSER_SOCKET_DIR" : "TMPDIR"
        return { ...config, socketDirProblem: folderProblem(config.socketDir, error, variable) }
      }
    })
  )

export const ToolConfigLive = Layer.suspend(() => toolConfigLayer(configFromEnv({ ...process.env })))
