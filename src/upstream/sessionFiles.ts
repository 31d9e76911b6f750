/**
 * Upstream's socket dir and its per-session files (`<session>.pid`, `.target`, `.sock`, …), with the wrapper's own
 * `.piab-owner` beside them: where the folder is (the one home of that rule), the files' names and how their text
 * reads. Pure; the one reader is `layers/socketFiles/sessionFiles.ts`.
 */

import { isAbsolute, join } from "node:path"

/**
 * Where upstream's daemons keep their sockets, pid files and the session lock files. A caller's own
 * `AGENT_BROWSER_SOCKET_DIR` (in the call's environment or the tool's) wins; otherwise the wrapper's private folder
 * (`ToolConfig.socketDir`), which each wrapper-run process is told about through its environment.
 */
type Env = Readonly<Record<string, string | undefined>>

export const SOCKET_DIR_VARIABLE = "AGENT_BROWSER_SOCKET_DIR"

/** The socket folder of a call (its child environment first) or of the tool's own sessions. */
export const socketDirOf = (config: { readonly env: Env; readonly socketDir: string }, callEnv: Env = {}): string =>
  callEnv[SOCKET_DIR_VARIABLE] ?? config.env[SOCKET_DIR_VARIABLE] ?? config.socketDir

/**
 * What a wrapper-run process's environment adds so upstream uses the private folder (nothing when the caller set one).
 */
export const socketDirEnv = (config: { readonly env: Env; readonly socketDir: string }): Record<string, string> =>
  config.env[SOCKET_DIR_VARIABLE] === undefined ? { [SOCKET_DIR_VARIABLE]: config.socketDir } : {}

/** Every file a session leaves in the socket dir (`.target` survives upstream's own close). */
export const SESSION_FILE_EXTENSIONS = [
  "sock",
  "pid",
  "version",
  "engine",
  "config",
  "stream",
  "target",
  "port",
  "piab-owner"
] as const

export type SessionFileExtension = (typeof SESSION_FILE_EXTENSIONS)[number]

/** The wrapper's record of the process that owns a session (written beside upstream's files). */
export const OWNER_SUFFIX = ".piab-owner"

export const sessionFilePath = (socketDir: string, session: string, extension: SessionFileExtension): string =>
  join(socketDir, `${session}.${extension}`)

/** A `.pid` file's daemon pid: a positive integer, else undefined. */
export const parseDaemonPid = (text: string | undefined): number | undefined => {
  const pid = Number((text ?? "").trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** The daemon's active tab as of its last command (`.target`): its URL as written, and a non-empty target id. */
export interface DaemonTarget {
  readonly url?: string
  readonly targetId?: string
}

export const parseDaemonTarget = (text: string | undefined): DaemonTarget => {
  try {
    const target = JSON.parse(text ?? "null") as { url?: unknown; targetId?: unknown } | null
    return {
      ...(typeof target?.url === "string" ? { url: target.url } : {}),
      ...(typeof target?.targetId === "string" && target.targetId !== "" ? { targetId: target.targetId } : {})
    }
  } catch {
    return {}
  }
}

/**
 * The files agent-browser 0.41 reads when it starts, before it reads stdin (traced): `--config <file>` alone, else
 * `AGENT_BROWSER_CONFIG`, else `~/.agent-browser/config.json` then `./agent-browser.json`. A process started ahead
 * of its call read them then; a change since means it must not be used (ProcessRunner `startsAhead`). Pure.
 */
/** `env`: the child's environment, looked up by name (no copy of the whole environment per call). */
export const startupFiles = (
  args: ReadonlyArray<string>,
  env: (name: string) => string | undefined,
  cwd: string,
  home: string
): ReadonlyArray<string> => {
  const at = args.indexOf("--config")
  const named =
    at >= 0
      ? args[at + 1]
      : (args.find((a) => a.startsWith("--config="))?.slice("--config=".length) ?? env("AGENT_BROWSER_CONFIG"))
  if (named !== undefined && named !== "") return [isAbsolute(named) ? named : join(cwd, named)]
  return [join(home, ".agent-browser", "config.json"), join(cwd, "agent-browser.json")]
}
