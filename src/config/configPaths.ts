/**
 * Where the config layers live (see fileConfig.ts). Effect-free: the thin pi entry reads it at registration.
 *
 * Two folder names are read in each place: the contract's `pi-agent-browser-native` and this package's own
 * `pi-agent-browser-effect`. Later layers win key by key: global contract folder, global own folder, then (trusted
 * project only) the project's contract folder and own folder, then `PI_AGENT_BROWSER_CONFIG`. So in one place the
 * package's own file overrides the contract's, and a project overrides the user's global files.
 */
import { homedir } from "node:os"
import { join } from "node:path"

/** This package's own folder (written by its docs and doctor). */
export const CONFIG_DIR = join(".pi", "config", "pi-agent-browser-effect")
/** The folder the tool contract names, read first in each place. */
export const CONTRACT_CONFIG_DIR = join(".pi", "config", "pi-agent-browser-native")

const inEach = (root: string): ReadonlyArray<string> => [
  join(root, CONTRACT_CONFIG_DIR, "config.json"),
  join(root, CONFIG_DIR, "config.json")
]

export const configPaths = (
  env: Readonly<Record<string, string | undefined>>,
  cwd: string | undefined,
  projectTrusted: boolean
): ReadonlyArray<string> => [
  ...inEach(env["HOME"] ?? homedir()),
  ...(cwd !== undefined && projectTrusted ? inEach(cwd) : []),
  ...(env["PI_AGENT_BROWSER_CONFIG"] !== undefined && env["PI_AGENT_BROWSER_CONFIG"] !== ""
    ? [env["PI_AGENT_BROWSER_CONFIG"]]
    : [])
]
