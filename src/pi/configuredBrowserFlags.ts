/**
 * W6: browser defaults from the config files (profile, executable path), named in the prompt guidance (playbook.ts
 * `launchGuideline`) before the first launch, so the model can pass them on the session's first call instead of
 * learning of them after a launch without them. Only when configured (nothing is added otherwise). Effect-free for the
 * thin entry: the global layers and `PI_AGENT_BROWSER_CONFIG` are read with JSON.parse (project trust is not known at
 * registration; the first launch itself adds every layer's defaults, a trusted project's included:
 * program/lifecycle/browserDefaults.ts).
 */
import { readFileSync } from "node:fs"
import { configPaths } from "../config/configPaths.js"

const valueOf = (raw: unknown, env: Readonly<Record<string, string | undefined>>): string | undefined => {
  if (typeof raw !== "string" || raw.trim() === "") return undefined
  if (!raw.startsWith("$")) return raw
  const resolved = env[raw.slice(1)]
  return resolved !== undefined && resolved.trim() !== "" ? resolved : undefined
}

/** The launch flags the global config layers set (later layers win), e.g. `["--profile", "Work"]`. */
export const configuredBrowserFlags = (
  env: Readonly<Record<string, string | undefined>>,
  cwd: string
): ReadonlyArray<string> => {
  let profile: string | undefined
  let executable: string | undefined
  for (const path of configPaths(env, cwd, false)) {
    let browser: Record<string, unknown> | undefined
    try {
      const parsed = JSON.parse(readFileSync(path, "utf8")) as { browser?: unknown }
      browser =
        parsed.browser !== null && typeof parsed.browser === "object"
          ? (parsed.browser as Record<string, unknown>)
          : undefined
    } catch {
      continue // an absent or broken layer: the doctor reports broken ones
    }
    profile = valueOf(browser?.["profile"], env) ?? profile
    executable = valueOf(browser?.["executablePath"], env) ?? executable
  }
  return [
    ...(profile !== undefined ? ["--profile", profile] : []),
    ...(executable !== undefined ? ["--executable-path", executable] : [])
  ]
}
