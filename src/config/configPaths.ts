/** Where the config layers live (see fileConfig.ts). Effect-free: the thin pi entry reads it at registration. */
import { homedir } from "node:os"
import { join } from "node:path"

export const CONFIG_DIR = join(".pi", "config", "pi-agent-browser-effect")

export const configPaths = (env: Readonly<Record<string, string | undefined>>, cwd: string | undefined, projectTrusted: boolean): ReadonlyArray<string> => [
  join(env["HOME"] ?? homedir(), CONFIG_DIR, "config.json"),
  ...(cwd !== undefined && projectTrusted ? [join(cwd, CONFIG_DIR, "config.json")] : []),
  ...(env["PI_AGENT_BROWSER_CONFIG"] !== undefined && env["PI_AGENT_BROWSER_CONFIG"] !== "" ? [env["PI_AGENT_BROWSER_CONFIG"]] : [])
]
