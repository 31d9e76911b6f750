/**
 * BrowserPoolLive: the pool settings from ToolConfig, resolved once (credential sources), the secrets learned first.
 */
import * as CommandExecutor from "@effect/platform/CommandExecutor"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { describeSource, resolveCredential } from "../config/credentialSource.js"
import { poolEnv, publicEndpoint, sourceOf } from "../config/poolConfig.js"
import { InvalidInput } from "../schema/ToolError.js"
import { BrowserPool, type PoolLaunch } from "../services/BrowserPool.js"
import { Redactor } from "../services/Redactor.js"
import { ToolConfig } from "../services/ToolConfig.js"

/** The credentials written into an endpoint URL: its password, user and query values. */
const credentialsIn = (endpoint: string): ReadonlyArray<string> => {
  try {
    const url = new URL(endpoint)
    return [url.password, url.username, ...url.searchParams.values()]
      .map(decodeURIComponent)
      .filter((v) => v.length >= 6)
  } catch {
    return []
  }
}

export const BrowserPoolLive: Layer.Layer<BrowserPool, never, ToolConfig | Redactor> = Layer.effect(
  BrowserPool,
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const redactor = yield* Redactor
    const executor = yield* CommandExecutor.CommandExecutor
    const settings = config.pool
    const resolve = (value: NonNullable<typeof settings>["endpoint"]) => {
      const source = sourceOf(value)
      return resolveCredential(source, { env: config.env }).pipe(
        Effect.provideService(CommandExecutor.CommandExecutor, executor),
        Effect.map(Redacted.value),
        Effect.mapError(
          (e) =>
            new InvalidInput({
              field: "pool",
              detail:
                `the browser pool is configured, but ${e.message} (${describeSource(source)}). ` +
                "Fix the pool settings (docs/POOLS.md) or unset them to use a local browser."
            })
        )
      )
    }
    const launch =
      settings === undefined
        ? Effect.succeed(undefined)
        : yield* Effect.cached(
            Effect.gen(function* () {
              const endpoint = yield* resolve(settings.endpoint)
              const token = settings.token === undefined ? undefined : yield* resolve(settings.token)
              const { env, secrets } = poolEnv(endpoint, token, settings.provider)
              // an endpoint written with its credential (`?token=…`, `user:pw@`) has it learned from its parts
              yield* redactor.learn([...secrets, ...credentialsIn(endpoint)])
              return {
                env,
                endpoint: publicEndpoint(endpoint),
                ...(settings.provider !== undefined ? { provider: settings.provider } : {}),
                configuredBy: settings.endpoint.label
              } satisfies PoolLaunch
            })
          )
    return BrowserPool.of({ launch })
  })
).pipe(Layer.provide(NodeContext.layer))
