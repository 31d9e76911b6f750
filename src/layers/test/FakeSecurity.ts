/**
 * FakeSecurity: a fixed policy and secret values from a map, for unit tests. Values are learned by the Redactor
 * exactly as the live layer does, so scrubbing behaves the same.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { SecurityPolicy } from "../../schema/SecurityPolicy.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { Redactor } from "../../services/Redactor.js"
import { Security } from "../../services/Security.js"
import { findSecret, makeNonce } from "../../security/secretLookup.js"

export const FakeSecurity = {
  /** A fixed policy, and secret values from `values` (a declared secret without a value fails with InvalidInput). */
  layer: (policy: SecurityPolicy, values: Readonly<Record<string, string>>): Layer.Layer<Security, never, Redactor> =>
    Layer.effect(
      Security,
      Effect.map(Redactor, (redactor) =>
        Security.of({
          resolve: () => Effect.succeed(policy),
          secretValue: (given, name) =>
            Effect.gen(function* () {
              const spec = yield* findSecret(given, name)
              const value = values[spec.name]
              if (value === undefined)
                return yield* new InvalidInput({
                  field: "secrets",
                  detail: `secret "${spec.name}" has no value in this test layer`
                })
              yield* redactor.learn([value], { typed: true })
              return value
            }),
          nonce: makeNonce
        })
      )
    )
} as const
