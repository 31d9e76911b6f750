/**
 * The files agent-browser 0.41 reads when it starts, before it reads stdin (traced): `--config <file>` alone, else
 * `AGENT_BROWSER_CONFIG`, else `~/.agent-browser/config.json` then `./agent-browser.json`. A process started ahead
 * of its call read them then; a change since means it must not be used (ProcessRunner `startsAhead`). Pure.
 */
import { isAbsolute, join } from "node:path"

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
