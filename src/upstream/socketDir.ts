/**
 * Where upstream's daemons keep their sockets, pid files and the session lock files: the one home of that rule. A
 * caller's own `AGENT_BROWSER_SOCKET_DIR` (in the call's environment or the tool's) wins; otherwise the wrapper's
 * private folder (`ToolConfig.socketDir`), which each wrapper-run process is told about through its environment.
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
