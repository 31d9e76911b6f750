/**
 * The registration pre-check for agent_browser_web_search, effect-free so the thin entry stays cheap. It answers
 * "certainly not offered" without loading the config schema: no provider key in the environment and no config layer
 * that mentions `webSearch` means `webSearchAvailability` would find no credential. Any other case goes to the exact
 * check (`registerWebSearch`, loaded as its own chunk). The env names mirror search/chooseProvider.ts ENV_FALLBACK
 * (test/unit/lazyEntry.test.ts keeps them equal).
 */
import { readFileSync } from "node:fs"
import { configPaths } from "../config/configPaths.js"

export const PROVIDER_ENV_KEYS = ["EXA_API_KEY", "BRAVE_API_KEY"] as const

const mentionsWebSearch = (path: string): boolean => {
  try {
    return readFileSync(path, "utf8").includes("webSearch")
  } catch {
    return false // an absent layer is normal
  }
}

/** False only when the web search tool certainly has no credential source at registration. */
export const mayOfferWebSearch = (env: Readonly<Record<string, string | undefined>>, cwd: string): boolean =>
  PROVIDER_ENV_KEYS.some((key) => (env[key] ?? "").trim() !== "") ||
  configPaths(env, cwd, false).some(mentionsWebSearch)
