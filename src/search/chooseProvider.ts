/**
 * Which providers have a credential source, whether the tool is offered, and which provider a call uses. Pure and
 * command-free: a `!command` source counts as configured without running it.
 */
import * as Either from "effect/Either"
import { isConfigured, type LabeledSource, parseCredentialSource } from "../config/credentialSource.js"
import type { FileConfig } from "../config/fileConfig.js"
import type { SearchProvider } from "../schema/WebSearchContract.js"
import { NoSearchCredential } from "./searchErrors.js"

type Env = Readonly<Record<string, string | undefined>>
export type WebSearchConfig = NonNullable<FileConfig["webSearch"]>

const CONFIG_KEY: Record<SearchProvider, "exaApiKey" | "braveApiKey"> = { exa: "exaApiKey", brave: "braveApiKey" }
export const ENV_FALLBACK: Record<SearchProvider, string> = { exa: "EXA_API_KEY", brave: "BRAVE_API_KEY" }

/** The provider's credential: the config key when it is configured, else the environment fallback when set. */
export const credentialFor = (
  provider: SearchProvider,
  config: WebSearchConfig | undefined,
  env: Env
): LabeledSource | undefined => {
  const raw = config?.[CONFIG_KEY[provider]]
  if (raw !== undefined) {
    const configured = { label: `webSearch.${CONFIG_KEY[provider]}`, source: parseCredentialSource(raw) }
    if (isConfigured(configured.source, env)) return configured
  }
  const name = ENV_FALLBACK[provider]
  const fallback: LabeledSource = { label: name, source: { kind: "env", name } }
  return isConfigured(fallback.source, env) ? fallback : undefined
}

export type Credentials = Partial<Record<SearchProvider, LabeledSource>>

export const availableCredentials = (config: WebSearchConfig | undefined, env: Env): Credentials => {
  const exa = credentialFor("exa", config, env)
  const brave = credentialFor("brave", config, env)
  return { ...(exa !== undefined ? { exa } : {}), ...(brave !== undefined ? { brave } : {}) }
}

export type Availability =
  | { readonly available: true; readonly providers: ReadonlyArray<SearchProvider> }
  | { readonly available: false; readonly reason: "disabled" | "no-credential" }

/** Offered when not disabled and at least one provider has a configured or resolvable source. */
export const webSearchAvailability = (config: WebSearchConfig | undefined, env: Env): Availability => {
  if (config?.enabled === false) return { available: false, reason: "disabled" }
  const providers = (Object.keys(availableCredentials(config, env)) as Array<SearchProvider>).sort((a, b) =>
    a === "exa" ? -1 : b === "exa" ? 1 : 0
  )
  return providers.length > 0 ? { available: true, providers } : { available: false, reason: "no-credential" }
}

/** Explicit provider, else `preferredProvider` when it has a key, else Exa, else Brave. */
export const chooseProvider = (
  requested: SearchProvider | "auto",
  credentials: Credentials,
  preferred: SearchProvider | undefined
): Either.Either<{ readonly provider: SearchProvider; readonly credential: LabeledSource }, NoSearchCredential> => {
  const order: ReadonlyArray<SearchProvider> =
    requested !== "auto" ? [requested] : preferred === "brave" ? ["brave", "exa"] : ["exa", "brave"]
  for (const provider of order) {
    const credential = credentials[provider]
    if (credential !== undefined) return Either.right({ provider, credential })
  }
  return Either.left(new NoSearchCredential({ requested }))
}
