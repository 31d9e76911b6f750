/**
 * ToolConfig's layers, in the shape of `@effect/cluster`'s ShardingConfig: `toolConfigDefaults` (every setting's
 * default), `toolConfig` (an Effect `Config` over them: each setting's variable, with the default kept when the
 * variable is unset or not a positive integer), `toolConfigLayer(partial)` (defaults plus explicit settings: tests and
 * embedders) and `ToolConfigLive` (the environment over the global and override config files). Each layer creates the
 * private socket dir (mode 0700) when it is built.
 */
import { mkdirSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ToolConfig, type ToolConfigShape } from "../services/ToolConfig.js"
import { configPaths, loadFileConfig } from "../config/fileConfig.js"
import { type MachineFolders, thisMachineFolders } from "../config/machineFolders.js"
import { poolSettings } from "../config/poolConfig.js"
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_DIALOG_TIMEOUT_MS,
  DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS
} from "../upstream/timeoutPolicy.js"
import { folderProblem } from "../upstream/folderProblem.js"

/** Managed daemons exit after this long without a call: the backstop when pi dies without closing them. */
export const DEFAULT_IDLE_TIMEOUT_MS = 15 * 60_000
/** Default watchdog: upstream's own waits give up at 25 s, so 35 s leaves room for its error to arrive. */
export const DEFAULT_TIMEOUT_MS = 35_000
export const UPSTREAM_DEFAULT_TIMEOUT_CAP_MS = 25_000
/** Spill budget per persisted session: enough for hundreds of dense snapshots, bounded on disk. */
export const DEFAULT_SESSION_ARTIFACT_MAX_BYTES = 32 * 1024 * 1024
export const DEFAULT_MANIFEST_MAX_ENTRIES = 100

type Env = Readonly<Record<string, string | undefined>>

/** Every setting's default; `env` is what child processes inherit (and where HOME is read). */
export const toolConfigDefaults = (
  env: Env = { ...process.env },
  folders: MachineFolders = thisMachineFolders()
): ToolConfigShape => ({
  socketDir: folders.socketDir,
  idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  dialogTimeoutMs: DEFAULT_DIALOG_TIMEOUT_MS,
  dialogTriggerTimeoutMs: DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS,
  closeTimeoutMs: DEFAULT_CLOSE_TIMEOUT_MS,
  upstreamDefaultTimeoutCapMs: UPSTREAM_DEFAULT_TIMEOUT_CAP_MS,
  artifactRoot: folders.artifactRoot,
  sessionArtifactRoot: join(env["HOME"] ?? homedir(), ".pi", "agent-browser", "artifacts"),
  sessionArtifactMaxBytes: DEFAULT_SESSION_ARTIFACT_MAX_BYTES,
  manifestMaxEntries: DEFAULT_MANIFEST_MAX_ENTRIES,
  env,
  sessionPrefix: "pi"
})

/** A positive integer setting: unset, empty or anything else (`abc`, `1.5`, `0`) keeps the default. */
const positiveInt = (name: string, fallback: number, description: string): Config.Config<number> =>
  Config.string(name).pipe(
    Config.map(Number),
    Config.validate({ message: "a positive integer", validation: (n) => Number.isInteger(n) && n > 0 }),
    Config.orElse(() => Config.succeed(fallback)),
    Config.withDescription(description)
  )

const folder = (name: string, fallback: string, description: string): Config.Config<string> =>
  Config.string(name).pipe(Config.withDefault(fallback), Config.withDescription(description))

/** The settings a user can set, each from its variable, over `defaults` (files and built-in values). Never fails. */
export const toolConfig = (defaults: ToolConfigShape): Config.Config<ToolConfigShape> =>
  Config.all({
    socketDir: folder(
      "PI_AGENT_BROWSER_SOCKET_DIR",
      defaults.socketDir,
      "Private socket dir for wrapper-spawned daemons."
    ),
    idleTimeoutMs: positiveInt(
      "PI_AGENT_BROWSER_IDLE_TIMEOUT_MS",
      defaults.idleTimeoutMs,
      "Idle timeout of managed daemons."
    ),
    defaultTimeoutMs: positiveInt(
      "PI_AGENT_BROWSER_PROCESS_TIMEOUT_MS",
      defaults.defaultTimeoutMs,
      "Per-call watchdog."
    ),
    dialogTimeoutMs: positiveInt(
      "PI_AGENT_BROWSER_DIALOG_PROCESS_TIMEOUT_MS",
      defaults.dialogTimeoutMs,
      "Watchdog for `dialog …`."
    ),
    dialogTriggerTimeoutMs: positiveInt(
      "PI_AGENT_BROWSER_DIALOG_TRIGGER_PROCESS_TIMEOUT_MS",
      defaults.dialogTriggerTimeoutMs,
      "Watchdog for commands that may open a dialog."
    ),
    closeTimeoutMs: positiveInt(
      "PI_AGENT_BROWSER_IMPLICIT_SESSION_CLOSE_TIMEOUT_MS",
      defaults.closeTimeoutMs,
      "Upper bound for closing a managed session."
    ),
    artifactRoot: folder("PI_AGENT_BROWSER_ARTIFACT_DIR", defaults.artifactRoot, "Process-private spill files."),
    sessionArtifactRoot: folder(
      "PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR",
      defaults.sessionArtifactRoot,
      "Spill files of persisted pi sessions."
    ),
    sessionArtifactMaxBytes: positiveInt(
      "PI_AGENT_BROWSER_SESSION_ARTIFACT_MAX_BYTES",
      defaults.sessionArtifactMaxBytes,
      "Byte budget per persisted session."
    ),
    manifestMaxEntries: positiveInt(
      "PI_AGENT_BROWSER_SESSION_ARTIFACT_MANIFEST_MAX_ENTRIES",
      defaults.manifestMaxEntries,
      "Entries the artifact manifest keeps."
    )
  }).pipe(Config.map((settings) => ({ ...defaults, ...settings })))

/**
 * The defaults `env` selects: built-in values under the global and override config files (project files only guide),
 * and the browser pool (`poolSettings`: its variables and the files' `pool` section, kept as credential sources).
 */
const fileDefaults = (env: Env): ToolConfigShape => {
  const files = loadFileConfig(configPaths(env, undefined, false), env).config
  const defaults = toolConfigDefaults(env)
  const pool = poolSettings(env, files)
  return {
    ...defaults,
    ...(pool !== undefined ? { pool } : {}),
    idleTimeoutMs: files.session?.idleTimeoutMs ?? defaults.idleTimeoutMs,
    sessionArtifactMaxBytes: files.artifacts?.maxBytes ?? defaults.sessionArtifactMaxBytes,
    manifestMaxEntries: files.artifacts?.manifestMaxEntries ?? defaults.manifestMaxEntries
  }
}

/** The settings from `env`'s config files and the current ConfigProvider (the environment unless replaced). */
const fromEnv = (env: Env): Effect.Effect<ToolConfigShape> => Effect.orDie(toolConfig(fileDefaults(env)))

/** `toolConfig` read from `env` alone (its files and its variables), as ToolConfigLive reads `process.env`. */
export const configFromEnv = (env: Env): ToolConfigShape => {
  const variables = new Map(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  return Effect.runSync(Effect.withConfigProvider(fromEnv(env), ConfigProvider.fromMap(variables)))
}

/**
 * The socket dir is created now; one that cannot be created leaves the layer up and browser calls say what is wrong.
 */
const withSocketDir = (config: ToolConfigShape): ToolConfigShape => {
  try {
    mkdirSync(config.socketDir, { recursive: true, mode: 0o700 })
    return config
  } catch (error) {
    const variable = config.env["PI_AGENT_BROWSER_SOCKET_DIR"] !== undefined ? "PI_AGENT_BROWSER_SOCKET_DIR" : "TMPDIR"
    return { ...config, socketDirProblem: folderProblem(config.socketDir, error, variable) }
  }
}

/** Defaults plus explicit settings (tests and embedders): `toolConfigLayer({ socketDir, env })`. */
export const toolConfigLayer = (settings: Partial<ToolConfigShape> = {}): Layer.Layer<ToolConfig> =>
  Layer.sync(ToolConfig, () => withSocketDir({ ...toolConfigDefaults(settings.env), ...settings }))

/**
 * The environment over the config files, read when the layer is built: settings through the current ConfigProvider
 * (`process.env` by default; `Layer.setConfigProvider` replaces it), files and child environment from `process.env`.
 */
export const ToolConfigLive: Layer.Layer<ToolConfig> = Layer.effect(
  ToolConfig,
  Effect.map(
    Effect.suspend(() => fromEnv({ ...process.env })),
    withSocketDir
  )
)
