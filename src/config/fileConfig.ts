/**
 * Config files, in layers (configPaths.ts): global `~/.pi/config/pi-agent-browser-native/config.json` (the
 * contract's folder) and `~/.pi/config/pi-agent-browser-effect/config.json`, then the project's same two (only when pi
 * trusts the project), then the file named by `PI_AGENT_BROWSER_CONFIG`. Later layers win key by key; environment
 * variables win over all files. String values may be `$NAME` to read an environment variable, except in `webSearch` and
 * `secrets`, whose values are credential sources (`src/config/credentialSource.ts`) resolved only when used. A file
 * that does not parse is reported, never fatal. The `security` and `secrets` sections are not part of
 * {@link FileConfig}: `config/securityConfig.ts` reads them strictly from the same files, so a malformed one fails the
 * policy (naming file and key) without dropping the rest of its file here.
 */
import { readFileSync } from "node:fs"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { optional } from "../schema/exactOptional.js"

export { CONFIG_DIR, configPaths } from "./configPaths.js"

export const FileConfig = Schema.Struct({
  browser: optional(
    Schema.Struct({
      profile: optional(Schema.String),
      executablePath: optional(Schema.String),
      allowedDomains: optional(Schema.String)
    })
  ),
  session: optional(Schema.Struct({ idleTimeoutMs: optional(Schema.Number.pipe(Schema.int(), Schema.positive())) })),
  artifacts: optional(
    Schema.Struct({
      maxBytes: optional(Schema.Number.pipe(Schema.int(), Schema.positive())),
      manifestMaxEntries: optional(Schema.Number.pipe(Schema.int(), Schema.positive()))
    })
  ),
  /** A browser pool every managed session connects to (docs/POOLS.md); both fields stay credential sources. */
  pool: optional(
    Schema.Struct({
      endpoint: optional(Schema.String),
      token: optional(Schema.String),
      provider: optional(Schema.String)
    })
  ),
  /** The agent_browser_web_search companion; key fields stay credential sources (never resolved at load). */
  webSearch: optional(
    Schema.Struct({
      enabled: optional(Schema.Boolean),
      preferredProvider: optional(Schema.Literal("exa", "brave")),
      exaApiKey: optional(Schema.String),
      braveApiKey: optional(Schema.String)
    })
  )
})
export type FileConfig = typeof FileConfig.Type

export interface LoadedConfig {
  readonly config: FileConfig
  readonly sources: ReadonlyArray<string>
  readonly problems: ReadonlyArray<string>
}

/** Sections whose strings are credential sources, left as written so nothing is resolved or run at load. */
const SOURCE_SECTIONS = new Set(["webSearch", "secrets", "pool"])

const resolveEnvRefs = (node: unknown, env: Readonly<Record<string, string | undefined>>, top = false): unknown => {
  if (top && node !== null && typeof node === "object" && !Array.isArray(node)) {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, SOURCE_SECTIONS.has(k) ? v : resolveEnvRefs(v, env)])
    )
  }
  if (typeof node === "string" && /^\$[A-Z_][A-Z0-9_]*$/.test(node)) return env[node.slice(1)]
  if (Array.isArray(node)) return node.map((n) => resolveEnvRefs(n, env))
  if (node !== null && typeof node === "object")
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveEnvRefs(v, env)]))
  return node
}

const decode = Schema.decodeUnknownEither(FileConfig)

export const loadFileConfig = (
  paths: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>
): LoadedConfig => {
  let merged: Record<string, Record<string, unknown>> = {}
  const sources: Array<string> = []
  const problems: Array<string> = []
  for (const path of paths) {
    let text: string
    try {
      text = readFileSync(path, "utf8")
    } catch {
      continue // an absent layer is normal
    }
    let parsed: unknown
    try {
      parsed = resolveEnvRefs(JSON.parse(text), env, true)
    } catch (error) {
      problems.push(`${path}: not JSON (${(error as Error).message})`)
      continue
    }
    const decoded = decode(parsed)
    if (Either.isLeft(decoded)) {
      problems.push(
        `${path}: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left).split("\n").slice(0, 3).join(" ")}`
      )
      continue
    }
    sources.push(path)
    const next: Record<string, Record<string, unknown>> = { ...merged }
    for (const [section, values] of Object.entries(decoded.right as Record<string, unknown>)) {
      next[section] =
        values !== null && typeof values === "object" && !Array.isArray(values)
          ? { ...(merged[section] ?? {}), ...(values as Record<string, unknown>) }
          : (values as Record<string, unknown>)
    }
    merged = next
  }
  return { config: merged as FileConfig, sources, problems }
}

/** The configured browser defaults as the launch flags they stand for. */
export const browserDefaultFlags = (config: FileConfig): ReadonlyArray<string> => [
  ...(config.browser?.profile !== undefined ? ["--profile", config.browser.profile] : []),
  ...(config.browser?.executablePath !== undefined ? ["--executable-path", config.browser.executablePath] : []),
  ...(config.browser?.allowedDomains !== undefined ? ["--allowed-domains", config.browser.allowedDomains] : [])
]
