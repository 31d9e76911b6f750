/**
 * The browser pool from configuration (docs/POOLS.md): `PI_AGENT_BROWSER_POOL` / `PI_AGENT_BROWSER_POOL_TOKEN` /
 * `PI_AGENT_BROWSER_POOL_PROVIDER` over the config files' `pool` section. Endpoint and token are credential sources
 * (`$NAME`, `!command`, or the value), resolved only when a browser call first needs them; what a pool turns into
 * for upstream is an environment (never argv, never the session's recorded launch flags, which are persisted).
 */
import type { PoolSettings } from "../domain/Pool.js"
import { type LabeledSource, parseCredentialSource } from "./credentialSource.js"
import type { FileConfig } from "./fileConfig.js"

/** A configured value as a credential source (an environment value is taken literally). */
export const sourceOf = (value: PoolSettings["endpoint"]): LabeledSource => ({
  label: value.label,
  source: value.literal ? { kind: "plain", value: value.raw } : parseCredentialSource(value.raw)
})

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

export const poolSettings = (
  env: Readonly<Record<string, string | undefined>>,
  files: FileConfig
): PoolSettings | undefined => {
  const fromEnv = nonEmpty(env["PI_AGENT_BROWSER_POOL"])
  const endpoint =
    fromEnv !== undefined
      ? { label: "PI_AGENT_BROWSER_POOL", raw: fromEnv, literal: true }
      : nonEmpty(files.pool?.endpoint) !== undefined
        ? { label: "pool.endpoint", raw: files.pool?.endpoint ?? "", literal: false }
        : undefined
  if (endpoint === undefined) return undefined
  const tokenEnv = nonEmpty(env["PI_AGENT_BROWSER_POOL_TOKEN"])
  const token =
    tokenEnv !== undefined
      ? { label: "PI_AGENT_BROWSER_POOL_TOKEN", raw: tokenEnv, literal: true }
      : nonEmpty(files.pool?.token) !== undefined
        ? { label: "pool.token", raw: files.pool?.token ?? "", literal: false }
        : undefined
  const provider = nonEmpty(env["PI_AGENT_BROWSER_POOL_PROVIDER"]) ?? nonEmpty(files.pool?.provider)
  return { endpoint, ...(token !== undefined ? { token } : {}), ...(provider !== undefined ? { provider } : {}) }
}

/** The token variable each upstream provider reads (`-p <name>`); a plain CDP pool takes it in the URL. */
const PROVIDER_KEYS: Readonly<Record<string, { readonly key: string; readonly url?: string }>> = {
  browserless: { key: "BROWSERLESS_API_KEY", url: "BROWSERLESS_API_URL" },
  browserbase: { key: "BROWSERBASE_API_KEY" },
  browseruse: { key: "BROWSER_USE_API_KEY" },
  "browser-use": { key: "BROWSER_USE_API_KEY" },
  kernel: { key: "KERNEL_API_KEY", url: "KERNEL_ENDPOINT" }
}

/** The endpoint without credentials: what messages may name. */
export const publicEndpoint = (endpoint: string): string => {
  try {
    const url = new URL(endpoint)
    url.username = ""
    url.password = ""
    url.search = ""
    return url.toString().replace(/\/$/, "")
  } catch {
    return endpoint.replace(/[?#].*$/, "")
  }
}

/** The environment that makes upstream launch in the pool, and the secrets it carries (for the Redactor). */
export const poolEnv = (
  endpoint: string,
  token: string | undefined,
  provider: string | undefined
): { readonly env: Record<string, string>; readonly secrets: ReadonlyArray<string> } => {
  if (provider !== undefined) {
    const keys = PROVIDER_KEYS[provider]
    const env: Record<string, string> = { AGENT_BROWSER_PROVIDER: provider }
    if (keys?.url !== undefined) env[keys.url] = endpoint
    if (keys !== undefined && token !== undefined) env[keys.key] = token
    return { env, secrets: token !== undefined ? [token] : [] }
  }
  if (token === undefined) return { env: { AGENT_BROWSER_CDP: endpoint }, secrets: [] }
  const url = `${endpoint}${endpoint.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`
  // the token alone is the secret: the Redactor also hides its parts, so the whole URL would take the address with it
  return { env: { AGENT_BROWSER_CDP: url }, secrets: [token] }
}
