/**
 * SecurityLive: the policy read from the config layers on every `resolve` (the files are small, and a human may
 * change them between calls), and secrets resolved from their credential sources on first use. State: the resolved
 * values, per name and source, for the life of the layer (a `!command` source runs once per process). Every value is
 * learned by the Redactor (as typed, so a keystroke echo or a cut inside it is scrubbed too) before it is returned.
 */
import * as CommandExecutor from "@effect/platform/CommandExecutor"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { configPaths } from "../config/configPaths.js"
import { parseCredentialSource, resolveCredential } from "../config/credentialSource.js"
import { resolveSecurityConfig } from "../config/securityConfig.js"
import type { SecretSpec } from "../schema/SecurityPolicy.js"
import { InvalidInput } from "../schema/ToolError.js"
import { Redactor } from "../services/Redactor.js"
import { findSecret, makeNonce } from "../security/secretLookup.js"
import { Security } from "../services/Security.js"
import { ToolConfig } from "../services/ToolConfig.js"

export const policyProblem = (problems: ReadonlyArray<string>): InvalidInput =>
  new InvalidInput({
    field: "security",
    detail: `${problems.join("; ")}; fix the key or remove it; the policy is never guessed`
  })

export const SecurityLive: Layer.Layer<Security, never, ToolConfig | Redactor> = Layer.effect(
  Security,
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const redactor = yield* Redactor
    const executor = yield* CommandExecutor.CommandExecutor
    /** Resolved values by `name\0source`: a changed source in the config resolves afresh. */
    const values = yield* SynchronizedRef.make<ReadonlyMap<string, string>>(new Map())

    const resolveValue = (spec: SecretSpec) => {
      const source = parseCredentialSource(spec.value)
      return resolveCredential({ label: `secret ${spec.name}`, source }, { env: config.env }).pipe(
        Effect.provideService(CommandExecutor.CommandExecutor, executor),
        Effect.map(Redacted.value),
        Effect.mapError(
          (error) =>
            new InvalidInput({
              field: "secrets",
              detail:
                `secret "${spec.name}" (${source.kind} source, defined in ${spec.source}) ` +
                `could not be resolved: ${error.message}`
            })
        )
      )
    }

    return Security.of({
      resolve: ({ cwd, projectTrusted }) =>
        Effect.suspend(() => {
          const { policy, problems } = resolveSecurityConfig({
            paths: configPaths(config.env, cwd, projectTrusted),
            env: config.env,
            cwd
          })
          return problems.length > 0 ? Effect.fail(policyProblem(problems)) : Effect.succeed(policy)
        }),
      secretValue: (policy, name) =>
        Effect.gen(function* () {
          const spec = yield* findSecret(policy, name)
          const key = `${spec.name}\0${spec.value}`
          const value = yield* SynchronizedRef.modifyEffect(values, (known) => {
            const cached = known.get(key)
            return cached !== undefined
              ? Effect.succeed([cached, known] as const)
              : Effect.map(resolveValue(spec), (value) => [value, new Map(known).set(key, value)] as const)
          })
          yield* redactor.learn([value], { typed: true })
          return value
        }),
      nonce: makeNonce
    })
  })
).pipe(Layer.provide(NodeContext.layer))
